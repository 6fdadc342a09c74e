import { and, count, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm'

import type { Network } from '@schemas/earnings'

import type { Db } from '../db/client'
import { hops, networkAccounts, transactions } from '../db/schema'

export type AccountRow = typeof networkAccounts.$inferSelect

/** One network transaction, as stored: the external id makes re-importing idempotent. */
export interface ImportedTransaction {
  /** Unique within the account: receipt + type (+ line item) for ClickBank, the transaction id for Digistore24. */
  externalId: string
  kind: 'sale' | 'refund' | 'chargeback'
  occurredAt: Date
  product: string
  /** ISO 3166-1 alpha-2, upper case; 'ZZ' when the network did not say. */
  country: string
  /** What the affiliate earned (or lost), positive, two decimals, e.g. "42.50". */
  amount: string
  /** ISO 4217, upper case. */
  currency: string
  /** The seller's account (ClickBank vendor nickname), when the network names it. */
  vendor?: string
}

/** Hops (visits through the affiliate's links) of one product on one day. */
export interface ImportedHops {
  day: string
  product: string
  hops: number
}

/**
 * Rows per INSERT: short statements, as the embedded database runs one at a time and every other
 * request waits for the one running (and the figure summaries' triggers run per statement).
 */
const BATCH = 200

export async function accountOf(db: Db, memberId: string, network: Network) {
  const [row] = await db
    .select()
    .from(networkAccounts)
    .where(and(eq(networkAccounts.memberId, memberId), eq(networkAccounts.network, network)))
    .limit(1)
  return row
}

export async function accountById(db: Db, id: string) {
  const [row] = await db.select().from(networkAccounts).where(eq(networkAccounts.id, id)).limit(1)
  return row
}

/** Accounts with a stored key: the ones the schedule imports. */
export const accountsWithKeys = (db: Db) =>
  db
    .select()
    .from(networkAccounts)
    .where(isNotNull(networkAccounts.apiKeyEncrypted))
    .orderBy(networkAccounts.createdAt)

export async function countTransactions(db: Db, accountRef: string) {
  const [row] = await db
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.accountRef, accountRef))
  return row?.n ?? 0
}

export async function createAccount(
  db: Db,
  values: { memberId: string; network: Network; accountId: string },
) {
  const [row] = await db.insert(networkAccounts).values(values).returning()
  return row!
}

type SyncFields =
  | 'syncRunning'
  | 'syncStep'
  | 'syncProgress'
  | 'syncImported'
  | 'syncBeatAt'
  | 'syncFailures'
  | 'syncRetryAt'

export async function updateAccount(
  db: Db,
  id: string,
  values: Partial<
    Pick<AccountRow, 'accountId' | 'apiKeyEncrypted' | 'lastSyncAt' | 'lastError' | SyncFields>
  >,
) {
  const [row] = await db
    .update(networkAccounts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(networkAccounts.id, id))
    .returning()
  return row
}

/** Another affiliate id means other figures: the old id's are removed with it. */
export async function renameAccount(db: Db, id: string, accountId: string) {
  return db.transaction(async (tx) => {
    await tx.delete(transactions).where(eq(transactions.accountRef, id))
    await tx.delete(hops).where(eq(hops.accountRef, id))
    const [row] = await tx
      .update(networkAccounts)
      .set({ accountId, lastSyncAt: null, lastError: null, updatedAt: new Date() })
      .where(eq(networkAccounts.id, id))
      .returning()
    return row!
  })
}

/** Removes the account; its transactions and hops go with it (foreign keys cascade). */
export async function deleteAccount(db: Db, id: string) {
  await db.delete(networkAccounts).where(eq(networkAccounts.id, id))
}

/** Stores transactions not stored yet; returns how many were new. */
export async function insertTransactions(
  db: Db,
  accountRef: string,
  rows: readonly ImportedTransaction[],
) {
  let added = 0
  for (let i = 0; i < rows.length; i += BATCH) {
    const inserted = await db
      .insert(transactions)
      .values(
        rows.slice(i, i + BATCH).map((row) => ({
          accountRef,
          externalId: row.externalId,
          kind: row.kind,
          occurredAt: row.occurredAt,
          product: row.product,
          country: row.country,
          amount: row.amount,
          currency: row.currency,
          vendor: row.vendor ?? null,
        })),
      )
      .onConflictDoNothing({ target: [transactions.accountRef, transactions.externalId] })
      .returning({ id: transactions.id })
    added += inserted.length
  }
  return added
}

/** Stores daily hop counts, replacing a day's count the network has since revised; returns rows changed. */
export async function upsertHops(db: Db, accountRef: string, rows: readonly ImportedHops[]) {
  // One row per day and product, the last one winning, as ON CONFLICT cannot see a key twice.
  const unique = new Map(rows.map((row) => [`${row.day}\u0000${row.product}`, row]))
  const values = [...unique.values()]
  let changed = 0
  for (let i = 0; i < values.length; i += BATCH) {
    const written = await db
      .insert(hops)
      .values(values.slice(i, i + BATCH).map((row) => ({ accountRef, ...row })))
      .onConflictDoUpdate({
        target: [hops.accountRef, hops.day, hops.product],
        set: { hops: sql`excluded.hops` },
        setWhere: sql`${hops.hops} <> excluded.hops`,
      })
      .returning({ day: hops.day })
    changed += written.length
  }
  return changed
}

/** Each vendor's most recent product title in an account, for naming hops counted per vendor. */
export async function vendorProducts(db: Db, accountRef: string) {
  const rows = await db
    .selectDistinctOn([transactions.vendor], {
      vendor: transactions.vendor,
      product: transactions.product,
    })
    .from(transactions)
    .where(and(eq(transactions.accountRef, accountRef), isNotNull(transactions.vendor)))
    .orderBy(transactions.vendor, desc(transactions.occurredAt))
  return new Map(rows.map((row) => [row.vendor!, row.product]))
}

/**
 * Takes the account's import for this instance: sets it running unless it is running already
 * and its runner beat after `staleBefore`. Answers the row when taken, undefined when not.
 */
export async function claimImport(db: Db, id: string, now: Date, staleBefore: Date) {
  const [row] = await db
    .update(networkAccounts)
    .set({
      syncRunning: true,
      syncStep: 'Starting',
      syncProgress: 0,
      syncImported: 0,
      syncStartedAt: now,
      syncBeatAt: now,
    })
    .where(
      and(
        eq(networkAccounts.id, id),
        or(eq(networkAccounts.syncRunning, false), lt(networkAccounts.syncBeatAt, staleBefore)),
      ),
    )
    .returning()
  return row
}
