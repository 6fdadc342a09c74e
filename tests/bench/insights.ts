/**
 * Administrator insights at scale: 10,000 members, 1,000,000 lesson progress rows and 1,000,000
 * earnings transactions, in PostgreSQL and in the embedded PGlite (through the server's own
 * worker thread); p50/p95 of every insights endpoint through the whole app (token check,
 * validation, queries, serialisation). Goal: p95 ≤ 150 ms per endpoint.
 *
 *   npm run bench:insights [-- --members 10000 --progress 1000000 --transactions 1000000
 *                             --runs 40 --db postgres,pglite]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the
 *   benchmark creates and drops its own database there. PGlite runs in a temporary folder.
 *
 * The rows go in with the insights triggers turned off, then one set-based `insights_rebuild()`
 * makes the summaries, as the migration's backfill does; the triggers are turned on again before
 * anything is measured. The earnings figure triggers stay on during the load.
 */
import { parseArgs } from 'node:util'

import { sql } from 'drizzle-orm'

import { NUDGE_KINDS } from '@schemas/insights'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import { insertMember } from '../../server/repos/members'
import { hashPassword } from '../../server/services/passwords'
import { onEachDatabase } from './databases'
import { percentile } from './process'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    progress: { type: 'string', default: '1000000' },
    transactions: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '40' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
})
const memberCount = Math.max(100, Math.min(100_000, Number(values.members)))
const progressRows = Math.max(1000, Math.min(5_000_000, Number(values.progress)))
const transactionRows = Math.max(1000, Math.min(5_000_000, Number(values.transactions)))
const runs = Math.max(30, Math.min(1000, Number(values.runs)))
const drivers = values.db.split(',').map((d) => d.trim())
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const GOAL_MS = 150
/** A course of this many modules of 15 lessons joins the content, so every member can have 100 rows. */
const SCALE_MODULES = 4
const INSIGHTS_TRIGGERS = {
  lesson_progress: [
    'lesson_progress_insights_insert',
    'lesson_progress_insights_update',
    'lesson_progress_insights_delete',
  ],
  transactions: ['transactions_first_sale_insert', 'transactions_first_sale_delete'],
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const say = (label: string, text: string) => console.log(`[${label}] ${text}`)

async function setTriggers(database: Database, enabled: boolean) {
  for (const [table, names] of Object.entries(INSIGHTS_TRIGGERS)) {
    for (const name of names) {
      await database.db.execute(
        sql.raw(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${name}`),
      )
    }
  }
}

async function load(database: Database, label: string) {
  const { db } = database
  let started = performance.now()
  await db.execute(sql`
    insert into courses (key, title, summary, area, overview, position, modules)
    values ('scale', 'Scale course', 'Lessons for the benchmark', 'training', '/admin/scale', 99,
            ${JSON.stringify(
              Array.from({ length: SCALE_MODULES }, (_, i) => ({
                number: i + 1,
                title: `Part ${i + 1}`,
              })),
            )}::jsonb)`)
  await db.execute(sql`
    insert into lessons (path, kind, course_key, module, position, summary, reading_minutes,
                         source_title, source_markdown, title, markdown, html, plain)
    select '/admin/scale/m' || m || '/l' || p, 'lesson', 'scale', m, p, 'A lesson', 5,
           'Lesson ' || m || '.' || p, 'Text', 'Lesson ' || m || '.' || p, 'Text', '<p>Text</p>',
           'Text'
    from generate_series(1, ${SCALE_MODULES}) m, generate_series(1, 15) p`)
  await db.execute(sql`
    insert into members (email, password_hash, first_name, last_name, areas, created_at)
    select 'learner' || g || '@bench.example', 'not-a-login', 'Learner', 'No ' || g,
           array['training', 'bonus', 'content', 'viralLeads', 'digistoreTraining'],
           now() - (30 + g % 700) * interval '1 day'
    from generate_series(1, ${memberCount}) g`)
  say(label, `${memberCount.toLocaleString('en')} members in ${seconds(started)}`)

  await setTriggers(database, false)
  started = performance.now()
  const [{ paths, others } = { paths: 0, others: 0 }] = rowsOf<{ paths: number; others: number }>(
    await db.execute(sql`
      select count(*)::int as paths,
             (count(*) filter (where coalesce(l.area, c.area) is distinct from 'digistoreTraining'))::int
               as others
      from lessons l left join courses c on c.key = l.course_key
      where l.kind <> 'offer'`),
  )
  // Each member opens `perMember` screens, picked by a permutation that differs per member (the
  // counts of screens are prime to 17); one in ten never opens the Digistore24 training they
  // have. About 70 % of the opened screens are completed, the rest read part way.
  const perMember = Math.min(others, Math.ceil(progressRows / memberCount))
  const slice = Math.max(1, Math.floor(100_000 / perMember))
  for (let from = 0; from < memberCount; from += slice) {
    await db.execute(sql`
      with m as (
        select id, created_at, ${from} + row_number() over (order by created_at, id) as g
        from members
        where role = 'member' order by created_at, id offset ${from} limit ${slice}),
      l as (
        select l.path, row_number() over (order by l.path) as i,
               case when coalesce(l.area, c.area) is distinct from 'digistoreTraining' then
                 row_number() over (
                   partition by coalesce(l.area, c.area) is distinct from 'digistoreTraining'
                   order by l.path)
               end as j
        from lessons l left join courses c on c.key = l.course_key
        where l.kind <> 'offer')
      insert into lesson_progress (member_id, path, opened_at, updated_at, completed_at, position)
      select m.id, l.path, o.at, o.at + interval '1 hour',
             case when (m.g * 7 + l.i * 3) % 10 < 7 then o.at + interval '1 hour' end,
             ((m.g * 13 + l.i * 29) % 100) / 100.0
      from m
      join l on case when m.g % 10 = 0
                     then l.j is not null and (m.g * 31 + l.j * 17) % ${others} < ${perMember}
                     else (m.g * 31 + l.i * 17) % ${paths} < ${perMember} end
      cross join lateral (
        select least(now(), m.created_at + ((m.g * 11 + l.i * 7) % 400) * interval '1 day') as at) o`)
    if (from % (slice * 4) === 0) {
      say(label, `progress: ${(from + slice).toLocaleString('en')} members done`)
    }
  }
  say(label, `lesson progress inserted in ${seconds(started)}`)

  started = performance.now()
  // Three in ten members connected a Digistore24 account; the transactions are spread over them.
  await db.execute(sql`
    insert into network_accounts (member_id, network, account_id, last_sync_at)
    select id, 'digistore24', 'aff' || row_number() over (order by id), now()
    from members where role = 'member' and abs(hashtext(id::text)) % 10 < 3`)
  const accounts = rowsOf<{ id: string; created: string }>(
    await db.execute(sql`
      select a.id, m.created_at::text as created from network_accounts a
      join members m on m.id = a.member_id order by a.id`),
  )
  const perAccount = Math.ceil(transactionRows / accounts.length)
  const batch = Math.max(1, Math.floor(100_000 / perAccount))
  let inserted = 0
  for (let i = 0; i < accounts.length; i += batch) {
    const ids = accounts.slice(i, i + batch).map((a) => a.id)
    const left = transactionRows - inserted
    const here = Math.min(left, ids.length * perAccount)
    if (here <= 0) break
    await db.execute(sql`
      with a as (
        select a.id, m.created_at, row_number() over (order by a.id) as k
        from network_accounts a join members m on m.id = a.member_id
        where a.id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}))
      insert into transactions (account_ref, external_id, kind, occurred_at, product, country,
                                amount, currency)
      select a.id, 'bench-' || g, (array['sale','sale','sale','sale','sale','sale','sale','sale',
             'sale','refund'])[1 + (g * 7) % 10], a.created_at + ((g * 13) % 720) * interval '1 day'
             + (g % 86400) * interval '1 second', 'Affiliate Kickstart', 'DE', 47, 'EUR'
      from a
      join generate_series(1, ${here}) g on (g - 1) % ${ids.length} = a.k - 1`)
    inserted += here
    if ((i / batch) % 5 === 0) {
      say(label, `transactions: ${inserted.toLocaleString('en')} inserted`)
    }
  }
  say(label, `transactions inserted in ${seconds(started)}`)

  started = performance.now()
  await db.execute(sql`select insights_rebuild()`)
  await setTriggers(database, true)
  say(label, `summaries rebuilt in ${seconds(started)}`)
  started = performance.now()
  for (const table of [
    'members',
    'lessons',
    'lesson_progress',
    'transactions',
    'network_accounts',
    'member_course_progress',
    'member_module_progress',
    'member_area_progress',
    'member_last_progress',
    'lesson_reach',
    'member_first_sale',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  }
  say(label, `vacuum analyze in ${seconds(started)}`)
  const [counts] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select (select count(*) from lesson_progress)::int as progress,
             (select count(*) from transactions)::int as transactions,
             (select count(*) from member_course_progress)::int as "courseSummaries",
             (select count(*) from member_first_sale)::int as "firstSales"`),
  )
  say(label, `rows: ${JSON.stringify(counts)}`)
}

async function measure(database: Database, label: string) {
  const config = { ...loadConfig({}), staticDir: '/nonexistent', earningsSyncMinutes: 0 }
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench',
    earningsKey: Buffer.alloc(32, 3),
    logger: false,
  })
  await app.ready()
  await load(database, label)
  await insertMember(database.db, {
    email: 'bench-admin@example.com',
    passwordHash: await hashPassword('Bench#admin1'),
    role: 'admin',
  })
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'bench-admin@example.com', password: 'Bench#admin1' },
  })
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` }
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const t0 = performance.now()
    const res = await app.inject({ method, url, headers, payload })
    const ms = performance.now() - t0
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return { ms, body: res.json<{ data: unknown }>().data }
  }

  // Who is in each list, for drafts, sends and timelines.
  const listed: { memberId: string; kind: string }[] = []
  for (const kind of NUDGE_KINDS) {
    const page = (await call('GET', `/api/insights/nudges?kind=${kind}&pageSize=100`)).body as {
      items: { memberId: string }[]
      total: number
    }
    say(label, `${kind}: ${page.total.toLocaleString('en')} members`)
    listed.push(...page.items.map((n) => ({ memberId: n.memberId, kind })))
  }
  if (listed.length === 0) throw new Error('no member needs a nudge: nothing to draft')
  const pick = (i: number) => listed[(i * 37) % listed.length]!

  const endpoints: { name: string; request: (i: number) => Parameters<typeof call> }[] = [
    { name: 'GET courses', request: () => ['GET', '/api/insights/courses'] },
    {
      name: 'GET nudges',
      request: (i) => [
        'GET',
        `/api/insights/nudges?kind=${NUDGE_KINDS[i % 3]}&page=${1 + (i % 5) * 7}&pageSize=20`,
      ],
    },
    {
      name: 'GET nudges/draft',
      request: (i) => [
        'GET',
        `/api/insights/nudges/draft?memberId=${pick(i).memberId}&kind=${pick(i).kind}`,
      ],
    },
    {
      name: 'POST nudges/mail',
      request: (i) => [
        'POST',
        '/api/insights/nudges/mail',
        { ...pick(i), subject: 'Your next lesson', body: 'Hello,\n\nYour next lesson waits.' },
      ],
    },
    {
      name: 'GET learning-earnings',
      request: (i) => [
        'GET',
        `/api/insights/learning-earnings?course=${['training', 'scale', 'digistore'][i % 3]}`,
      ],
    },
    {
      name: 'GET timeline',
      request: (i) => ['GET', `/api/insights/members/${pick(i).memberId}/timeline`],
    },
  ]
  const results: { name: string; p50: number; p95: number; max: number }[] = []
  for (const endpoint of endpoints) {
    for (let i = 0; i < 3; i++) await call(...endpoint.request(i)) // plans, caches
    const times: number[] = []
    for (let i = 0; i < runs; i++) times.push((await call(...endpoint.request(i + 3))).ms)
    results.push({
      name: endpoint.name,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
    })
    say(label, `${endpoint.name}: ${runs} requests measured`)
  }
  await app.close()
  return results
}

const begun = performance.now()
const tables = await onEachDatabase(
  drivers,
  { serverUrl, prefix: 'members_area_insights_bench' },
  measure,
)

const cell = (n: number) => n.toFixed(1).padStart(8)
console.log(
  `\nInsights: ${memberCount.toLocaleString('en')} members, ${progressRows.toLocaleString('en')} progress rows, ` +
    `${transactionRows.toLocaleString('en')} transactions; ${runs} requests per endpoint; goal p95 ≤ ${GOAL_MS} ms`,
)
console.log(
  `${'database'.padEnd(11)} ${'endpoint'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  goal`,
)
for (const { label, results } of tables) {
  for (const r of results) {
    console.log(
      `${label.padEnd(11)} ${r.name.padEnd(22)} ${cell(r.p50)} ${cell(r.p95)} ${cell(r.max)}  ${r.p95 <= GOAL_MS ? 'met' : 'MISSED'}`,
    )
  }
}
console.log(`total ${seconds(begun)}`)
