import type { Db } from './client'
import { hops, networkAccounts, transactions } from './schema'

/** A small deterministic generator, so every first start shows the same figures. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const COUNTRIES = [
  'US',
  'US',
  'US',
  'GB',
  'GB',
  'CA',
  'AU',
  'DE',
  'FR',
  'NL',
  'SE',
  'BR',
  'IN',
  'ZA',
]

interface Network {
  network: 'clickbank' | 'digistore24'
  accountId: string
  products: { name: string; price: number; currency: string }[]
  salesPerDay: number
}

const NETWORKS: Network[] = [
  {
    network: 'clickbank',
    accountId: 'mayacb',
    salesPerDay: 3,
    products: [
      { name: 'Keto Blueprint', price: 27.43, currency: 'USD' },
      { name: 'Manifestation Magic', price: 41.22, currency: 'USD' },
      { name: 'Woodworking Plans 16k', price: 32.89, currency: 'USD' },
      { name: 'Tube Mastery', price: 148.5, currency: 'USD' },
    ],
  },
  {
    network: 'digistore24',
    accountId: 'maya_ds24',
    salesPerDay: 2,
    products: [
      { name: 'Affiliate Kickstart', price: 47.0, currency: 'EUR' },
      { name: 'Fitness Reset 30', price: 19.9, currency: 'EUR' },
      { name: 'Passive Profit Course', price: 97.0, currency: 'USD' },
    ],
  },
]

/** Twelve months of sales, refunds, chargebacks and hops on both networks for one member. */
export async function seedDemoEarnings(db: Db, memberId: string, now: number) {
  const next = random(2026)
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
  )
  for (const net of NETWORKS) {
    const [account] = await db
      .insert(networkAccounts)
      .values({
        memberId,
        network: net.network,
        accountId: net.accountId,
        lastSyncAt: new Date(now),
      })
      .returning({ id: networkAccounts.id })
    const rows: (typeof transactions.$inferInsert)[] = []
    const hopRows: (typeof hops.$inferInsert)[] = []
    for (let day = 365; day >= 0; day--) {
      const start = today - day * 86_400_000
      const date = new Date(start).toISOString().slice(0, 10)
      // Growth over the year and a weekly rhythm, so charts look like a real business.
      const trend = 0.5 + (365 - day) / 365
      const weekday = new Date(start).getUTCDay()
      const rhythm = weekday === 0 || weekday === 6 ? 0.7 : 1.1
      for (const product of net.products) {
        const productHops = Math.round((20 + next() * 90) * trend * rhythm)
        hopRows.push({
          accountRef: account!.id,
          day: date,
          product: product.name,
          hops: productHops,
        })
      }
      const sales = Math.round(net.salesPerDay * trend * rhythm * (0.4 + next() * 1.2))
      // Today's sales are in the part of the day already past, so the current month has sales
      // at every hour, its first too.
      const span = Math.min(86_400_000, now - start)
      for (let i = 0; i < sales; i++) {
        const product = net.products[Math.floor(next() * net.products.length)]!
        const at = new Date(start + Math.floor(next() * span))
        const country = COUNTRIES[Math.floor(next() * COUNTRIES.length)]!
        const id = `${net.accountId}-${date}-${i}`
        const sale = {
          accountRef: account!.id,
          product: product.name,
          country,
          currency: product.currency,
          amount: product.price.toFixed(2),
        }
        rows.push({ ...sale, externalId: id, kind: 'sale', occurredAt: at })
        const outcome = next()
        if (outcome < 0.06) {
          rows.push({
            ...sale,
            externalId: `${id}-refund`,
            kind: 'refund',
            occurredAt: new Date(at.getTime() + 5 * 86_400_000),
          })
        } else if (outcome < 0.075) {
          rows.push({
            ...sale,
            externalId: `${id}-chargeback`,
            kind: 'chargeback',
            occurredAt: new Date(at.getTime() + 20 * 86_400_000),
          })
        }
      }
    }
    const past = rows.filter((r) => (r.occurredAt as Date).getTime() <= now)
    for (let i = 0; i < past.length; i += 500)
      await db.insert(transactions).values(past.slice(i, i + 500))
    for (let i = 0; i < hopRows.length; i += 500)
      await db.insert(hops).values(hopRows.slice(i, i + 500))
  }
}
