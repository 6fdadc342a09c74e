import { useCallback, useMemo, useState } from 'react'

import type { ItemColumn } from '@schemas/niche-items'
import { onFirstUse } from '@/lib/intl'

import type { SheetColumn } from './sheet-columns'
import type { GridRow, SortState } from './sheet-grid'

const WIDTHS_KEY = 'sheetColumnWidths'

/** Column widths as the member left them, kept in this browser for every sheet. */
export function useColumnWidths() {
  const [widths, setWidths] = useState<Partial<Record<ItemColumn, number>>>(() => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(WIDTHS_KEY) ?? '{}')
      return stored && typeof stored === 'object' ? (stored as Record<ItemColumn, number>) : {}
    } catch {
      return {}
    }
  })
  const setWidth = (key: ItemColumn, width: number) =>
    setWidths((old) => {
      const next = { ...old, [key]: width }
      localStorage.setItem(WIDTHS_KEY, JSON.stringify(next))
      return next
    })
  return [widths, setWidth] as const
}

const collator = onFirstUse(
  () => new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }),
)

/**
 * The rows to show: those whose column (or any column) holds the filter text, in the chosen
 * column's order (choices in their list's order, texts alphabetically, blanks last), or the
 * sheet's own order.
 */
function useSortedFiltered<R extends GridRow>(
  rows: R[],
  columns: SheetColumn[],
  sort: SortState,
  filterColumn: ItemColumn | '',
  filterText: string,
) {
  return useMemo(() => {
    const needle = filterText.trim().toLowerCase()
    const keys = filterColumn ? [filterColumn] : columns.map((c) => c.key)
    const kept = needle
      ? rows.filter((row) => keys.some((k) => (row[k] ?? '').toLowerCase().includes(needle)))
      : rows
    if (!sort) return kept
    const column = columns.find((c) => c.key === sort.key)
    const rank = (value: string) => column?.options?.indexOf(value) ?? -1
    const sign = sort.dir === 'asc' ? 1 : -1
    return [...kept].sort((a, b) => {
      const x = a[sort.key] ?? ''
      const y = b[sort.key] ?? ''
      if (!x !== !y) return x ? -1 : 1
      const order = column?.options ? rank(x) - rank(y) : collator.compare(x, y)
      return order * sign
    })
  }, [rows, columns, sort, filterColumn, filterText])
}

/** A header click sorts up, then down, then back to the sheet's own order. */
const nextSort = (sort: SortState, key: ItemColumn): SortState =>
  sort?.key !== key ? { key, dir: 'asc' } : sort.dir === 'asc' ? { key, dir: 'desc' } : null

/**
 * How a sheet shows its rows: the filter (what SheetFilterBar takes), the order its header
 * clicks choose, and the rows they leave.
 */
export function useSheetView<R extends GridRow>(rows: R[], columns: SheetColumn[]) {
  const [sort, setSort] = useState<SortState>(null)
  const [column, setColumn] = useState<ItemColumn | ''>('')
  const [text, setText] = useState('')
  return {
    shown: useSortedFiltered(rows, columns, sort, column, text),
    sort,
    onSort: (key: ItemColumn) => setSort(nextSort(sort, key)),
    filter: { columns, column, onColumn: setColumn, text, onText: setText },
  }
}

/** The rows picked by their checkboxes; `select` is the same function on every draw. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const select = useCallback(
    (ids: string[], on: boolean) =>
      setSelected((old) => {
        const next = new Set(old)
        for (const id of ids) {
          if (on) next.add(id)
          else next.delete(id)
        }
        return next
      }),
    [],
  )
  const clear = useCallback(() => setSelected(new Set()), [])
  return { selected, select, clear }
}
