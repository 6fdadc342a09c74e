/**
 * Earnings figures at scale: 1,000,000 transactions and three years of daily hops, in PostgreSQL
 * and in the embedded PGlite (the load time includes the triggers keeping the figure summaries); p50/p95/max of every figures endpoint through the whole app (token
 * check, account ownership, validation, queries, serialisation), for a mix of periods (a month, a
 * whole year) with and without a product search. Goal: p95 ≤ 50 ms per endpoint.
 *
 *   npm run bench:earnings [-- --transactions 1000000 --runs 150 --budget 45 --db postgres,pglite
 *                             --skip-vacuum]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the
 *   benchmark creates and drops its own database there. PGlite runs in a temporary folder.
 *   --budget bounds the seconds spent on one endpoint; fewer requests are then measured (and said).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { sql } from 'drizzle-orm'

import { MONTH_NAMES } from '@schemas/earnings'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase, type Database } from '../../server/db/client'
import { insertMember } from '../../server/repos/members'
import { hashPassword } from '../../server/services/passwords'
import { scratchDatabase } from '../scratch-database'
import { percentile } from './process'

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '150' },
    budget: { type: 'string', default: '45' },
    db: { type: 'string', default: 'postgres,pglite' },
    'skip-vacuum': { type: 'boolean', default: false },
  },
})
const total = Math.max(10_000, Math.min(5_000_000, Number(values.transactions)))
const runs = Math.max(10, Math.min(1000, Number(values.runs)))
const budgetMs = Math.max(5, Number(values.budget)) * 1000
const drivers = values.db.split(',').map((d) => d.trim())
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const GOAL_MS = 50

interface Product {
  name: string
  price: number
  currency: string
  /** Share of the account's sales, relative to the other products. */
  weight: number
}

const CATALOGUE: Record<'clickbank' | 'digistore24', Product[]> = {
  clickbank: [
    { name: 'Keto Blueprint', price: 27.43, currency: 'USD', weight: 6 },
    { name: 'Manifestation Magic', price: 41.22, currency: 'USD', weight: 4 },
    { name: 'Woodworking Plans 16k', price: 32.89, currency: 'USD', weight: 3 },
    { name: 'Tube Mastery', price: 148.5, currency: 'USD', weight: 1 },
    { name: 'Meal Plan Pro', price: 37, currency: 'GBP', weight: 2 },
    { name: 'Garden Plans Deluxe', price: 49.95, currency: 'AUD', weight: 1 },
    { name: 'Yoga Burn', price: 39, currency: 'EUR', weight: 2 },
  ],
  digistore24: [
    { name: 'Affiliate Kickstart', price: 47, currency: 'EUR', weight: 5 },
    { name: 'Fitness Reset 30', price: 19.9, currency: 'EUR', weight: 4 },
    { name: 'Passive Profit Course', price: 97, currency: 'USD', weight: 2 },
    { name: 'Swiss Finance Plan', price: 129, currency: 'CHF', weight: 1 },
    { name: 'Mindset Mastery', price: 29, currency: 'EUR', weight: 3 },
  ],
}
/** Weighted by repetition: most buyers from the US, then the UK, Germany, Canada … */
const COUNTRIES =
  'US US US US US US GB GB GB DE DE DE CA CA AU AU FR NL AT CH SE IN BR ZA ZZ'.split(' ')

const SEARCHES = ['keto', 'plan', 'no such product']
const YEARS_OF_DATA = 3

/** A SQL array literal of constants defined in this file. */
function sqlArray(values: (string | number)[]) {
  const literal = values
    .map((v) => (typeof v === 'number' ? v.toFixed(2) : `'${v.replaceAll("'", "''")}'`))
    .join(',')
  return { size: values.length, array: sql.raw(`array[${literal}]`) }
}

/** Each product repeated by its weight, so an index into the array picks by popularity. */
const byWeight = (list: Product[], pick: (p: Product) => string | number) =>
  sqlArray(list.flatMap((p) => Array<string | number>(p.weight).fill(pick(p))))

/** A deterministic spread of `g` over 0 … 1,000,002: independent enough for each multiplier. */
const mix = (factor: number) => sql.raw(`((g::bigint * ${factor}) % 1000003)`)

/** Rows of `db.execute`, the same on both drivers. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

async function seed(database: Database) {
  const { db } = database
  const started = performance.now()
  // Six members with both networks; the measured member's accounts hold the biggest share.
  const measured = await insertMember(db, {
    email: 'bench-member@example.com',
    passwordHash: await hashPassword('Bench#member1'),
  })
  const others = await db.execute<{ id: string }>(sql`
    insert into members (email, password_hash, first_name, last_name)
    select 'bench' || g || '@example.com', 'not-a-login', 'Bench', 'Member ' || g
    from generate_series(1, 5) g
    returning id`)
  const otherIds = rowsOf<{ id: string }>(others).map((r) => r.id)
  const big = { clickbank: Math.round(total * 0.4), digistore24: Math.round(total * 0.25) }
  const rest = total - big.clickbank - big.digistore24
  const accounts: {
    memberId: string
    network: 'clickbank' | 'digistore24'
    accountId: string
    rows: number
  }[] = [
    { memberId: measured.id, network: 'clickbank', accountId: 'benchcb', rows: big.clickbank },
    {
      memberId: measured.id,
      network: 'digistore24',
      accountId: 'bench_ds24',
      rows: big.digistore24,
    },
  ]
  otherIds.forEach((memberId, i) => {
    const share = Math.floor(rest / (otherIds.length * 2))
    accounts.push({ memberId, network: 'clickbank', accountId: `othercb${i}`, rows: share })
    accounts.push({ memberId, network: 'digistore24', accountId: `other_ds${i}`, rows: share })
  })
  accounts[accounts.length - 1]!.rows += total - accounts.reduce((n, a) => n + a.rows, 0)

  const country = sqlArray(COUNTRIES)
  const spanSeconds = YEARS_OF_DATA * 365 * 86_400
  let hopRows = 0
  for (const [index, account] of accounts.entries()) {
    const inserted = await db.execute<{ id: string }>(sql`
      insert into network_accounts (member_id, network, account_id, last_sync_at)
      values (${account.memberId}, ${account.network}, ${account.accountId}, now())
      returning id`)
    const ref = rowsOf<{ id: string }>(inserted)[0]!.id
    const catalogue = CATALOGUE[account.network]
    // The same multiplier picks name, price and currency: one product, consistently.
    const name = byWeight(catalogue, (p) => p.name)
    const price = byWeight(catalogue, (p) => p.price)
    const currency = byWeight(catalogue, (p) => p.currency)
    // In slices, so the embedded database never holds one huge statement's work at once.
    const slice = 100_000
    for (let from = 1; from <= account.rows; from += slice) {
      const to = Math.min(account.rows, from + slice - 1)
      await db.execute(sql`
        insert into transactions
          (account_ref, external_id, kind, occurred_at, product, country, amount, currency)
        select ${ref}::uuid,
               ${`${account.accountId}-`} || g,
               case when ${mix(7919)} % 100 < 5 then 'refund'
                    when ${mix(7919)} % 100 = 5 then 'chargeback'
                    else 'sale' end,
               now() - ((g::bigint * 2654435761 + ${index * 7_777_777}) % ${spanSeconds})
                 * interval '1 second',
               (${name.array})[1 + ${mix(104729)} % ${name.size}],
               (${country.array})[1 + ${mix(15485863)} % ${country.size}],
               -- upsells and order bumps: the same product at one to three times its price
               (${price.array})[1 + ${mix(104729)} % ${price.size}]
                 * (1 + ${mix(32452843)} % 3),
               (${currency.array})[1 + ${mix(104729)} % ${currency.size}]
        from generate_series(${from}::int, ${to}::int) g`)
    }
    if (account.network === 'clickbank') {
      const hopsResult = await db.execute(sql`
        insert into hops (account_ref, day, product, hops)
        select ${ref}::uuid, d::date, p.name,
               20 + (extract(doy from d)::int * 37 + p.i * 101) % 180
                  + case when extract(isodow from d) >= 6 then 0 else 60 end
        from generate_series((current_date - ${YEARS_OF_DATA * 365}::int)::timestamp,
                             current_date::timestamp, interval '1 day') d
        cross join unnest(${sqlArray(catalogue.map((p) => p.name)).array})
          with ordinality as p(name, i)`)
      const counted = hopsResult as { affectedRows?: number; rowCount?: number | null }
      hopRows += counted.affectedRows ?? counted.rowCount ?? 0
    }
  }
  // What autovacuum leaves on PostgreSQL after an import: statistics and a visibility map (for
  // index-only scans). PGlite has no autovacuum; --skip-vacuum measures tables never vacuumed.
  const inserted = performance.now()
  if (!values['skip-vacuum']) {
    for (const table of ['transactions', 'figures_daily', 'figures_monthly_country', 'hops']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`))
    }
  }
  // The triggers on `transactions` keep these while the rows go in.
  const [summaries] = rowsOf<{ daily: number; monthly: number }>(
    await db.execute(sql`
      select (select count(*) from figures_daily)::int as daily,
             (select count(*) from figures_monthly_country)::int as monthly`),
  )
  return {
    summaries: `summaries: ${summaries!.daily.toLocaleString('en')} daily, ${summaries!.monthly.toLocaleString('en')} monthly by country rows`,
    seconds: (inserted - started) / 1000,
    vacuum: values['skip-vacuum']
      ? 'no vacuum'
      : `vacuum analyze ${((performance.now() - inserted) / 1000).toFixed(1)} s`,
    hopRows,
    accounts: accounts.length,
  }
}

const ENDPOINTS = [
  { path: '/api/profitearning', account: 'benchcb' },
  { path: '/api/salebycountry', account: 'benchcb' },
  { path: '/api/hopdata', account: 'benchcb' },
  { path: '/api/dgearning', account: 'bench_ds24' },
  { path: '/api/dgsalebycountry', account: 'bench_ds24' },
]

type Case = 'month' | 'year' | 'month+search' | 'year+search'
const CASES: Case[] = ['month', 'year', 'month+search', 'year+search']

/**
 * Requests for one endpoint over the three years of data: half a month (by number or by name),
 * half a whole year; every other one with a product search (matching one product, several, none).
 */
function requestsFor(account: string) {
  const thisYear = new Date().getUTCFullYear()
  const list: { query: string; kind: Case }[] = []
  for (let i = 0; i < runs; i++) {
    const q = new URLSearchParams({ affiliateid: account })
    q.set('year', String(thisYear - (i % YEARS_OF_DATA)))
    const wholeYear = i % 4 === 1 || i % 4 === 2
    if (!wholeYear) {
      const month = 1 + ((i * 5) % 12)
      if (i % 8 === 0) q.set('monthName', MONTH_NAMES[month - 1]!)
      else q.set('month', String(month))
    }
    const search = i % 2 === 0 ? SEARCHES[(i >> 1) % SEARCHES.length] : undefined
    if (search) q.set('search', search)
    list.push({
      query: q.toString(),
      kind: `${wholeYear ? 'year' : 'month'}${search ? '+search' : ''}` as Case,
    })
  }
  return list
}

const pct = percentile
const ms = (n: number) => (Number.isNaN(n) ? '—' : n.toFixed(1)).padStart(7)

async function measure(database: Database, label: string) {
  // No scheduled imports: the run measures reading the figures only, with no network traffic.
  const config = { ...loadConfig({}), staticDir: '/nonexistent', earningsSyncMinutes: 0 }
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench',
    earningsKey: randomBytes(32),
    logger: false,
  })
  await app.ready()
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'bench-member@example.com', password: 'Bench#member1' },
    })
    const token = login.json<{ token: string }>().token
    if (!token) throw new Error(`could not log in: ${login.statusCode} ${login.body}`)
    const headers = { authorization: `Bearer ${token}` }

    console.log(
      `\n${label}: ${runs} requests per endpoint (month / whole year × with / without search)`,
    )
    console.log(
      `${'endpoint'.padEnd(22)}     p50     p95     max   |   p95 by ${CASES.join(' / ')}`,
    )
    const missed: string[] = []
    for (const endpoint of ENDPOINTS) {
      const requests = requestsFor(endpoint.account)
      // warm-up: plans, caches and connections
      for (const { query } of requests.slice(0, 8)) {
        await app.inject({ method: 'GET', url: `${endpoint.path}?${query}`, headers })
      }
      const times: number[] = []
      const byCase = new Map<Case, number[]>(CASES.map((c) => [c, []]))
      const began = performance.now()
      for (const { query, kind } of requests) {
        if (performance.now() - began > budgetMs) break
        const t0 = performance.now()
        const res = await app.inject({ method: 'GET', url: `${endpoint.path}?${query}`, headers })
        const took = performance.now() - t0
        if (res.statusCode !== 200) throw new Error(`${endpoint.path}?${query}: ${res.statusCode}`)
        times.push(took)
        byCase.get(kind)!.push(took)
      }
      const p95 = pct(times, 95)
      const cut =
        times.length < requests.length
          ? `  (${times.length} of ${requests.length}: time budget)`
          : ''
      console.log(
        `${endpoint.path.padEnd(22)} ${ms(pct(times, 50))} ${ms(p95)} ${ms(Math.max(...times))}   | ${CASES.map((c) => ms(pct(byCase.get(c)!, 95))).join(' ')}${cut}`,
      )
      if (!(p95 <= GOAL_MS)) missed.push(endpoint.path)
    }
    const met = ENDPOINTS.length - missed.length
    console.log(
      `goal p95 ≤ ${GOAL_MS} ms: ${met} of ${ENDPOINTS.length} endpoints meet it on ${label}` +
        (missed.length ? `; above it: ${missed.join(', ')}` : ''),
    )
  } finally {
    await app.close()
  }
}

async function onPostgres() {
  const scratch = await scratchDatabase(serverUrl, 'members_area_bench_earnings')
  const database = await openDatabase({ driver: 'postgres', url: scratch.url })
  try {
    const loaded = await seed(database)
    console.log(
      `PostgreSQL: ${total.toLocaleString('en')} transactions, ${loaded.hopRows.toLocaleString('en')} hop rows in ${loaded.accounts} accounts loaded in ${loaded.seconds.toFixed(1)} s (${loaded.vacuum}; ${loaded.summaries})`,
    )
    await measure(database, 'PostgreSQL')
  } finally {
    await database.close()
    await scratch.drop()
  }
}

async function onPglite() {
  const dir = mkdtempSync(join(tmpdir(), 'members-area-bench-earnings-'))
  const database = await openDatabase({ driver: 'pglite', dataDir: dir })
  try {
    const loaded = await seed(database)
    console.log(
      `\nPGlite: ${total.toLocaleString('en')} transactions, ${loaded.hopRows.toLocaleString('en')} hop rows in ${loaded.accounts} accounts loaded in ${loaded.seconds.toFixed(1)} s (${loaded.vacuum}; ${loaded.summaries})`,
    )
    await measure(database, 'PGlite')
  } finally {
    await database.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

if (drivers.includes('postgres')) await onPostgres()
if (drivers.includes('pglite')) await onPglite()
