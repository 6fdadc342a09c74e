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

/** Days with at most one decimal: 12, 12.5; null -> "–". */
export const days = (value: number | null) =>
  value === null ? '–' : `${Math.round(value * 10) / 10} ${value === 1 ? 'day' : 'days'}`
