import { eq, sql } from 'drizzle-orm'

import type { AreaKey } from '@schemas/access'

import { members } from '../../server/db/schema'
import { createAccount, insertTransactions } from '../../server/repos/accounts'
import { saveProgress } from '../../server/repos/courses'
import { bearer, type TestApp } from './helpers'

export const DAY = 24 * 60 * 60 * 1000

/** The Digistore24 training: five lessons, no modules. */
export const STEPS = [1, 2, 3, 4, 5].map((n) => `/admin/digistore/step${n}`)

/** The digital-marketing training: module 1 has 2 lessons, module 2 has 3, module 3 has 6. */
export const TRAINING = [
  [1, 2],
  [1, 2, 3],
  [1, 2, 3, 4, 5, 6],
].map((lessons, m) => lessons.map((n) => `/admin/training/module${m + 1}/lesson${n}`))
export const TRAINING_ALL = TRAINING.flat()

export interface Who {
  id: string
  email: string
  password: string
}

/** A member (or administrator) who joined at `joinedAt`, with these areas. */
export async function memberFor(
  t: TestApp,
  values: { role?: 'admin' | 'member'; areas?: AreaKey[]; joinedAt?: number; firstName?: string },
): Promise<Who> {
  const who = await t.createMember({ role: values.role ?? 'member', areas: values.areas ?? [] })
  await t.database.db
    .update(members)
    .set({
      createdAt: new Date(values.joinedAt ?? t.clock.now - 100 * DAY),
      ...(values.firstName === undefined ? {} : { firstName: values.firstName }),
    })
    .where(eq(members.id, who.id))
  return who
}

/** Opens (and, when said, completes) a lesson at `at`, as the lesson screen records it. */
export async function progress(
  t: TestApp,
  who: { id: string },
  path: string,
  at: number,
  patch: { completed?: boolean; position?: number } = { completed: true },
) {
  await saveProgress(t.database.db, who.id, path, patch, new Date(at))
}

/** Completes these lessons one after the other, a minute apart, from `at`. */
export async function completeAll(t: TestApp, who: { id: string }, paths: string[], at: number) {
  for (const [i, path] of paths.entries()) await progress(t, who, path, at + i * 60_000)
}

let accountNumber = 0

/** Connects a Digistore24 account for the member, with sales (and refunds) on these days. */
export async function earnings(
  t: TestApp,
  who: { id: string },
  rows: { at: number; kind?: 'sale' | 'refund' }[] = [],
) {
  const account = await createAccount(t.database.db, {
    memberId: who.id,
    network: 'digistore24',
    accountId: `aff${process.pid}x${accountNumber++}`,
  })
  await importRows(t, account.id, rows)
  return account
}

/** Stores transactions as an import does. */
export async function importRows(
  t: TestApp,
  accountRef: string,
  rows: { at: number; kind?: 'sale' | 'refund' }[],
) {
  await insertTransactions(
    t.database.db,
    accountRef,
    rows.map((r, i) => ({
      externalId: `tx-${r.at}-${i}-${accountNumber++}`,
      kind: r.kind ?? 'sale',
      occurredAt: new Date(r.at),
      product: 'Affiliate Kickstart',
      country: 'DE',
      amount: '47.00',
      currency: 'EUR',
    })),
  )
}

/** The summary row of a member's first sale, in ms, or null. */
export async function firstSaleOf(t: TestApp, memberId: string) {
  const result = (await t.database.db.execute(
    sql`select (extract(epoch from first_sale_at) * 1000)::float8 as at
        from member_first_sale where member_id = ${memberId}`,
  )) as unknown as { rows: { at: number }[] }
  return result.rows[0]?.at ?? null
}

export const getAs = (t: TestApp, token: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) })

export async function dataOf<T>(t: TestApp, token: string, url: string): Promise<T> {
  const res = await getAs(t, token, url)
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json<{ data: T }>().data
}
