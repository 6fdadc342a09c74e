import { eq, inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  figuresDaily,
  figuresMonthlyCountry,
  hops,
  networkAccounts,
  transactions,
} from '../../server/db/schema'
import { deleteAccount, insertTransactions, renameAccount } from '../../server/repos/accounts'
import {
  centsToMoney,
  earningsOf,
  hopDataOf,
  salesByCountry,
  type Period,
} from '../../server/repos/earnings'
import { kinds, openEarningsApp } from './earnings-fixtures'
import { direct, expectSummariesMatch } from './earnings-oracle'
import type { TestApp } from './helpers'

/**
 * The figures are read from summary tables that triggers keep; whatever happens to the
 * transactions, they must say what grouping the transactions themselves would.
 */
describe('earnings figures', () => {
  let t: TestApp
  let cbRef: string
  let dsRef: string
  beforeAll(async () => {
    ;({ t, cbRef, dsRef } = await openEarningsApp())
  })
  afterAll(() => t.close())

  const boundaryTx = fc.record({
    kind: fc.constantFrom(...kinds),
    // Around month and year ends, and near midnight UTC.
    day: fc.constantFrom(
      Date.UTC(2025, 10, 30),
      Date.UTC(2025, 11, 1),
      Date.UTC(2025, 11, 31),
      Date.UTC(2026, 0, 1),
      Date.UTC(2026, 0, 31),
      Date.UTC(2026, 1, 1),
    ),
    minute: fc.constantFrom(0, 1, 30, 23 * 60 + 59, 24 * 60 - 1),
    cents: fc.integer({ min: 1, max: 500_00 }),
    currency: fc.constantFrom('USD', 'EUR'),
    country: fc.constantFrom('US', 'DE', 'ZZ'),
    product: fc.constantFrom('Keto Blueprint', 'Tube Mastery', '100% Keto', 'keto_max'),
    onDs: fc.boolean(),
  })
  const step = fc.oneof(
    fc.record({ op: fc.constant('insert' as const), txs: fc.array(boundaryTx, { maxLength: 25 }) }),
    fc.record({ op: fc.constant('delete' as const), pick: fc.array(fc.boolean()) }),
    fc.record({ op: fc.constant('reinsert' as const) }),
    fc.record({
      op: fc.constant('update' as const),
      pick: fc.array(fc.boolean()),
      cents: fc.integer({ min: 1, max: 999 }),
    }),
    fc.record({ op: fc.constant('rename' as const) }),
  )
  const periods: Period[] = [
    { from: '2025-11-01', to: '2025-11-30' },
    { from: '2025-12-01', to: '2025-12-31' },
    { from: '2026-01-01', to: '2026-01-31' },
    { from: '2026-02-01', to: '2026-02-28' },
    { from: '2025-01-01', to: '2025-12-31' },
    { from: '2026-01-01', to: '2026-12-31' },
  ]

  it('keeps the summaries equal to the transactions through imports, deletions, updates and renames', async () => {
    const db = t.database.db
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        run++
        await db.delete(transactions)
        // From empty summaries, whatever an earlier run left.
        await db.delete(figuresDaily)
        await db.delete(figuresMonthlyCountry)
        // Renaming the account removes its hops too.
        await db.delete(hops)
        await db.insert(hops).values([
          { accountRef: cbRef, day: '2025-12-31', product: 'Keto Blueprint', hops: 70 },
          { accountRef: cbRef, day: '2026-01-01', product: 'Tube Mastery', hops: 30 },
        ])
        let serial = 0
        let deleted: (typeof transactions.$inferSelect)[] = []
        for (const s of steps) {
          if (s.op === 'insert') {
            for (const onDs of [false, true]) {
              const rows = s.txs
                .filter((tx) => tx.onDs === onDs)
                .map((tx) => ({
                  externalId: `r${run}-${serial++}`,
                  kind: tx.kind,
                  occurredAt: new Date(tx.day + tx.minute * 60_000),
                  product: tx.product,
                  country: tx.country,
                  amount: centsToMoney(tx.cents),
                  currency: tx.currency,
                }))
              // Each batch once more: the second time adds nothing.
              await insertTransactions(db, onDs ? dsRef : cbRef, [...rows, ...rows.slice(0, 3)])
            }
          } else if (s.op === 'delete') {
            const all = await db.select().from(transactions).orderBy(transactions.externalId)
            const gone = all.filter((_, i) => s.pick[i % Math.max(1, s.pick.length)])
            if (gone.length) {
              const ids = gone.map((row) => row.id)
              await db.delete(transactions).where(inArray(transactions.id, ids))
            }
            deleted = gone
          } else if (s.op === 'reinsert') {
            if (deleted.length) await db.insert(transactions).values(deleted)
            deleted = []
          } else if (s.op === 'update') {
            // Not something the app does, but the summaries follow it.
            const all = await db.select().from(transactions).orderBy(transactions.externalId)
            const changed = all.filter((_, i) => s.pick[i % Math.max(1, s.pick.length)])
            if (changed.length) {
              await db
                .update(transactions)
                .set({
                  kind: sql`case when ${transactions.kind} = 'sale' then 'refund' else 'sale' end`,
                  amount: sql`${transactions.amount} + ${centsToMoney(s.cents)}::numeric`,
                  occurredAt: sql`${transactions.occurredAt} + interval '1 hour'`,
                  product: sql`${transactions.product} || ' II'`,
                })
                .where(
                  inArray(
                    transactions.id,
                    changed.map((row) => row.id),
                  ),
                )
            }
          } else {
            await renameAccount(db, cbRef, 'mayacb')
          }
          await expectSummariesMatch(db)
        }
        for (const period of periods) {
          for (const search of [undefined, 'keto', '%', 'O_M']) {
            for (const ref of [cbRef, dsRef]) {
              expect(await earningsOf(db, ref, period, search)).toEqual(
                await direct.earnings(db, ref, period, search),
              )
              expect(await salesByCountry(db, ref, period, search)).toEqual(
                await direct.salesByCountry(db, ref, period, search),
              )
            }
            expect(await hopDataOf(db, cbRef, period, search)).toEqual(
              await direct.hopData(db, cbRef, period, search),
            )
          }
        }
      }),
      { numRuns: 15 },
    )
    await db.delete(hops)
  })

  it('drops an account’s summaries with the account, and all of them when transactions are truncated', async () => {
    const db = t.database.db
    const member = await t.createMember()
    const [gone] = await db
      .insert(networkAccounts)
      .values({ memberId: member.id, network: 'clickbank', accountId: 'leaving' })
      .returning()
    const row = (i: number) => ({
      externalId: `x${i}`,
      kind: 'sale' as const,
      occurredAt: new Date(Date.UTC(2026, 5, 1 + i)),
      product: 'Tube Mastery',
      country: 'US',
      amount: '10.00',
      currency: 'USD',
    })
    await insertTransactions(db, gone!.id, [row(1), row(2)])
    await insertTransactions(db, cbRef, [row(3)])
    const rowsOf = async (ref: string) =>
      (await db.select().from(figuresDaily).where(eq(figuresDaily.accountRef, ref))).length +
      (
        await db
          .select()
          .from(figuresMonthlyCountry)
          .where(eq(figuresMonthlyCountry.accountRef, ref))
      ).length
    expect(await rowsOf(gone!.id)).toBe(3)
    await deleteAccount(db, gone!.id)
    expect(await rowsOf(gone!.id)).toBe(0)
    await expectSummariesMatch(db)
    await db.execute(sql`truncate ${transactions}`)
    expect(await rowsOf(cbRef)).toBe(0)
  })
})
