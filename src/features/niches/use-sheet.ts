import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'

import {
  MAX_BATCH_ROWS,
  type ItemColumn,
  type ItemRow,
  type ItemUpdate,
  type NicheItem,
} from '@schemas/niche-items'
import { newKey } from '@/api/create-api'
import type { QueuedCall } from '@/api/queued-writes'
import { isApiError, isNetworkError } from '@/lib/api-error'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

/** The calls behind one sheet: a niche's own sheet, or one of the member's own niches. */
export interface SheetCalls {
  queryKey: readonly unknown[]
  list: (signal?: AbortSignal) => Promise<NicheItem[]>
  create: (row: ItemRow) => Promise<NicheItem>
  /** The create as a change that may wait for the connection (see lib/write-queue.ts). */
  createCall: { call: QueuedCall; input: (row: ItemRow) => { body: Record<string, unknown> } }
  update: (id: string, changes: ItemUpdate) => Promise<NicheItem>
  remove: (id: string) => Promise<void>
  batch: (rows: ItemRow[]) => Promise<number>
}

type Change =
  | { kind: 'edit'; id: string; key: ItemColumn; before: string; after: string }
  | { kind: 'add'; ids: string[] }
  | { kind: 'remove'; rows: NicheItem[] }

export type SaveState =
  { state: 'saved' } | { state: 'saving' } | { state: 'failed'; message: string; retryIn: number }

const UNDO_DEPTH = 50
const RETRY_SECONDS = [2, 5, 10, 30]

/** A row added offline is shown under this id until the server has it. */
const WAITING = 'waiting:'
export const isWaitingRow = (id: string) => id.startsWith(WAITING)
const writeOf = (id: string) => id.slice(WAITING.length)

/** A row as the server would make it from `values`, for a row that waits to be sent. */
const waitingRow = (write: string, values: ItemRow, position: number): NicheItem => ({
  id: `${WAITING}${write}`,
  memberId: '',
  niche: '',
  customNicheId: null,
  phone: false,
  subNiche: '',
  audience: '',
  pain: '',
  offerCategory: '',
  hook: '',
  postFormat: '',
  postIdea: '',
  cta: '',
  hashtags: '',
  status: 'idea',
  link: '',
  note: '',
  ...values,
  position,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
})

const messageOf = (error: unknown) =>
  isApiError(error) ? error.message : 'The server could not be reached'

/** The columns of a row, as a new row takes them (a copy, an undo of a delete). */
export const rowValues = (item: NicheItem): ItemRow => ({
  subNiche: item.subNiche,
  audience: item.audience,
  pain: item.pain,
  offerCategory: item.offerCategory,
  hook: item.hook,
  postFormat: item.postFormat as ItemRow['postFormat'],
  postIdea: item.postIdea,
  cta: item.cta,
  hashtags: item.hashtags,
  status: item.status,
  link: item.link,
  note: item.note,
  position: item.position,
})

/** What the saver reports back to the screen. */
interface SaverEvents {
  update: SheetCalls['update']
  /** A row's save went through; `left` is what was typed meanwhile and still goes next. */
  saved: (id: string, saved: NicheItem, left: Partial<Record<ItemColumn, string>>) => void
  failed: (id: string, columns: string[], message: string) => void
  state: (state: SaveState) => void
}

/**
 * Saves typed cells in the background, a request per row at a time. A failure keeps the text
 * queued and tries again after 2, 5, 10, then every 30 seconds, or at once on `retryNow`.
 */
class CellSaver {
  readonly unsaved = new Map<string, Partial<Record<ItemColumn, string>>>()
  private readonly inFlight = new Set<string>()
  private attempts = 0
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly on: { current: SaverEvents | null }) {}

  private events() {
    return this.on.current!
  }

  set(id: string, column: ItemColumn, value: string) {
    this.unsaved.set(id, { ...this.unsaved.get(id), [column]: value })
    void this.flush()
  }

  drop(id: string) {
    this.unsaved.delete(id)
  }

  retryNow() {
    this.attempts = 0
    void this.flush()
  }

  stop() {
    clearTimeout(this.timer)
  }

  private async flush(): Promise<void> {
    clearTimeout(this.timer)
    const pending = [...this.unsaved.entries()].filter(([id]) => !this.inFlight.has(id))
    if (!pending.length) return
    this.events().state({ state: 'saving' })
    let failure: string | undefined
    await Promise.all(
      pending.map(async ([id, cells]) => {
        this.inFlight.add(id)
        try {
          const saved = await this.events().update(id, cells as ItemUpdate)
          // Text typed while this save was under way stays unsaved, and goes next.
          const now = this.unsaved.get(id) ?? {}
          const left = Object.fromEntries(
            Object.entries(now).filter(([k, v]) => cells[k as ItemColumn] !== v),
          )
          if (Object.keys(left).length) this.unsaved.set(id, left)
          else this.unsaved.delete(id)
          this.events().saved(id, saved, left)
        } catch (error) {
          // A row deleted meanwhile (in another tab, say) has nothing left to save.
          if (isApiError(error) && error.status === 404) this.unsaved.delete(id)
          else {
            failure = messageOf(error)
            this.events().failed(id, Object.keys(cells), failure)
          }
        } finally {
          this.inFlight.delete(id)
        }
      }),
    )
    if (failure) {
      const wait = RETRY_SECONDS[Math.min(this.attempts, RETRY_SECONDS.length - 1)]!
      this.attempts += 1
      this.events().state({ state: 'failed', message: failure, retryIn: wait })
      this.timer = setTimeout(() => void this.flush(), wait * 1000)
    } else if (this.unsaved.size) {
      return this.flush()
    } else {
      this.attempts = 0
      this.events().state({ state: 'saved' })
    }
  }
}

/**
 * A member's sheet as it is edited: every change shows at once and is saved in the
 * background, cell by cell (see CellSaver); a cell whose save failed is marked and keeps its
 * text. The last 50 changes can be undone.
 */
export function useSheet(calls: SheetCalls) {
  const client = useQueryClient()
  const key = calls.queryKey
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => calls.list(signal) })
  const [undoStack, setUndoStack] = useState<Change[]>([])
  const [save, setSave] = useState<SaveState>({ state: 'saved' })
  const [problems, setProblems] = useState(new Map<string, string>())

  const setRows = (change: (rows: NicheItem[]) => NicheItem[]) =>
    client.setQueryData<NicheItem[]>(key, (old) => change(old ?? []))

  const events = useRef<SaverEvents | null>(null)
  const [saver] = useState(() => new CellSaver(events))
  useEffect(() => {
    events.current = {
      update: calls.update,
      saved: (id, saved, left) => {
        client.setQueryData<NicheItem[]>(key, (old) =>
          (old ?? []).map((row) => (row.id === id ? ({ ...saved, ...left } as NicheItem) : row)),
        )
        setProblems((map) => {
          const mine = [...map.keys()].filter((k) => k.startsWith(`${id}:`))
          if (!mine.length) return map
          const next = new Map(map)
          for (const k of mine) next.delete(k)
          return next
        })
      },
      failed: (id, columns, message) =>
        setProblems((map) => {
          const next = new Map(map)
          for (const column of columns) next.set(`${id}:${column}`, message)
          return next
        }),
      state: setSave,
    }
  }, [calls, client, key])
  useEffect(() => () => saver.stop(), [saver])
  // A row added without a connection waits in the queue, whose code is fetched while there is one.
  useEffect(() => {
    void import('@/lib/write-queue').then((queue) => queue.preloadQueue())
  }, [])

  // Leaving with unsaved text asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.unsaved.size) event.preventDefault()
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [saver])

  // The same function until a save fails or succeeds, so the sheet's rows are not drawn again.
  const cellProblem = useCallback(
    (id: string, column: ItemColumn) => problems.get(`${id}:${column}`),
    [problems],
  )

  const pushUndo = (change: Change) =>
    setUndoStack((stack) => [...stack.slice(-(UNDO_DEPTH - 1)), change])

  const setCell = (id: string, column: ItemColumn, value: string) => {
    setRows((rows) => rows.map((row) => (row.id === id ? { ...row, [column]: value } : row)))
    if (isWaitingRow(id)) void typeIntoWaiting(id, column, value)
    else saver.set(id, column, value)
  }

  /** What is typed into a row added offline joins that row's waiting create. */
  const typeIntoWaiting = async (id: string, column: ItemColumn, value: string) => {
    const queue = await import('@/lib/write-queue')
    const merge = `row:${writeOf(id)}`
    if (!queue.isWaiting(merge)) {
      toast.error('This row is being sent: type again once it is saved')
      return
    }
    await queue.queueWrite({
      id: newKey(),
      keyed: true,
      call: calls.createCall.call,
      input: { body: { [column]: value } },
      label: 'A new row in your sheet',
      merge,
    })
  }

  /** Keeps a row added without a connection, to be made when the connection returns. */
  const addWaiting = async (values: ItemRow, position: number) => {
    const queue = await import('@/lib/write-queue')
    const write = newKey()
    await queue.queueWrite({
      id: write,
      keyed: true,
      call: calls.createCall.call,
      input: calls.createCall.input(values),
      label: 'A new row in your sheet',
      merge: `row:${write}`,
    })
    const row = waitingRow(write, values, position)
    setRows((list) => [...list, row].sort((a, b) => a.position - b.position))
    toast.info(queue.SAVED_OFFLINE)
    return row
  }

  const edit = (row: NicheItem, column: ItemColumn, value: string) => {
    pushUndo({ kind: 'edit', id: row.id, key: column, before: row[column], after: value })
    setCell(row.id, column, value)
  }

  /** A new row, at the end or just below `after` (a duplicate of it when `copy`). */
  const addRow = async (after?: NicheItem, copy = false) => {
    const rows = client.getQueryData<NicheItem[]>(key) ?? []
    let position: number | undefined
    if (after) {
      const index = rows.findIndex((r) => r.id === after.id)
      const next = rows[index + 1]
      position = next ? (after.position + next.position) / 2 : after.position + 1
    }
    const values: ItemRow = {
      ...(copy && after ? rowValues(after) : {}),
      ...(position === undefined ? {} : { position }),
    }
    try {
      const created = await calls.create(values)
      setRows((list) => [...list, created].sort((a, b) => a.position - b.position))
      pushUndo({ kind: 'add', ids: [created.id] })
      return created
    } catch (error) {
      if (isNetworkError(error)) {
        const last = rows.reduce((max, row) => Math.max(max, row.position), 0)
        return addWaiting(values, position ?? last + 1)
      }
      toast.error(messageOf(error))
      return undefined
    }
  }

  const removeRows = async (all: string[], record = true) => {
    // A row added offline is only forgotten: the server never had it.
    const waiting = all.filter(isWaitingRow)
    if (waiting.length) {
      const queue = await import('@/lib/write-queue')
      await Promise.all(waiting.map((id) => queue.discardWrite(writeOf(id))))
      setRows((list) => list.filter((r) => !waiting.includes(r.id)))
    }
    const ids = all.filter((id) => !isWaitingRow(id))
    const rows = client.getQueryData<NicheItem[]>(key) ?? []
    const gone = rows.filter((r) => ids.includes(r.id))
    setRows((list) => list.filter((r) => !ids.includes(r.id)))
    for (const id of ids) saver.drop(id)
    const results = await Promise.allSettled(gone.map((r) => calls.remove(r.id)))
    const failed = gone.filter(
      (_, i) =>
        results[i]!.status === 'rejected' &&
        !(
          isApiError((results[i] as PromiseRejectedResult).reason) &&
          (results[i] as PromiseRejectedResult).reason.status === 404
        ),
    )
    if (failed.length) {
      setRows((list) => [...list, ...failed].sort((a, b) => a.position - b.position))
      toast.error(
        `${failed.length === 1 ? 'A row was' : `${failed.length} rows were`} not deleted: ${messageOf(
          (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason,
        )}`,
      )
    }
    const removed = gone.filter((r) => !failed.includes(r))
    if (record && removed.length) pushUndo({ kind: 'remove', rows: removed })
    return removed.length
  }

  /** Adds rows in batches (an import, a copy from the library), telling how far it got. */
  const addMany = async (rows: ItemRow[], progress?: (done: number) => void) => {
    let done = 0
    for (let i = 0; i < rows.length; i += MAX_BATCH_ROWS) {
      done += await calls.batch(rows.slice(i, i + MAX_BATCH_ROWS))
      progress?.(done)
    }
    await client.invalidateQueries({ queryKey: key })
    return done
  }

  const undo = async () => {
    const last = undoStack.at(-1)
    if (!last) return
    setUndoStack((stack) => stack.slice(0, -1))
    if (last.kind === 'edit') {
      setCell(last.id, last.key, last.before)
    } else if (last.kind === 'add') {
      await removeRows(last.ids, false)
    } else {
      try {
        await addMany(last.rows.map(rowValues))
      } catch (error) {
        toast.error(messageOf(error))
      }
    }
  }

  return {
    query,
    rows: query.data,
    save,
    canUndo: undoStack.length > 0,
    edit,
    addRow,
    removeRows,
    addMany,
    undo,
    retryNow: () => saver.retryNow(),
    cellProblem,
  }
}
