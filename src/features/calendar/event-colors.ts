import { EVENT_COLORS } from '../../../api-schemas/events'

export type EventColor = (typeof EVENT_COLORS)[number]

export const eventColorOptions = EVENT_COLORS.map((color) => ({
  value: color,
  label: color.charAt(0).toUpperCase() + color.slice(1),
}))

/** The calendar paints events with plain CSS colours: Chakra's palette variables. */
export const eventColorVar = (color: EventColor) => `var(--chakra-colors-${color}-600)`
