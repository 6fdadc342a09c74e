import type { FastifyBaseLogger } from 'fastify'

import type { Network, SyncStatus } from '@schemas/earnings'

import type { Db } from '../db/client'
import {
  accountById,
  accountsWithKeys,
  claimImport,
  insertTransactions,
  updateAccount,
  upsertHops,
  vendorProducts,
  type AccountRow,
} from '../repos/accounts'
import type { BackgroundTasks } from './background'
import type { KeyBox } from './key-box'
import { NetworkError, type Connector, type DateRange } from './networks/types'

const DAY = 24 * 60 * 60 * 1000
/** The first import reaches a year back. */
const FIRST_IMPORT_DAYS = 365
/** Later imports go back a little before the last one: refunds and late rows arrive after the sale. */
const OVERLAP_DAYS = 3
/** After failures the schedule waits longer each time, up to a day. */
const MAX_BACKOFF = DAY
/** Share of the progress bar for transactions when hops follow. */
const TRANSACTIONS_SHARE = 0.8

/** A runner beats this often while it imports; one silent for STALE has stopped (crashed). */
const BEAT = 20_000
const STALE = 2 * 60_000

/** An account's import as every instance sees it, from its row. */
export const syncOf = (row: AccountRow, now: number): SyncStatus => ({
  running: runningNow(row, now),
  step: row.syncStep,
  progress: row.syncProgress,
  imported: row.syncImported,
  startedAt: row.syncRunning ? (row.syncStartedAt?.toISOString() ?? null) : null,
})

/** Running, and its runner still beating (a crashed instance's import is taken over). */
export const runningNow = (row: AccountRow, now: number) =>
  row.syncRunning && (row.syncBeatAt?.getTime() ?? 0) > now - STALE

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export interface ImportDeps {
  db: Db
  keyBox: KeyBox
  connectorFor: (network: Network) => Connector
  tasks: BackgroundTasks
  log: FastifyBaseLogger
  now: () => number
  /** Minutes between scheduled imports; 0: none. */
  intervalMinutes: number
  /** Told how each import ended. */
  countOutcome?: (outcome: 'done' | 'failed' | 'stopped') => void
}

/**
 * Imports members' figures from the networks: on demand and on a schedule, one run per account at a
 * time across every server instance (the account row is taken atomically), incremental (from a
 * little before the last successful import) and idempotent (the store skips transactions it
 * has). Progress, failures and the outcome are kept in the account row, so any instance shows
 * them, and each scheduled import runs once however many instances tick.
 */
export class EarningsImports {
  private readonly running = new Map<string, { controller: AbortController; done: Promise<void> }>()
  private timer: NodeJS.Timeout | undefined
  private ticking = false

  constructor(private readonly deps: ImportDeps) {}

  /**
   * Starts an import unless one is running for the account on any instance; answers the row as
   * it stands then.
   */
  async start(account: AccountRow): Promise<AccountRow> {
    const now = this.deps.now()
    const taken = await claimImport(this.deps.db, account.id, new Date(now), new Date(now - STALE))
    if (!taken) return (await accountById(this.deps.db, account.id)) ?? account
    const controller = new AbortController()
    const done = this.run(account.id, controller.signal)
    this.running.set(account.id, { controller, done })
    this.deps.tasks.run(() => done)
    return taken
  }

  /** Resolves when the account's current import, if any, has finished. */
  async settled(accountId: string) {
    await this.running.get(accountId)?.done
  }

  /** Checks every minute which accounts are due; does nothing when the interval is 0. */
  schedule() {
    if (this.deps.intervalMinutes <= 0 || this.timer) return
    this.timer = setInterval(() => void this.tick(), 60_000).unref()
    void this.tick()
  }

  /** Imports this instance is running now. */
  get runningCount() {
    return this.running.size
  }

  /** Stops the schedule and cancels running imports (their progress so far stays stored). */
  stop() {
    clearInterval(this.timer)
    this.timer = undefined
    for (const { controller } of this.running.values()) controller.abort()
  }

  /** Imports every due account, one after another, so no network sees a burst from this server. */
  async tick() {
    if (this.ticking) return
    this.ticking = true
    try {
      const interval = this.deps.intervalMinutes * 60_000
      for (const account of await accountsWithKeys(this.deps.db)) {
        const now = this.deps.now()
        if (runningNow(account, now)) continue
        if (account.syncRetryAt && now < account.syncRetryAt.getTime()) continue
        if (
          !account.syncFailures &&
          account.lastSyncAt &&
          now - account.lastSyncAt.getTime() < interval
        ) {
          continue
        }
        await this.start(account)
        await this.settled(account.id)
      }
    } catch (error) {
      this.deps.log.error({ err: error }, 'scheduled earnings import failed')
    } finally {
      this.ticking = false
    }
  }

  /** Progress, stored for every instance to show; each write is also the runner's beat. */
  private async update(
    accountId: string,
    change: { step: string; progress?: number; imported?: number },
  ) {
    await updateAccount(this.deps.db, accountId, {
      syncStep: change.step,
      ...(change.progress === undefined ? {} : { syncProgress: change.progress }),
      ...(change.imported === undefined ? {} : { syncImported: change.imported }),
      syncBeatAt: new Date(this.deps.now()),
    })
  }

  private async run(accountId: string, signal: AbortSignal) {
    const { db, keyBox, now, log } = this.deps
    // A long wait on a network still beats, so no other instance takes the import over.
    const beat = setInterval(() => {
      void updateAccount(db, accountId, { syncBeatAt: new Date(now()) }).catch(() => undefined)
    }, BEAT).unref()
    try {
      const account = await accountById(db, accountId)
      if (!account?.apiKeyEncrypted) throw new NetworkError('No API key is stored', false)
      const connector = this.deps.connectorFor(account.network)
      let apiKey: string
      try {
        apiKey = keyBox.open(account.apiKeyEncrypted, account.id)
      } catch {
        throw new NetworkError('The stored API key cannot be read; enter it again', false)
      }
      const credentials = { accountId: account.accountId, apiKey }
      const since = account.lastSyncAt
        ? account.lastSyncAt.getTime() - OVERLAP_DAYS * DAY
        : now() - FIRST_IMPORT_DAYS * DAY
      const range: DateRange = { from: iso(since), to: iso(now()) }
      const withHops = account.network === 'clickbank'
      const share = withHops ? TRANSACTIONS_SHARE : 1
      let imported = 0
      let page = 0
      for await (const batch of connector.transactions(credentials, range, signal)) {
        page += 1
        imported += await insertTransactions(db, account.id, batch.rows)
        await this.update(accountId, {
          step: `Transactions: page ${page}`,
          progress: batch.progress * share,
          imported,
        })
      }
      if (withHops) {
        // Hops are counted per vendor: named after the vendor's product, as sales are.
        const products = await vendorProducts(db, account.id)
        for await (const batch of connector.hops(credentials, range, signal)) {
          const rows = batch.rows.map((row) => ({
            ...row,
            product: products.get(row.product.toLowerCase()) ?? row.product,
          }))
          imported += await upsertHops(db, account.id, rows)
          await this.update(accountId, {
            step: 'Hops',
            progress: share + batch.progress * (1 - share),
            imported,
          })
        }
      }
      await updateAccount(db, account.id, {
        lastSyncAt: new Date(now()),
        lastError: null,
        syncRunning: false,
        syncStep: `Done: ${imported} new ${imported === 1 ? 'row' : 'rows'}`,
        syncProgress: 1,
        syncImported: imported,
        syncFailures: 0,
        syncRetryAt: null,
      })
      log.info({ account: account.id, network: account.network, imported }, 'earnings imported')
      this.deps.countOutcome?.('done')
    } catch (error) {
      this.deps.countOutcome?.(signal.aborted ? 'stopped' : 'failed')
      const message = signal.aborted
        ? 'The import was stopped with the server; it continues at the next one'
        : error instanceof NetworkError
          ? error.message
          : 'The import failed; it is tried again later'
      if (error instanceof NetworkError) {
        log.warn({ account: accountId, reason: message }, 'earnings import failed')
      } else log.error({ err: error }, 'earnings import failed')
      const count =
        ((await accountById(db, accountId).catch(() => undefined))?.syncFailures ?? 0) + 1
      const wait = Math.min(this.deps.intervalMinutes * 60_000 * 2 ** (count - 1), MAX_BACKOFF)
      await updateAccount(db, accountId, {
        lastError: message,
        syncRunning: false,
        syncStep: `Failed: ${message}`,
        syncFailures: count,
        syncRetryAt: new Date(now() + Math.max(wait, 60_000)),
      }).catch(() => undefined)
    } finally {
      clearInterval(beat)
      this.running.delete(accountId)
    }
  }
}
