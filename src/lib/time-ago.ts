import { onFirstUse } from '@/lib/intl'

const relative = onFirstUse(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }))
const absolute = onFirstUse(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }),
)

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
]

/** "3 minutes ago", "yesterday", "2 months ago" for a time before `now`. */
export function timeAgo(iso: string, now: number) {
  let amount = (Date.parse(iso) - now) / 1000
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit)
    amount /= size
  }
  return relative.format(Math.round(amount), 'year')
}

/** "Mar 4, 2026, 2:05 PM" in the viewer's time zone. */
export const formatDateTime = (iso: string) => absolute.format(new Date(iso))
