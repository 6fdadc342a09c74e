import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'

/** The member's private calendar feed: its address, or none while it is off. */
export const calendarFeedSchema = z.object({ url: z.nullable(z.string()) })
export type CalendarFeed = z.infer<typeof calendarFeedSchema>

/** A feed's file name: its secret (32 URL-safe characters) and `.ics`. */
export const CALENDAR_FILE_PATTERN = /^[A-Za-z0-9_-]{32}\.ics$/

export const calendarFeed = {
  feed: endpoint({
    method: 'GET',
    path: '/calendar/feed',
    access: 'member',
    title: 'The calendar feed’s address',
    summary: 'The address of the caller’s private calendar feed, or none while it is off',
    response: envelope(calendarFeedSchema),
  }),
  startFeed: endpoint({
    method: 'POST',
    path: '/calendar/feed',
    access: 'member',
    title: 'Make a calendar feed address',
    summary:
      'Make a new private address of the caller’s events for a calendar app to subscribe to (iCalendar); an address made before stops working',
    body: z.strictObject({
      /** The browser's time zone: where the member's all-day events begin and end. */
      timeZone: z
        .string()
        .check(
          z.maxLength(64),
          z.regex(/^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/, 'Not a time zone'),
        ),
    }),
    response: envelope(calendarFeedSchema),
  }),
  stopFeed: endpoint({
    method: 'DELETE',
    path: '/calendar/feed',
    access: 'member',
    summary: 'Turn the caller’s calendar feed off: its address stops working',
    response: envelope(calendarFeedSchema),
  }),
  ics: endpoint({
    method: 'GET',
    path: '/calendar/:file',
    access: 'public',
    title: 'A calendar feed',
    summary:
      'A member’s events as an iCalendar file, at the private address the member made; 404 once it was turned off or replaced',
    params: z.strictObject({
      file: z.string().check(z.regex(CALENDAR_FILE_PATTERN, 'Not a calendar address')),
    }),
    binary: 'calendar',
    response: z.unknown(),
  }),
}
