import { Box } from '@chakra-ui/react'
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'

import type { ItemColumn } from '@schemas/niche-items'

import { MAX_WIDTH, MIN_WIDTH, type SheetColumn } from './sheet-columns'
import { gridStyles, ROW_HEIGHT } from './sheet-grid-styles'
import { useCellEditorKeys, useGridKeyboard, type Direction } from './use-grid-keyboard'

export type GridRow = { id: string } & Partial<Record<ItemColumn, string>>

export type SortState = { key: ItemColumn; dir: 'asc' | 'desc' } | null

export type GridCommand = 'undo' | 'add' | 'duplicate' | 'delete'

export interface Cell {
  row: number
  col: number
}

export interface SheetGridProps<R extends GridRow> {
  /** The grid's accessible name. */
  label: string
  /** In the order shown (sorted and filtered by the caller). */
  rows: R[]
  columns: SheetColumn[]
  readOnly?: boolean
  selected: ReadonlySet<string>
  onSelect: (ids: string[], on: boolean) => void
  onEdit?: (row: R, key: ItemColumn, value: string) => void
  /** Why a cell's text is not saved yet (it keeps the typed text meanwhile). */
  cellProblem?: (rowId: string, key: ItemColumn) => string | undefined
  widths: Partial<Record<ItemColumn, number>>
  onWidth: (key: ItemColumn, width: number) => void
  sort: SortState
  onSort: (key: ItemColumn) => void
  /** Shown in a last column of each row (the library's "Copy" button). */
  rowAction?: (row: R) => ReactNode
  rowActionLabel?: string
  onCommand?: (command: GridCommand, row: R | undefined) => void
  /** The cell with the focus ring, kept by the caller so it survives a re-sort or a new row. */
  active: Cell
  onActive: (cell: Cell) => void
}

/** A scroll box not laid out (yet) counts as a screenful, so rows render from the start. */
const observeRect: typeof observeElementRect = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height ? rect : { width: 1200, height: 720 }))
const SELECT_WIDTH = 64
const ACTION_WIDTH = 120

/**
 * A spreadsheet over the rows: only the rows in view are in the page (5,000 rows scroll as
 * smoothly as 50). The keyboard works as in a spreadsheet (use-grid-keyboard.ts): arrows, Tab,
 * Home/End (with Ctrl for the first and last row), Page Up/Down move; Enter, F2 or typing edits;
 * Enter or Tab keeps the edit and moves on; Escape drops it; Delete clears a cell; Ctrl+Z undoes.
 *
 * Styling is one class sheet on a frame that a scroll does not re-render; a scroll re-renders
 * the rows that came into view only (each row is memoised), as plain elements.
 */
export function SheetGrid<R extends GridRow>(props: SheetGridProps<R>) {
  return (
    <Box css={gridStyles} data-testid="sheet-grid">
      <GridBody {...props} />
    </Box>
  )
}

function GridBody<R extends GridRow>(props: SheetGridProps<R>) {
  const { rows, columns, readOnly, active, widths, rowAction } = props
  const gridId = useId().replace(/:/g, '')
  const scrollRef = useRef<HTMLDivElement>(null)
  const { editing, clamp, move, focusGrid, startEdit, commit, cancel, onKeyDown } = useGridKeyboard(
    props,
    scrollRef,
  )

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    observeElementRect: observeRect,
    overscan: 12,
  })

  const widthOf = (column: SheetColumn) => widths[column.key] ?? column.width
  // The row action (the library's "Copy") sits right after the row's checkbox, in reach.
  const template = [
    `${SELECT_WIDTH}px`,
    ...(rowAction ? [`${ACTION_WIDTH}px`] : []),
    ...columns.map((c) => `${widthOf(c)}px`),
  ].join(' ')
  const firstColumn = rowAction ? 3 : 2
  const totalWidth =
    SELECT_WIDTH + columns.reduce((sum, c) => sum + widthOf(c), 0) + (rowAction ? ACTION_WIDTH : 0)

  const cellId = (cell: Cell) => `${gridId}-r${cell.row}-c${cell.col}`

  // The active cell stays in view: rows through the virtualizer, columns by scrolling sideways.
  useLayoutEffect(() => {
    if (!rows.length) return
    virtualizer.scrollToIndex(active.row, { align: 'auto' })
    const scroller = scrollRef.current
    const element = document.getElementById(cellId(active))
    if (scroller && element) {
      const left = active.col === 0 ? 0 : element.offsetLeft
      const right = element.offsetLeft + element.offsetWidth
      if (left < scroller.scrollLeft) scroller.scrollLeft = left
      else if (right > scroller.scrollLeft + scroller.clientWidth) {
        scroller.scrollLeft = right - scroller.clientWidth
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active.row, active.col])

  /** The cell under the pointer, from its data attributes (one listener for every cell). */
  const cellAt = (target: EventTarget): Cell | null => {
    const element = (target as HTMLElement).closest?.<HTMLElement>('[data-col]')
    if (!element) return null
    return { row: Number(element.dataset.row), col: Number(element.dataset.col) }
  }

  const allSelected = rows.length > 0 && rows.every((r) => props.selected.has(r.id))
  const someSelected = !allSelected && rows.some((r) => props.selected.has(r.id))
  const activeCell = rows.length ? cellId(clamp(active)) : undefined

  return (
    <div
      ref={scrollRef}
      className="sheet-scroll"
      role="grid"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length + 1 + (rowAction ? 1 : 0)}
      aria-readonly={readOnly || undefined}
      aria-multiselectable
      aria-activedescendant={editing ? undefined : activeCell}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div
        className="sheet-head"
        role="row"
        aria-rowindex={1}
        style={{ gridTemplateColumns: template, width: totalWidth }}
      >
        <div className="sheet-th sheet-select" role="columnheader">
          <input
            type="checkbox"
            aria-label="Select every row shown"
            checked={allSelected}
            ref={(el) => {
              if (el) el.indeterminate = someSelected
            }}
            onChange={(e) =>
              props.onSelect(
                rows.map((r) => r.id),
                e.target.checked,
              )
            }
          />
        </div>
        {rowAction ? (
          <div className="sheet-th" role="columnheader">
            {props.rowActionLabel ?? 'Action'}
          </div>
        ) : null}
        {columns.map((column) => (
          <HeaderCell
            key={column.key}
            column={column}
            width={widthOf(column)}
            sort={props.sort?.key === column.key ? props.sort.dir : undefined}
            onSort={() => props.onSort(column.key)}
            onWidth={(w) => props.onWidth(column.key, w)}
          />
        ))}
      </div>
      <div
        className="sheet-body"
        style={{ height: virtualizer.getTotalSize(), width: totalWidth }}
        onMouseDown={(e) => {
          const cell = cellAt(e.target)
          if (!cell || (editing?.cell.row === cell.row && editing.cell.col === cell.col)) return
          e.preventDefault()
          move(cell)
          focusGrid()
        }}
        onDoubleClick={(e) => {
          const cell = cellAt(e.target)
          if (cell) startEdit(cell)
        }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!
          const editingHere = editing?.cell.row === item.index ? editing : null
          return (
            <SheetRow
              key={row.id}
              row={row}
              index={item.index}
              start={item.start}
              template={template}
              columns={columns}
              gridId={gridId}
              firstColumn={firstColumn}
              selected={props.selected.has(row.id)}
              activeCol={active.row === item.index ? active.col : -1}
              editingCol={editingHere ? editingHere.cell.col : -1}
              editingInitial={editingHere?.initial ?? ''}
              onCommit={editingHere ? commit : undefined}
              onCancel={cancel}
              onSelect={props.onSelect}
              cellProblem={props.cellProblem}
              rowAction={rowAction}
            />
          )
        })}
      </div>
    </div>
  )
}

interface RowProps<R extends GridRow> {
  row: R
  index: number
  start: number
  template: string
  columns: SheetColumn[]
  gridId: string
  firstColumn: number
  selected: boolean
  /** The active cell's column when it is in this row, else -1. */
  activeCol: number
  editingCol: number
  editingInitial: string
  onCommit: ((value: string, direction: Direction) => void) | undefined
  onCancel: () => void
  onSelect: (ids: string[], on: boolean) => void
  cellProblem: ((rowId: string, key: ItemColumn) => string | undefined) | undefined
  rowAction: ((row: R) => ReactNode) | undefined
}

/** One row; drawn again only when something of its own changes. */
const SheetRow = memo(function SheetRow<R extends GridRow>(props: RowProps<R>) {
  const { row, index, columns } = props
  return (
    <div
      className="sheet-row"
      role="row"
      aria-rowindex={index + 2}
      aria-selected={props.selected}
      data-selected={props.selected || undefined}
      style={{ transform: `translateY(${props.start}px)`, gridTemplateColumns: props.template }}
    >
      <div className="sheet-td sheet-select" role="gridcell">
        <input
          type="checkbox"
          tabIndex={-1}
          aria-label={`Select row ${index + 1}`}
          checked={props.selected}
          onChange={(e) => props.onSelect([row.id], e.target.checked)}
        />
        <span className="sheet-rownum" aria-hidden>
          {index + 1}
        </span>
      </div>
      {props.rowAction ? (
        <div className="sheet-td sheet-action" role="gridcell">
          {props.rowAction(row)}
        </div>
      ) : null}
      {columns.map((column, col) => {
        const isActive = props.activeCol === col
        const problem = props.cellProblem?.(row.id, column.key)
        const value = row[column.key] ?? ''
        return (
          <div
            key={column.key}
            id={`${props.gridId}-r${index}-c${col}`}
            className="sheet-td"
            role="gridcell"
            aria-colindex={col + props.firstColumn}
            aria-selected={isActive}
            aria-invalid={problem ? true : undefined}
            data-row={index}
            data-col={col}
            data-active={isActive || undefined}
            data-problem={problem ? true : undefined}
            title={problem ?? (value.length > 30 ? value : undefined)}
          >
            {props.editingCol === col && props.onCommit ? (
              <CellEditor
                column={column}
                initial={props.editingInitial}
                onCommit={props.onCommit}
                onCancel={props.onCancel}
              />
            ) : (
              <span className="sheet-text">{value}</span>
            )}
          </div>
        )
      })}
    </div>
  )
}) as <R extends GridRow>(props: RowProps<R>) => ReactNode

function HeaderCell({
  column,
  width,
  sort,
  onSort,
  onWidth,
}: {
  column: SheetColumn
  width: number
  sort: 'asc' | 'desc' | undefined
  onSort: () => void
  onWidth: (width: number) => void
}) {
  const start = useRef<{ x: number; width: number } | null>(null)
  const set = (w: number) => onWidth(Math.round(Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, w))))
  return (
    <div
      className="sheet-th"
      role="columnheader"
      aria-sort={sort === 'asc' ? 'ascending' : sort === 'desc' ? 'descending' : 'none'}
    >
      <button type="button" className="sheet-sort" onClick={onSort}>
        <span>{column.label}</span>
        <span aria-hidden className="sheet-sort-mark">
          {sort === 'asc' ? '▲' : sort === 'desc' ? '▼' : ''}
        </span>
      </button>
      <div
        className="sheet-resize"
        role="separator"
        aria-orientation="vertical"
        aria-label={`Width of ${column.label}`}
        aria-valuenow={width}
        aria-valuemin={MIN_WIDTH}
        aria-valuemax={MAX_WIDTH}
        tabIndex={0}
        onKeyDown={(e) => {
          if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
            e.preventDefault()
            set(width + (e.key === 'ArrowRight' ? 20 : -20))
          }
        }}
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId)
          start.current = { x: e.clientX, width }
        }}
        onPointerMove={(e) => {
          if (!start.current) return
          const delta = e.clientX - start.current.x
          set(start.current.width + (document.dir === 'rtl' ? -delta : delta))
        }}
        onPointerUp={() => {
          start.current = null
        }}
      />
    </div>
  )
}

function CellEditor({
  column,
  initial,
  onCommit,
  onCancel,
}: {
  column: SheetColumn
  initial: string
  onCommit: (value: string, direction: Direction) => void
  onCancel: () => void
}) {
  const [value, setValue] = useState(initial)
  const { onKeyDown, onBlur } = useCellEditorKeys(column, value, onCommit, onCancel)
  const common = {
    className: 'sheet-editor',
    'aria-label': column.label,
    autoFocus: true,
    onKeyDown,
    onBlur,
  }
  useEffect(() => {
    // Typing a letter on a cell starts the edit with it: the caret goes after it.
    const el = document.activeElement
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) {
      el.setSelectionRange(el.value.length, el.value.length)
    }
  }, [])
  if (column.kind === 'choice') {
    return (
      <select
        {...common}
        value={value}
        onChange={(e) => {
          setValue(e.target.value)
        }}
      >
        {column.options!.map((option) => (
          <option key={option} value={option}>
            {option || '—'}
          </option>
        ))}
      </select>
    )
  }
  if (column.kind === 'long') {
    return (
      <textarea
        {...common}
        value={value}
        maxLength={column.max}
        rows={3}
        onChange={(e) => setValue(e.target.value)}
      />
    )
  }
  return (
    <input
      {...common}
      value={value}
      maxLength={column.max}
      onChange={(e) => setValue(e.target.value)}
    />
  )
}
