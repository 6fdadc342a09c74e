import { type ThemeName } from '@/stores/appearance'

export interface Palette {
  /** Main colour: solid buttons, the active nav entry, chart lines and icons. */
  main: string
  /** Text on `main`: white, or near-black where the brand colour is too light for white. */
  contrast: string
  /** Tinted background: hover, subtle badges, selected rows. */
  light: string
  /** Hovered or pressed `main`, still readable under `contrast`. */
  dark: string
  /** Text and links in this colour on the page, on cards and on the tint. */
  text: string
}

export interface ColourTheme {
  label: string
  light: { primary: Palette; secondary: Palette }
  dark: { primary: Palette; secondary: Palette }
}

/**
 * The six colour themes (spec point 9), each with primary and secondary in a light and a dark
 * variant. Every text/background pair meets WCAG 2.2 AA (4.5:1), which src/theme/contrast.test.ts
 * computes: where a brand colour is too light for white text, its solid surfaces carry
 * near-black text instead, and text in the brand colour is a darker (light mode) or lighter
 * (dark mode) shade of it. Dark variants swap the tint for a deep one, so tinted backgrounds do
 * not glare on the dark palette.
 */
export const colourThemes: Record<ThemeName, ColourTheme> = {
  BLUE_THEME: {
    label: 'Blue',
    light: {
      primary: {
        main: '#4E71D6',
        contrast: '#FFFFFF',
        light: '#ECF2FF',
        dark: '#4868C5',
        text: '#3F5CAD',
      },
      secondary: {
        main: '#49BEFF',
        contrast: '#111827',
        light: '#E8F7FF',
        dark: '#5BC5FF',
        text: '#2A6E94',
      },
    },
    dark: {
      primary: {
        main: '#4E71D6',
        contrast: '#FFFFFF',
        light: '#253662',
        dark: '#4868C5',
        text: '#9EB7FF',
      },
      secondary: {
        main: '#49BEFF',
        contrast: '#111827',
        light: '#1C455D',
        dark: '#5BC5FF',
        text: '#83D3FF',
      },
    },
  },
  AQUA_THEME: {
    label: 'Aqua',
    light: {
      primary: {
        main: '#0074BA',
        contrast: '#FFFFFF',
        light: '#EFF9FF',
        dark: '#006CAD',
        text: '#00639E',
      },
      secondary: {
        main: '#47D7BC',
        contrast: '#111827',
        light: '#EDFBF7',
        dark: '#5DDCC4',
        text: '#267466',
      },
    },
    dark: {
      primary: {
        main: '#007AC4',
        contrast: '#FFFFFF',
        light: '#103247',
        dark: '#0071B6',
        text: '#7AC0E9',
      },
      secondary: {
        main: '#47D7BC',
        contrast: '#111827',
        light: '#0C4339',
        dark: '#5DDCC4',
        text: '#71E0CB',
      },
    },
  },
  PURPLE_THEME: {
    label: 'Purple',
    light: {
      primary: {
        main: '#763EBD',
        contrast: '#FFFFFF',
        light: '#F2ECF9',
        dark: '#6F3AB2',
        text: '#753DBB',
      },
      secondary: {
        main: '#95CFD5',
        contrast: '#111827',
        light: '#EDF8FA',
        dark: '#A0D4D9',
        text: '#507073',
      },
    },
    dark: {
      primary: {
        main: '#8A52D1',
        contrast: '#FFFFFF',
        light: '#26153C',
        dark: '#804CC2',
        text: '#C6AAE8',
      },
      secondary: {
        main: '#95CFD5',
        contrast: '#111827',
        light: '#09454B',
        dark: '#A0D4D9',
        text: '#AAD9DD',
      },
    },
  },
  GREEN_THEME: {
    label: 'Green',
    light: {
      primary: {
        main: '#0A7EA4',
        contrast: '#FFFFFF',
        light: '#E5FAFB',
        dark: '#097497',
        text: '#086786',
      },
      secondary: {
        main: '#CCDA4E',
        contrast: '#111827',
        light: '#FAFBEF',
        dark: '#D3DF65',
        text: '#686F28',
      },
    },
    dark: {
      primary: {
        main: '#0C80A6',
        contrast: '#FFFFFF',
        light: '#05313F',
        dark: '#0B7699',
        text: '#78C2DA',
      },
      secondary: {
        main: '#CCDA4E',
        contrast: '#111827',
        light: '#282917',
        dark: '#D3DF65',
        text: '#CFDC57',
      },
    },
  },
  CYAN_THEME: {
    label: 'Cyan',
    light: {
      primary: {
        main: '#01C0C8',
        contrast: '#111827',
        light: '#EBF9FA',
        dark: '#1DC7CE',
        text: '#017176',
      },
      secondary: {
        main: '#FB9678',
        contrast: '#111827',
        light: '#FFF4F1',
        dark: '#FBA186',
        text: '#945847',
      },
    },
    dark: {
      primary: {
        main: '#01C0C8',
        contrast: '#111827',
        light: '#0B3B3D',
        dark: '#1DC7CE',
        text: '#62D8DD',
      },
      secondary: {
        main: '#FB9678',
        contrast: '#111827',
        light: '#402E32',
        dark: '#FBA186',
        text: '#FCB7A2',
      },
    },
  },
  ORANGE_THEME: {
    label: 'Orange',
    light: {
      primary: {
        main: '#FA896B',
        contrast: '#111827',
        light: '#FBF2EF',
        dark: '#FA9478',
        text: '#965240',
      },
      secondary: {
        main: '#0074BA',
        contrast: '#FFFFFF',
        light: '#EFF9FF',
        dark: '#006CAD',
        text: '#00639E',
      },
    },
    dark: {
      primary: {
        main: '#FA896B',
        contrast: '#111827',
        light: '#402E32',
        dark: '#FA9478',
        text: '#FCB3A0',
      },
      secondary: {
        main: '#007AC4',
        contrast: '#FFFFFF',
        light: '#082E45',
        dark: '#0071B6',
        text: '#7AC0E9',
      },
    },
  },
}
