import { downloadText, toCsv } from '@/lib/csv'

/** A table of figures as a CSV download: a header line, then one line per row. */
export function exportTable(
  fileName: string,
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
) {
  const text = toCsv([header, ...rows.map((row) => row.map((v) => (v === null ? '' : String(v))))])
  downloadText(text, fileName)
}

/** 0.4235 -> "42%"; null -> "–". */
export const percent = (share: number | null) =>
  share === null ? '–' : `${Math.round(share * 100)}%`

/** Days with at most one decimal: "12 days", "12.5 days"; under half a day "Under a day"; null -> "–". */
export const days = (value: number | null) => {
  if (value === null) return '–'
  const rounded = Math.round(value * 10) / 10
  if (rounded < 0.5) return 'Under a day'
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`
}
