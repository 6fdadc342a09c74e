import { EVENT_COLORS } from '@schemas/events'

export type EventColor = (typeof EVENT_COLORS)[number]

export const eventColorOptions = EVENT_COLORS.map((color) => ({
  value: color,
  label: color.charAt(0).toUpperCase() + color.slice(1),
}))

/**
 * The calendar paints events with plain CSS colours: the palette's solid colour and the text
 * colour that reads on it (src/theme/contrast.test.ts checks the pair).
 */
export const eventColorVar = (color: EventColor) => `var(--chakra-colors-${color}-solid)`
export const eventTextColorVar = (color: EventColor) => `var(--chakra-colors-${color}-contrast)`
