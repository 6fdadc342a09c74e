import { chakra, type HTMLChakraProps } from '@chakra-ui/react'

/**
 * Stroke icons drawn inline (24×24, 2 px strokes) so the shell needs no icon package in its
 * first chunk. Add a path here when a new nav entry needs one.
 */
const paths = {
  dashboard: ['M4 4h6v8H4z', 'M4 16h6v4H4z', 'M14 12h6v8h-6z', 'M14 4h6v4h-6z'],
  logout: [
    'M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2',
    'M9 12h12l-3-3',
    'M18 15l3-3',
  ],
  menu: ['M4 6h16', 'M4 12h16', 'M4 18h16'],
  collapse: ['M4 6h16', 'M4 12h10', 'M4 18h16', 'M20 9l-3 3 3 3'],
  expand: ['M4 6h16', 'M10 12h10', 'M4 18h16', 'M4 9l3 3-3 3'],
  settings: [
    'M10.3 4.3c.4-1.8 3-1.8 3.4 0a1.7 1.7 0 0 0 2.6 1.1c1.5-.9 3.3.8 2.4 2.4a1.7 1.7 0 0 0 1 2.5c1.8.5 1.8 3 0 3.5a1.7 1.7 0 0 0-1 2.5c.9 1.6-.9 3.3-2.4 2.4a1.7 1.7 0 0 0-2.6 1.1c-.4 1.8-3 1.8-3.4 0a1.7 1.7 0 0 0-2.6-1.1c-1.5.9-3.3-.8-2.4-2.4a1.7 1.7 0 0 0-1-2.5c-1.8-.5-1.8-3 0-3.5a1.7 1.7 0 0 0 1-2.5c-.9-1.6.9-3.3 2.4-2.4a1.7 1.7 0 0 0 2.6-1.1z',
    'M9 12a3 3 0 1 0 6 0 3 3 0 0 0-6 0',
  ],
  sun: [
    'M8 12a4 4 0 1 0 8 0 4 4 0 0 0-8 0',
    'M3 12h1m8-9v1m8 8h1m-9 8v1M5.6 5.6l.7.7m12.1-.7-.7.7m0 11.4.7.7m-12.1-.7-.7.7',
  ],
  moon: ['M12 3h.4a7.5 7.5 0 0 0 7.9 12.4A9 9 0 1 1 12 3z'],
  close: ['M18 6 6 18', 'M6 6l12 12'],
  check: ['M5 12l5 5L20 7'],
  alert: [
    'M12 9v4',
    'M12 17h.01',
    'M10.2 3.9 2.6 17a2 2 0 0 0 1.8 3h15.2a2 2 0 0 0 1.8-3L13.8 3.9a2 2 0 0 0-3.6 0z',
  ],
  inbox: [
    'M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z',
    'M4 13h3l3 3h4l3-3h3',
  ],
  refresh: ['M20 11A8.1 8.1 0 0 0 4.5 9M4 5v4h4', 'M4 13a8.1 8.1 0 0 0 15.5 2m.5 4v-4h-4'],
  users: [
    'M9 7m-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
    'M3 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2',
    'M16 3.1a4 4 0 0 1 0 7.8',
    'M21 21v-2a4 4 0 0 0-3-3.9',
  ],
  user: ['M8 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0', 'M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2'],
  mail: ['M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z', 'M3 7l9 6 9-6'],
  link: ['M9 15l6-6', 'M11 6l.5-.5a5 5 0 0 1 7 7l-.5.5', 'M13 18l-.4.5a5 5 0 0 1-7.1-7l.5-.5'],
  star: ['M12 17.8 5.8 21 7 14.1 2 9.3l6.9-1L12 2l3.1 6.3 6.9 1-5 4.8 1.2 6.9z'],
  shield: ['M12 3a12 12 0 0 0 8.5 3A12 12 0 0 1 12 21 12 12 0 0 1 3.5 6 12 12 0 0 0 12 3'],
  upgrade: ['M12 19V5', 'M5 12l7-7 7 7'],
  lock: [
    'M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z',
    'M8 11V7a4 4 0 1 1 8 0v4',
  ],
  note: [
    'M13 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v7',
    'M13 20l7-7',
    'M13 20v-5a2 2 0 0 1 2-2h5',
  ],
  calendar: [
    'M4 7a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z',
    'M16 3v4',
    'M8 3v4',
    'M4 11h16',
  ],
  sheet: ['M3 5h18v14H3z', 'M3 10h18', 'M3 15h18', 'M9 5v14'],
  content: [
    'M14 3v4a1 1 0 0 0 1 1h4',
    'M17 21H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h7l5 5v11a2 2 0 0 1-2 2z',
    'M9 13h6',
    'M9 17h6',
  ],
  checklist: [
    'M3.5 5.5 5 7l2.5-2.5',
    'M3.5 11.5 5 13l2.5-2.5',
    'M3.5 17.5 5 19l2.5-2.5',
    'M11 6h9',
    'M11 12h9',
    'M11 18h9',
  ],
  pin: ['M15 4.5l-4 4-4 1.5-1.5 1.5 7 7 1.5-1.5 1.5-4 4-4', 'M9 15l-4.5 4.5', 'M14.5 4l5.5 5.5'],
  plus: ['M12 5v14', 'M5 12h14'],
  message: ['M4 5h16v11H9l-5 4z', 'M8 9.5h8', 'M8 12.5h5'],
  bell: ['M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z', 'M10 20.5a2.2 2.2 0 0 0 4 0'],
  more: [
    'M4 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
    'M11 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
    'M18 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
  ],
  phone: [
    'M7 4a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z',
    'M11 5h2',
    'M12 18v.01',
  ],
  search: ['M10 10m-7 0a7 7 0 1 0 14 0a7 7 0 1 0-14 0', 'M21 21l-6-6'],
  trash: [
    'M4 7h16',
    'M10 11v6',
    'M14 11v6',
    'M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12',
    'M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3',
  ],
  edit: ['M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4', 'M13.5 6.5l4 4'],
  chevronLeft: ['M15 6l-6 6 6 6'],
  chevronRight: ['M9 6l6 6-6 6'],
  chart: ['M4 20h16', 'M6 16v-5', 'M11 16V6', 'M16 16v-8', 'M20 16v-3'],
  book: [
    'M3 19a9 9 0 0 1 9 0a9 9 0 0 1 9 0',
    'M3 6a9 9 0 0 1 9 0a9 9 0 0 1 9 0',
    'M3 6v13',
    'M12 6v13',
    'M21 6v13',
  ],
  gift: [
    'M3 9a1 1 0 0 1 1-1h16a1 1 0 0 1 1 1v2a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1z',
    'M12 8v13',
    'M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7',
    'M7.5 8a2.5 2.5 0 0 1 0-5A4.8 8 0 0 1 12 8a4.8 8 0 0 1 4.5-5a2.5 2.5 0 0 1 0 5',
  ],
} as const

export type IconName = keyof typeof paths

export interface AppIconProps extends Omit<HTMLChakraProps<'svg'>, 'name'> {
  name: IconName
  size?: string | number
}

export function AppIcon({ name, size = '22px', ...rest }: AppIconProps) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      flexShrink={0}
      {...rest}
    >
      {paths[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </chakra.svg>
  )
}
