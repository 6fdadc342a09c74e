import type { EVENT_COLORS } from '@schemas/events'

export type EventColor = (typeof EVENT_COLORS)[number]

/**
 * The calendar paints events with plain CSS colours: the palette's solid colour and the text
 * colour that reads on it (src/theme/contrast.test.ts checks the pair).
 */
export const eventColorVar = (color: EventColor) => `var(--chakra-colors-${color}-solid)`
export const eventTextColorVar = (color: EventColor) => `var(--chakra-colors-${color}-contrast)`
