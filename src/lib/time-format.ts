import { onFirstUse } from './intl'

/**
 * Times of day as the reader's locale writes them, everywhere the app shows one: "17:00" where
 * a 24-hour clock is the custom, "5:00 PM" where it is 12-hour. Date inputs follow the same
 * locale on their own.
 */
export const timeOfDay = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }),
)

/** Whether the locale's clock is a 12-hour one, for the calendar's own formatting options. */
export const clockIsHour12 = () =>
  ['h11', 'h12'].includes(timeOfDay.resolvedOptions().hourCycle ?? '')
