import Papa from 'papaparse'
import { z } from 'zod/mini'

import { itemRowSchema, type ItemColumn, type ItemRow } from '@schemas/niche-items'
import { toCsv } from '@/lib/csv'

import { SHEET_COLUMNS } from './sheet-columns'

type Values = Partial<Record<ItemColumn, string>>

/** The sheet as CSV: a header of column names, then a line per row. Formulas are defused. */
export const sheetToCsv = (rows: readonly Values[]) =>
  toCsv([
    SHEET_COLUMNS.map((c) => c.label),
    ...rows.map((row) => SHEET_COLUMNS.map((c) => row[c.key] ?? '')),
  ])

export interface Rejected {
  /** The line of the file, counting the header as line 1. */
  line: number
  message: string
}

export interface ParsedCsv {
  rows: ItemRow[]
  rejected: Rejected[]
  /** Header names that match no column. */
  ignored: string[]
}

const normalize = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '')
const byName = new Map<string, ItemColumn>(
  SHEET_COLUMNS.flatMap((c) => [
    [normalize(c.label), c.key],
    [normalize(c.key), c.key],
  ]),
)

/**
 * Reads a CSV file of sheet rows: the header names the columns (by their name in the sheet, such
 * as "Post idea", or their key, such as "postIdea"); each line is checked as the server checks a
 * row. A spreadsheet's defused formula (a leading apostrophe) is read back as typed.
 */
export function parseSheetCsv(text: string): ParsedCsv {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const [header = [], ...lines] = parsed.data
  const columns = header.map((name) => byName.get(normalize(name)))
  if (!columns.some(Boolean)) {
    return {
      rows: [],
      rejected: [{ line: 1, message: 'The first line names no column of the sheet' }],
      ignored: header,
    }
  }
  const rows: ItemRow[] = []
  const rejected: Rejected[] = []
  lines.forEach((fields, i) => {
    const values: Record<string, string> = {}
    columns.forEach((key, j) => {
      const value = fields[j]
      if (key && value !== undefined) values[key] = value.replace(/^'(?=[=+\-@\t\r\0])/, '')
    })
    const checked = itemRowSchema.safeParse(values)
    if (checked.success) rows.push(checked.data)
    else {
      const issue = checked.error.issues[0]!
      const column = SHEET_COLUMNS.find((c) => c.key === issue.path[0])
      rejected.push({
        line: i + 2,
        message: column ? `${column.label}: ${issue.message}` : z.prettifyError(checked.error),
      })
    }
  })
  return { rows, rejected, ignored: header.filter((_, j) => !columns[j]) }
}
