/**
 * Points and the leaderboard at scale: 10,000 members, a third of them on the leaderboard, and
 * 1,000,000 point events over the year before the benchmark's day, in PostgreSQL and in the
 * embedded PGlite (through the server's own worker thread); p50/p95 through the whole app (token
 * check, validation, queries, serialisation) of the leaderboard of each period, as a listed and
 * as an unlisted member, of the member's own points, level and streak, and of the first
 * leaderboard read of a new day (which counts the 7- and 30-day figures again). The events go in
 * in the order of their dates, through the tally trigger, as members earn them: six in ten a
 * quarter hour of learning, a quarter likes (a few of them taken back), the rest lessons and
 * checks; some members far more active than others. Both measured members are the most active.
 * Goal (p95): leaderboard 50 ms, each period.
 *
 *   npm run bench:momentum [-- --members 10000 --events 1000000 --runs 60 --db postgres,pglite]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the
 *   benchmark creates and drops its own database there. PGlite runs in a temporary folder.
 */
import { parseArgs } from 'node:util'

import { sql } from 'drizzle-orm'

import type { Leaderboard } from '@schemas/leaderboard'
import type { Momentum } from '@schemas/momentum'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import { hashPassword } from '../../server/services/passwords'
import { onEachDatabase } from './databases'
import { percentile } from './process'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    events: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '60' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
})
const memberCount = Math.max(100, Math.min(100_000, Number(values.members)))
const eventCount = Math.max(10_000, Math.min(5_000_000, Number(values.events)))
const runs = Math.max(30, Math.min(1000, Number(values.runs)))
const drivers = values.db.split(',').map((d) => d.trim())
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const GOAL_MS = 50
const DAY = 24 * 60 * 60 * 1000
/** The benchmark's clock: the events fill the 365 days before it. */
const NOW = Date.parse('2026-11-29T12:00:00Z')
const TODAY = new Date(NOW).toISOString().slice(0, 10)
/** First reads of a new day measured (each a day later than the one before). */
const NEW_DAYS = 5

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const say = (label: string, text: string) => console.log(`[${label}] ${text}`)
const n = (x: number) => x.toLocaleString('en')

/** A uniform number in [0, 1) from the event number `g` and a salt, as SQL. */
const uniform = (salt: number) =>
  sql.raw(`((hashint4((g * 7 + ${salt})::int) & 2147483647) / 2147483648.0)`)

async function load(database: Database, label: string) {
  const { db } = database
  const began = performance.now()
  let started = began
  await db.execute(sql`
    insert into members (email, password_hash, first_name, last_name, areas, created_at)
    select 'earner' || g || '@bench.example', 'not-a-login', 'Earner' || g, 'Bench',
           array['training', 'bonus', 'content', 'viralLeads'],
           now() - (400 + g % 300) * interval '1 day'
    from generate_series(1, ${memberCount}::int) g`)
  // Member i (in the order of their ids) is the i-th most active; one in three is listed, the
  // most active among them.
  await db.execute(sql`
    insert into member_points (member_id, listed)
    select id, true
    from (select id, row_number() over (order by id) as i from members where role = 'member') m
    where i % 3 = 1`)
  // The windows count back from the benchmark's day, as they would on that day.
  await db.execute(sql`insert into points_windows (one, day) values (true, ${TODAY}::date)`)
  say(label, `${n(memberCount)} members in ${seconds(started)}`)

  started = performance.now()
  const from0 = new Date(NOW - 365 * DAY).toISOString()
  const step = sql.raw(`interval '${(365 * 86400) / eventCount} seconds'`)
  const slice = 100_000
  for (let from = 0; from < eventCount; from += slice) {
    const to = Math.min(eventCount, from + slice)
    // A member is picked with the square of a uniform number: member 1 is 100 times as active
    // as member 10,000. A quarter hour of learning and a check count once per member.
    await db.execute(sql`
      with m as (select id, row_number() over (order by id) as i from members where role = 'member'),
           e as (select g, ${from0}::timestamptz + g * ${step} as at,
                        1 + floor(${memberCount}::int * power(${uniform(1)}, 2))::int as i,
                        floor(100 * ${uniform(2)})::int as k,
                        floor(1000 * ${uniform(3)})::int as r
                 from generate_series(${from + 1}::int, ${to}::int) g)
      insert into point_events (member_id, kind, ref, points, at)
      select m.id,
             case when k < 60 then 'study' when k < 85 then 'like'
                  when k < 98 then 'lesson' else 'check' end,
             case when k < 60 then floor(extract(epoch from at) / 900)::bigint::text
                  when k < 85 then 'like-' || g || ':' || r
                  when k < 98 then '/admin/training/m' || (1 + r % 9) || '/l' || (1 + r % 15)
                  else (array['training', 'bonus', 'content', 'digistore'])[1 + r % 4]
                       || '/' || (1 + r % 12) end,
             case when k < 60 then 0 when k < 85 then (case when r < 30 then -1 else 1 end)
                  when k < 98 then 5 else 10 end,
             at
      from e join m on m.i = e.i
      order by g
      on conflict (member_id, kind, ref) where kind in ('check', 'study') do nothing`)
    say(label, `events: ${n(to)}`)
  }
  const [kept] = rowsOf<{ events: number }>(
    await db.execute(sql`select count(*)::int as events from point_events`),
  )
  const loaded = `${n(kept!.events)} events (of ${n(eventCount)}, repeated quarter hours and checks left out) through the tally trigger in ${seconds(started)}`
  say(label, loaded)
  for (const table of ['members', 'point_events', 'member_points', 'member_points_daily']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  }
  // What the trigger kept, beside a count from the events themselves.
  const [check] = rowsOf<{ wrong: number }>(
    await db.execute(sql`
      select count(*)::int as wrong
      from member_points p
      full join (select member_id, sum(points)::int as total,
                        coalesce(sum(points) filter (where (at at time zone 'UTC')::date > ${TODAY}::date - 7), 0)::int as week,
                        coalesce(sum(points) filter (where (at at time zone 'UTC')::date > ${TODAY}::date - 30), 0)::int as month
                 from point_events where points <> 0 group by member_id) e using (member_id)
      where (p.total, p.week, p.month) is distinct from (e.total, e.week, e.month)
        and (e.member_id is not null or p.total <> 0)`),
  )
  say(label, `members whose kept figures differ from the events: ${check!.wrong}`)
  return { loaded, total: seconds(began) }
}

async function measure(database: Database, label: string) {
  const config = { ...loadConfig({}), staticDir: '/nonexistent', earningsSyncMinutes: 0 }
  let clock = NOW
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench',
    earningsKey: Buffer.alloc(32, 3),
    logger: false,
    now: () => clock,
  })
  await app.ready()
  const { loaded, total } = await load(database, label)

  // The two most active members sign in: the first is listed (and lives in Berlin), the second
  // is not (and has no time zone: UTC).
  const [first, second] = rowsOf<{ id: string; email: string }>(
    await database.db.execute(sql`
      select id, email from members where role = 'member' order by id limit 2`),
  )
  await database.db.execute(sql`
    update members set password_hash = ${await hashPassword('Bench#pass1')},
           time_zone = case when id = ${first!.id}::uuid then 'Europe/Berlin' end
    where id in (${first!.id}::uuid, ${second!.id}::uuid)`)
  const login = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Bench#pass1' },
    })
    return { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  }
  let listed = await login(first!.email)
  const unlisted = await login(second!.email)
  const call = async (headers: Record<string, string>, url: string) => {
    const t0 = performance.now()
    const res = await app.inject({ method: 'GET', url, headers })
    const ms = performance.now() - t0
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return { ms, body: res.json<{ data: unknown }>().data }
  }
  for (const [who, headers] of [
    ['listed', listed],
    ['unlisted', unlisted],
  ] as const) {
    const own = (await call(headers, '/api/momentum')).body as Momentum
    const place = (await call(headers, '/api/leaderboard?period=all')).body as Leaderboard
    say(
      label,
      `${who}: ${n(own.points)} points, level ${own.level}, a streak of ${own.streak.days} days, rank ${place.you.rank ?? 'none'} (listed: ${own.listed})`,
    )
  }

  const periods = ['7d', '30d', 'all']
  const endpoints: {
    name: string
    goal: number | null
    request: (i: number) => Promise<unknown>
  }[] = [
    ...periods.map((period) => ({
      name: `leaderboard ${period}`,
      goal: GOAL_MS,
      request: () => call(listed, `/api/leaderboard?period=${period}`),
    })),
    {
      name: 'leaderboard, unlisted',
      goal: GOAL_MS,
      request: (i: number) => call(unlisted, `/api/leaderboard?period=${periods[i % 3]}`),
    },
    { name: 'momentum', goal: null, request: () => call(listed, '/api/momentum') },
    { name: 'momentum, unlisted', goal: null, request: () => call(unlisted, '/api/momentum') },
  ]
  const results: { name: string; goal: number | null; p50: number; p95: number }[] = []
  for (const endpoint of endpoints) {
    for (let i = 0; i < 3; i++) await endpoint.request(i) // plans, caches
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      await endpoint.request(i + 3)
      times.push(performance.now() - t0)
    }
    results.push({ ...endpoint, p50: percentile(times, 50), p95: percentile(times, 95) })
    say(label, `${endpoint.name}: ${runs} requests measured`)
  }
  // A day later the first read counts the 7- and 30-day figures again (a new token each day,
  // the old one running out).
  const firsts: number[] = []
  for (let day = 1; day <= NEW_DAYS; day++) {
    clock = NOW + day * DAY
    listed = await login(first!.email)
    firsts.push((await call(listed, '/api/leaderboard?period=7d')).ms)
  }
  results.push({
    name: `leaderboard, a new day's first (${NEW_DAYS})`,
    goal: null,
    p50: percentile(firsts, 50),
    p95: percentile(firsts, 95),
  })
  await app.services.tasks.drain()
  await app.close()
  return { results, loaded, total }
}

const begun = performance.now()
const tables = await onEachDatabase(
  drivers,
  { serverUrl, prefix: 'members_area_momentum_bench' },
  measure,
)

console.log(
  `\nMomentum: ${n(memberCount)} members, ${n(eventCount)} point events; ${runs} requests per endpoint`,
)
for (const { label, results } of tables) {
  console.log(`\n### ${label}\n\nLoad: ${results.loaded}; all of it in ${results.total}.\n`)
  console.log('| endpoint | p50 ms | p95 ms | goal (p95) | |')
  console.log('| --- | ---: | ---: | --- | --- |')
  for (const r of results.results) {
    const verdict = r.goal === null ? '' : r.p95 <= r.goal ? 'met' : 'MISSED'
    console.log(
      `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.goal === null ? '—' : `≤ ${r.goal} ms`} | ${verdict} |`,
    )
  }
}
console.log(`\ntotal ${seconds(begun)}`)
