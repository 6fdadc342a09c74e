import { useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react'

import type { SheetColumn } from './sheet-columns'
import type { Cell, GridRow, SheetGridProps } from './sheet-grid'

/** Where the active cell goes once an edit is kept. */
export type Direction = 'down' | 'right' | 'left' | 'stay'

/** The cell being edited, and the text its editor opens with. */
export interface Editing {
  cell: Cell
  initial: string
}

const PAGE_ROWS = 10

type GridKeyboardProps<R extends GridRow> = Pick<
  SheetGridProps<R>,
  | 'rows'
  | 'columns'
  | 'readOnly'
  | 'active'
  | 'onActive'
  | 'selected'
  | 'onSelect'
  | 'onEdit'
  | 'onCommand'
>

/**
 * The grid's keys, as in a spreadsheet: arrows, Tab, Home/End (with Ctrl for the first and last
 * row), Page Up/Down move the active cell; Enter, F2 or typing edits it; Delete clears it;
 * Shift+Space selects its row; Ctrl+Z undoes. Also the cell being edited, and how an edit ends.
 * `scrollRef` is the grid's scroll box, which holds the focus whenever no cell is being edited.
 */
export function useGridKeyboard<R extends GridRow>(
  props: GridKeyboardProps<R>,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  const { rows, columns, readOnly, active, onActive } = props
  const [editing, setEditing] = useState<Editing | null>(null)

  const clamp = (cell: Cell): Cell => ({
    row: Math.max(0, Math.min(rows.length - 1, cell.row)),
    col: Math.max(0, Math.min(columns.length - 1, cell.col)),
  })

  const move = (cell: Cell) => onActive(clamp(cell))
  const rowAt = (index: number) => rows[index]
  const focusGrid = () => scrollRef.current?.focus({ preventScroll: true })

  const startEdit = (cell: Cell, initial?: string) => {
    if (readOnly || !rows.length) return
    const row = rowAt(cell.row)
    const column = columns[cell.col]
    if (!row || !column) return
    setEditing({ cell, initial: initial ?? row[column.key] ?? '' })
  }

  const commit = (value: string, direction: Direction) => {
    if (!editing) return
    const { row: index, col } = editing.cell
    const row = rowAt(index)
    const column = columns[col]
    setEditing(null)
    if (row && column && (row[column.key] ?? '') !== value) props.onEdit?.(row, column.key, value)
    if (direction === 'down') move({ row: index + 1, col })
    else if (direction === 'right') move({ row: index, col: col + 1 })
    else if (direction === 'left') move({ row: index, col: col - 1 })
    focusGrid()
  }

  // The same function on every draw, so a scroll does not draw every row again for it.
  const cancel = useCallback(() => {
    setEditing(null)
    scrollRef.current?.focus({ preventScroll: true })
  }, [scrollRef])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || event.target !== event.currentTarget) return
    const { row, col } = active
    const ctrl = event.ctrlKey || event.metaKey
    const current = rowAt(row)
    const handled = () => event.preventDefault()
    switch (event.key) {
      case 'ArrowUp':
        handled()
        return move({ row: row - 1, col })
      case 'ArrowDown':
        handled()
        return move({ row: row + 1, col })
      case 'ArrowLeft':
        handled()
        return move({ row, col: col - 1 })
      case 'ArrowRight':
        handled()
        return move({ row, col: col + 1 })
      case 'PageUp':
        handled()
        return move({ row: row - PAGE_ROWS, col })
      case 'PageDown':
        handled()
        return move({ row: row + PAGE_ROWS, col })
      case 'Home':
        handled()
        return move({ row: ctrl ? 0 : row, col: 0 })
      case 'End':
        handled()
        return move({ row: ctrl ? rows.length - 1 : row, col: columns.length - 1 })
      case 'Tab': {
        // Tab walks the cells and leaves the grid after the last one (and Shift+Tab before the first).
        const last = col === columns.length - 1 && row === rows.length - 1
        const first = col === 0 && row === 0
        if ((event.shiftKey && first) || (!event.shiftKey && last) || !rows.length) return
        handled()
        if (event.shiftKey) {
          return move(col > 0 ? { row, col: col - 1 } : { row: row - 1, col: columns.length - 1 })
        }
        return move(col < columns.length - 1 ? { row, col: col + 1 } : { row: row + 1, col: 0 })
      }
      case 'Enter':
      case 'F2':
        handled()
        return startEdit(active)
      case 'Delete':
      case 'Backspace':
        if (readOnly || !current) return
        handled()
        if (current[columns[col]!.key]) props.onEdit?.(current, columns[col]!.key, '')
        return
      case ' ':
        if (!event.shiftKey || !current) break
        handled()
        return props.onSelect([current.id], !props.selected.has(current.id))
    }
    if (ctrl && event.key.toLowerCase() === 'z') {
      handled()
      return props.onCommand?.('undo', current)
    }
    if (ctrl || event.altKey) return
    // Typing on a cell starts its edit with that letter, as a spreadsheet does.
    if (event.key.length === 1 && columns[col]?.kind !== 'choice') {
      handled()
      startEdit(active, event.key)
    }
  }

  return { editing, clamp, move, focusGrid, startEdit, commit, cancel, onKeyDown }
}

/**
 * The keys of a cell's editor: Enter keeps the edit and goes down (in a long text Shift+Enter or
 * Alt+Enter is a new line), Tab keeps it and goes sideways, Escape drops it; leaving the editor
 * keeps it. An edit ends once only.
 */
export function useCellEditorKeys(
  column: SheetColumn,
  value: string,
  onCommit: (value: string, direction: Direction) => void,
  onCancel: () => void,
) {
  const done = useRef(false)
  const finish = (direction: Direction) => {
    if (done.current) return
    done.current = true
    onCommit(value, direction)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    e.stopPropagation()
    if (e.key === 'Escape') {
      e.preventDefault()
      done.current = true
      onCancel()
    } else if (e.key === 'Enter' && !(column.kind === 'long' && (e.shiftKey || e.altKey))) {
      e.preventDefault()
      finish('down')
    } else if (e.key === 'Tab') {
      e.preventDefault()
      finish(e.shiftKey ? 'left' : 'right')
    }
  }
  return { onKeyDown, onBlur: () => finish('stay') }
}
