import { Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'

import type { NicheItem } from '@schemas/niche-items'
import { FileButton } from '@/components/file-button'
import { AppIcon } from '@/components/layout/icons'
import { useWide } from '@/components/layout/use-wide'
import { guardQuery } from '@/components/query-guard'
import { ConfirmDialog, EmptyState, PanelSkeleton, ProgressBar } from '@/components/ui'
import { isApiError } from '@/lib/api-error'
import { downloadText } from '@/lib/csv'
import { toast } from '@/lib/toast'

import { nicheFetchError } from './sheet-calls'
import { SheetCards } from './sheet-cards'
import { SHEET_COLUMNS } from './sheet-columns'
import type { ParsedCsv } from './sheet-csv'
import { SheetFilterBar } from './sheet-filter'
import { SheetGrid, type Cell } from './sheet-grid'
import { useColumnWidths, useSelection, useSheetView } from './sheet-view'
import { useSheet, type SheetCalls } from './use-sheet'

/**
 * A member's own sheet, whole: the toolbar (add, duplicate, delete, undo, filter, import, export),
 * the save state, and the rows as a spreadsheet on a desk or as cards on a phone.
 */
export function SheetWorkspace({
  calls,
  fileName,
  emptyAction,
  view = 'auto',
}: {
  calls: SheetCalls
  /** The export's file name, without ".csv". */
  fileName: string
  /** What an empty sheet offers besides a blank row (the library link). */
  emptyAction?: ReactNode
  /** Cards on a phone and a spreadsheet on a desk, or cards everywhere. */
  view?: 'auto' | 'cards'
}) {
  const sheet = useSheet(calls)
  const wide = useWide()
  const isDesk = view === 'auto' && wide
  const { selected, select: onSelect, clear: clearSelection } = useSelection()
  const [activeCell, setActive] = useState<Cell>({ row: 0, col: 0 })
  /** A row just added: the active cell goes to it once it is in the list shown. */
  const [newRow, setNewRow] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<string[] | null>(null)
  const [importing, setImporting] = useState<ImportState | null>(null)
  const [widths, setWidth] = useColumnWidths()
  const rows = sheet.rows ?? []
  const { shown, sort, onSort, filter } = useSheetView(rows, SHEET_COLUMNS)
  const newIndex = newRow ? shown.findIndex((r) => r.id === newRow) : -1
  const active = newIndex >= 0 ? { row: newIndex, col: 0 } : activeCell
  const onActive = (cell: Cell) => {
    setNewRow(null)
    setActive(cell)
  }
  const current = shown[Math.min(active.row, shown.length - 1)]

  const guard = guardQuery(sheet.query, {
    loading: <PanelSkeleton label="Loading your sheet" rows={8} />,
    errorMessage: nicheFetchError,
  })
  if (!guard.ready) return guard.view

  const addRow = async (copy = false) => {
    const created = await sheet.addRow(current, copy)
    if (created) {
      // The new row shows in the current order: a filter that would hide it is cleared.
      filter.onText('')
      setNewRow(created.id)
    }
  }

  const toDelete = selected.size ? [...selected] : current ? [current.id] : []
  const deleteRows = async (ids: string[]) => {
    setConfirming(null)
    const removed = await sheet.removeRows(ids)
    if (removed) {
      clearSelection()
      toast.success(
        removed === 1
          ? 'Row deleted. Undo brings it back.'
          : `${removed} rows deleted. Undo brings them back.`,
      )
    }
  }

  const onImport = async (file: File) => {
    setImporting({ phase: 'reading', file: file.name })
    let sent = 0
    try {
      const { parseSheetCsv } = await import('./sheet-csv')
      const parsed = parseSheetCsv(await file.text())
      setImporting({ phase: 'sending', file: file.name, parsed, done: 0 })
      const added = parsed.rows.length
        ? await sheet.addMany(parsed.rows, (done) => {
            sent = done
            setImporting((s) => (s && s.phase === 'sending' ? { ...s, done } : s))
          })
        : 0
      setImporting({ phase: 'done', file: file.name, parsed, added })
    } catch (error) {
      setImporting({
        phase: 'failed',
        file: file.name,
        added: sent,
        message: isApiError(error) ? error.message : 'The file could not be read as CSV',
      })
    }
  }

  const onExport = async () => {
    const { sheetToCsv } = await import('./sheet-csv')
    downloadText(sheetToCsv(rows), `${fileName}.csv`)
  }

  return (
    <Stack gap="3">
      <Flex gap="2" wrap="wrap" align="center">
        <Button size="sm" colorPalette="primary" onClick={() => void addRow()}>
          <AppIcon name="plus" /> Add row
        </Button>
        <Button size="sm" variant="outline" disabled={!current} onClick={() => void addRow(true)}>
          Duplicate row
        </Button>
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          disabled={!toDelete.length}
          onClick={() =>
            toDelete.length > 1 ? setConfirming(toDelete) : void deleteRows(toDelete)
          }
        >
          {selected.size > 1 ? `Delete ${selected.size} rows` : 'Delete row'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={!sheet.canUndo}
          onClick={() => void sheet.undo()}
          aria-keyshortcuts="Control+Z"
        >
          Undo
        </Button>
        <Box flex="1" />
        <FileButton
          size="sm"
          variant="outline"
          inputLabel="CSV file to import"
          accept=".csv,text/csv"
          onFile={(file) => void onImport(file)}
        >
          Import CSV
        </FileButton>
        <Button size="sm" variant="outline" disabled={!rows.length} onClick={() => void onExport()}>
          Export CSV
        </Button>
      </Flex>

      <SheetFilterBar
        {...filter}
        count={
          shown.length === rows.length
            ? `${rows.length.toLocaleString()} ${rows.length === 1 ? 'row' : 'rows'}`
            : `${shown.length.toLocaleString()} of ${rows.length.toLocaleString()} rows`
        }
      >
        <SaveStatus state={sheet.save} onRetry={sheet.retryNow} />
      </SheetFilterBar>

      {importing ? <ImportPanel state={importing} onClose={() => setImporting(null)} /> : null}

      {rows.length === 0 ? (
        <EmptyState
          title="This sheet is empty"
          description="Add a row and type, import a CSV file, or copy rows from the niche's library."
          action={
            <HStack>
              <Button size="sm" onClick={() => void addRow()}>
                Add a row
              </Button>
              {emptyAction}
            </HStack>
          }
        />
      ) : isDesk ? (
        <>
          <SheetGrid
            label="My sheet"
            rows={shown}
            columns={SHEET_COLUMNS}
            selected={selected}
            onSelect={onSelect}
            onEdit={(row, key, value) => sheet.edit(row as NicheItem, key, value)}
            cellProblem={sheet.cellProblem}
            widths={widths}
            onWidth={setWidth}
            sort={sort}
            onSort={onSort}
            onCommand={(command) => {
              if (command === 'undo') void sheet.undo()
            }}
            active={active}
            onActive={onActive}
          />
          <Text fontSize="xs" color="fg.muted">
            Arrows, Tab and Home/End move · Enter, F2 or typing edits · Enter or Tab keeps the edit,
            Esc drops it · Delete clears a cell · Shift+Space selects a row · Ctrl+Z undoes
          </Text>
        </>
      ) : (
        <SheetCards
          rows={shown}
          onEdit={(row, key, value) => sheet.edit(row, key, value)}
          onDelete={(row) => void deleteRows([row.id])}
          cellProblem={sheet.cellProblem}
        />
      )}

      <ConfirmDialog
        open={confirming !== null}
        title={`Delete ${confirming?.length ?? 0} rows?`}
        description="Undo brings them back while you stay on this page."
        onConfirm={() => confirming && void deleteRows(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  )
}

function SaveStatus({
  state,
  onRetry,
}: {
  state: ReturnType<typeof useSheet>['save']
  onRetry: () => void
}) {
  return (
    <HStack gap="2" aria-live="polite" data-testid="save-state" data-state={state.state}>
      {state.state === 'saved' ? (
        <Text fontSize="sm" color="fg.muted">
          All changes saved
        </Text>
      ) : state.state === 'saving' ? (
        <Text fontSize="sm" color="fg.muted">
          Saving…
        </Text>
      ) : (
        <>
          <Text fontSize="sm" color="fg.error">
            Not saved: {state.message}. Trying again in {state.retryIn} s.
          </Text>
          <Button size="xs" variant="outline" onClick={onRetry}>
            Retry now
          </Button>
        </>
      )}
    </HStack>
  )
}

type ImportState =
  | { phase: 'reading'; file: string }
  | { phase: 'sending'; file: string; parsed: ParsedCsv; done: number }
  | { phase: 'done'; file: string; parsed: ParsedCsv; added: number }
  | { phase: 'failed'; file: string; added: number; message: string }

function ImportPanel({ state, onClose }: { state: ImportState; onClose: () => void }) {
  const total = 'parsed' in state ? state.parsed.rows.length : 0
  return (
    <Box
      borderWidth="1px"
      borderRadius="l2"
      p="3"
      bg="bg.subtle"
      role="status"
      aria-live="polite"
      data-testid="import-panel"
    >
      <Flex justify="space-between" align="flex-start" gap="3">
        <Stack gap="2" flex="1">
          <Text fontWeight="semibold">Import of {state.file}</Text>
          {state.phase === 'reading' ? <Text fontSize="sm">Reading the file…</Text> : null}
          {state.phase === 'sending' ? (
            <>
              <Text fontSize="sm">
                Adding rows: {state.done.toLocaleString()} of {total.toLocaleString()}
              </Text>
              <ProgressBar value={state.done} max={total} label="Rows added" maxW="md" />
            </>
          ) : null}
          {state.phase === 'done' ? (
            <>
              <Text fontSize="sm">
                Added {state.added.toLocaleString()} {state.added === 1 ? 'row' : 'rows'}; rejected{' '}
                {state.parsed.rejected.length.toLocaleString()}.
                {state.parsed.ignored.length
                  ? ` Columns not in the sheet, left out: ${state.parsed.ignored.join(', ')}.`
                  : ''}
              </Text>
              {state.parsed.rejected.length ? (
                <Box as="ul" fontSize="sm" ps="5" maxH="40" overflowY="auto">
                  {state.parsed.rejected.slice(0, 100).map((r) => (
                    <li key={r.line}>
                      Line {r.line}: {r.message}
                    </li>
                  ))}
                  {state.parsed.rejected.length > 100 ? (
                    <li>…and {state.parsed.rejected.length - 100} more</li>
                  ) : null}
                </Box>
              ) : null}
            </>
          ) : null}
          {state.phase === 'failed' ? (
            <Text fontSize="sm" color="fg.error">
              {state.added
                ? `The import stopped after ${state.added.toLocaleString()} rows: ${state.message}`
                : `Nothing was added: ${state.message}`}
            </Text>
          ) : null}
        </Stack>
        {state.phase === 'done' || state.phase === 'failed' ? (
          <Button size="xs" variant="ghost" onClick={onClose}>
            Close
          </Button>
        ) : null}
      </Flex>
    </Box>
  )
}
