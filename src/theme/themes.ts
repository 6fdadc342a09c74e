import { type ThemeName } from '../stores/appearance'

export interface Palette {
  /** Main colour: solid buttons, active nav entry, links. */
  main: string
  /** Tinted background: hover, subtle badges, selected rows. */
  light: string
  /** Pressed / emphasised. */
  dark: string
}

export interface ColourTheme {
  label: string
  light: { primary: Palette; secondary: Palette }
  dark: { primary: Palette; secondary: Palette }
}

/**
 * The six colour themes (spec point 9), each with primary and secondary in a light and a dark
 * variant. Dark variants keep the main colour and swap the tint for a deep one so tinted
 * backgrounds do not glare on the dark palette.
 */
export const colourThemes: Record<ThemeName, ColourTheme> = {
  BLUE_THEME: {
    label: 'Blue',
    light: {
      primary: { main: '#5D87FF', light: '#ECF2FF', dark: '#4570EA' },
      secondary: { main: '#49BEFF', light: '#E8F7FF', dark: '#23AFDB' },
    },
    dark: {
      primary: { main: '#5D87FF', light: '#253662', dark: '#4570EA' },
      secondary: { main: '#49BEFF', light: '#1C455D', dark: '#23AFDB' },
    },
  },
  AQUA_THEME: {
    label: 'Aqua',
    light: {
      primary: { main: '#0074BA', light: '#EFF9FF', dark: '#006DAF' },
      secondary: { main: '#47D7BC', light: '#EDFBF7', dark: '#39C7AD' },
    },
    dark: {
      primary: { main: '#0085D5', light: '#103247', dark: '#0074BA' },
      secondary: { main: '#47D7BC', light: '#0C4339', dark: '#39C7AD' },
    },
  },
  PURPLE_THEME: {
    label: 'Purple',
    light: {
      primary: { main: '#763EBD', light: '#F2ECF9', dark: '#6E35B7' },
      secondary: { main: '#95CFD5', light: '#EDF8FA', dark: '#80C8CF' },
    },
    dark: {
      primary: { main: '#8A52D1', light: '#26153C', dark: '#763EBD' },
      secondary: { main: '#95CFD5', light: '#09454B', dark: '#80C8CF' },
    },
  },
  GREEN_THEME: {
    label: 'Green',
    light: {
      primary: { main: '#0A7EA4', light: '#E5FAFB', dark: '#06769A' },
      secondary: { main: '#CCDA4E', light: '#FAFBEF', dark: '#C3D046' },
    },
    dark: {
      primary: { main: '#0E92BD', light: '#05313F', dark: '#0A7EA4' },
      secondary: { main: '#CCDA4E', light: '#282917', dark: '#C3D046' },
    },
  },
  CYAN_THEME: {
    label: 'Cyan',
    light: {
      primary: { main: '#01C0C8', light: '#EBF9FA', dark: '#00B9C0' },
      secondary: { main: '#FB9678', light: '#FFF4F1', dark: '#F48162' },
    },
    dark: {
      primary: { main: '#01C0C8', light: '#0B3B3D', dark: '#00B9C0' },
      secondary: { main: '#FB9678', light: '#402E32', dark: '#F48162' },
    },
  },
  ORANGE_THEME: {
    label: 'Orange',
    light: {
      primary: { main: '#FA896B', light: '#FBF2EF', dark: '#F48162' },
      secondary: { main: '#0074BA', light: '#EFF9FF', dark: '#006FB1' },
    },
    dark: {
      primary: { main: '#FA896B', light: '#402E32', dark: '#F48162' },
      secondary: { main: '#0085D5', light: '#082E45', dark: '#0074BA' },
    },
  },
}
