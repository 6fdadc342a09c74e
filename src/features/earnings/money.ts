import { onFirstUse } from '@/lib/intl'

const formats = new Map<string, Intl.NumberFormat>()

/** An amount in its own currency ("$1,234.50", "€80.00"); an unknown code shows as "80.00 XYZ". */
export function formatMoney(amount: string | number, currency: string) {
  const value = typeof amount === 'number' ? amount : Number(amount)
  let format = formats.get(currency)
  if (!format) {
    try {
      format = new Intl.NumberFormat('en', { style: 'currency', currency })
    } catch {
      return `${value.toFixed(2)} ${currency}`
    }
    formats.set(currency, format)
  }
  return format.format(value)
}

/** "12.34" / "-0.50" -> cents as an integer, so sums and comparisons stay exact. */
export function toCents(amount: string) {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(amount)
  if (!match) return Math.round(Number(amount) * 100)
  const cents = Number(match[2]) * 100 + Number(match[3])
  return match[1] ? -cents : cents
}

/**
 * The change from `previous` to `current` in percent, or null when there is nothing to compare
 * with (no earnings before).
 */
export function percentChange(current: number, previous: number) {
  if (previous === 0) return null
  return ((current - previous) / Math.abs(previous)) * 100
}

const percentFormat = onFirstUse(
  () =>
    new Intl.NumberFormat('en', {
      maximumFractionDigits: 1,
      minimumFractionDigits: 1,
    }),
)

/** "12.5%", or with `signed` "+12.5%" / "-3.0%" for a change. */
export function formatPercent(value: number, signed = false) {
  const text = `${percentFormat.format(Math.abs(value))}%`
  if (value < 0) return `-${text}`
  return signed && value > 0 ? `+${text}` : text
}

export const countFormat = onFirstUse(() => new Intl.NumberFormat('en'))
