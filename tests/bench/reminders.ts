/**
 * The weekly summaries of the reminder schedule at scale: 10,000 members who chose the weekly
 * summary only, all of them due at the benchmark's clock (a Monday, 09:30 UTC: three in four live
 * in UTC, the rest east of it, where it is later on that Monday), ten point events each over the
 * last 7 days (quarter hours of learning, likes, lessons) and a dozen community posts liked this
 * week, in PostgreSQL and in the embedded PGlite (through the server's own worker thread). One
 * run of the schedule prepares every summary (the week's figures read batch by batch, the most
 * liked posts once) and hands each to a mailer that only counts them; measured: its wall time,
 * mails per second, and the process's peak memory during the run (rss and heap, sampled every
 * 20 ms). Checked: one mail to each member, none twice, and none at all from a second run.
 *
 *   npm run bench:reminders [-- --members 10000 --db postgres,pglite]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the
 *   benchmark creates and drops its own database there. PGlite runs in a temporary folder.
 */
import { parseArgs } from 'node:util'

import { sql } from 'drizzle-orm'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import type { Mailer } from '../../server/services/mailer'
import { onEachDatabase } from './databases'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
})
const memberCount = Math.max(100, Math.min(100_000, Number(values.members)))
const drivers = values.db.split(',').map((d) => d.trim())
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const DAY = 24 * 60 * 60 * 1000
/** The benchmark's clock: Monday, 09:30 UTC, when every member's weekly summary is due. */
const NOW = Date.parse('2026-11-30T09:30:00Z')
const TODAY = new Date(NOW).toISOString().slice(0, 10)
/** Point events per member, over the 7 days before the clock. */
const EVENTS_PER_MEMBER = 10
const POSTS = 12
/** Where the members east of UTC live: Monday after 08:00 there at the clock. */
const EAST = ['Europe/Berlin', 'Europe/Helsinki', 'Asia/Kolkata', 'Asia/Tokyo']
const SAMPLE_MS = 20

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const say = (label: string, text: string) => console.log(`[${label}] ${text}`)
const n = (x: number) => x.toLocaleString('en')
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)

/** A uniform number in [0, 1) from the row number `g` and a salt, as SQL. */
const uniform = (salt: number) =>
  sql.raw(`((hashint4((g * 7 + ${salt})::int) & 2147483647) / 2147483648.0)`)

async function load(database: Database, label: string) {
  const { db } = database
  const started = performance.now()
  const zones = sql.raw(`array[${EAST.map((z) => `'${z}'`).join(',')}]`)
  await db.execute(sql`
    insert into members (email, password_hash, first_name, last_name, areas, time_zone, created_at)
    select 'reader' || g || '@bench.example', 'not-a-login',
           case when g % 10 = 0 then '' else 'Reader' || g end, 'Bench',
           array['training', 'bonus', 'content', 'viralLeads'],
           case when g % 4 = 0 then (${zones}::text[])[1 + (g / 4) % ${EAST.length}] end,
           ${new Date(NOW).toISOString()}::timestamptz - (60 + g % 300) * interval '1 day'
    from generate_series(1, ${memberCount}::int) g`)
  await db.execute(sql`
    insert into member_reminders (member_id, continue_mail, event_mail, weekly_mail, chosen_at)
    select id, false, false, true, ${new Date(NOW - 30 * DAY).toISOString()}::timestamptz
    from members where email like 'reader%@bench.example'`)
  await db.execute(sql`insert into points_windows (one, day) values (true, ${TODAY}::date)`)

  // Six in ten a quarter hour of learning, a quarter likes, the rest lessons; members picked
  // uniformly, at times spread over the week before the clock.
  const eventCount = memberCount * EVENTS_PER_MEMBER
  const step = sql.raw(`interval '${(7 * 86400) / eventCount} seconds'`)
  await db.execute(sql`
    with m as (select id, row_number() over (order by id) as i
               from members where email like 'reader%@bench.example'),
         e as (select g, ${new Date(NOW - 7 * DAY).toISOString()}::timestamptz + g * ${step} as at,
                      1 + floor(${memberCount}::int * ${uniform(1)})::int as i,
                      floor(100 * ${uniform(2)})::int as k,
                      floor(1000 * ${uniform(3)})::int as r
               from generate_series(1, ${eventCount}::int) g)
    insert into point_events (member_id, kind, ref, points, at)
    select m.id,
           case when k < 60 then 'study' when k < 85 then 'like' else 'lesson' end,
           case when k < 60 then floor(extract(epoch from at) / 900)::bigint::text
                when k < 85 then 'like-' || g || ':' || r
                else '/admin/training/m' || (1 + r % 9) || '/l' || (1 + r % 15) end,
           case when k < 60 then 0 when k < 85 then 1 else 5 end,
           at
    from e join m on m.i = e.i
    order by g
    on conflict (member_id, kind, ref) where kind in ('check', 'study') do nothing`)

  // A dozen posts of the week in the feed, with likes (the summary names the 3 most liked).
  await db.execute(sql`
    insert into community_posts (author_id, category, title, body, html, plain, created_at,
                                 last_activity_at, like_count)
    select (select id from members where email = 'reader' || (1 + g * 97 % ${memberCount}::int) || '@bench.example'),
           (array['wins', 'questions', 'introductions'])[1 + g % 3],
           'What worked for me in week ' || g, 'It took ' || g || ' tries.',
           '<p>It took ' || g || ' tries.</p>', 'It took ' || g || ' tries.',
           ${new Date(NOW).toISOString()}::timestamptz - g * interval '11 hours',
           ${new Date(NOW).toISOString()}::timestamptz - g * interval '11 hours',
           (g * 37) % 90 + 1
    from generate_series(1, ${POSTS}::int) g`)
  for (const table of ['members', 'member_reminders', 'point_events', 'member_points']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  }
  const [kept] = rowsOf<{ events: number; east: number }>(
    await db.execute(sql`
      select (select count(*)::int from point_events) as events,
             (select count(*)::int from members where time_zone is not null) as east`),
  )
  const loaded = `${n(memberCount)} members (${n(kept!.east)} east of UTC), ${n(kept!.events)} point events, ${POSTS} posts in ${seconds(started)}`
  say(label, loaded)
  return loaded
}

/** A mailer that counts the mails and their distinct recipients, and keeps no mail. */
function countingMailer() {
  const recipients = new Set<string>()
  let mails = 0
  const mailer: Mailer = {
    async send(mail) {
      mails++
      recipients.add(mail.to)
    },
    async close() {},
  }
  return { mailer, counts: () => ({ mails, recipients: recipients.size }) }
}

async function measure(database: Database, label: string) {
  const config = {
    ...loadConfig({}),
    staticDir: '/nonexistent',
    earningsSyncMinutes: 0,
    reminderMinutes: 0,
  }
  const { mailer, counts } = countingMailer()
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench',
    earningsKey: Buffer.alloc(32, 3),
    logger: false,
    mailer,
    now: () => NOW,
  })
  await app.ready()
  const loaded = await load(database, label)

  // The run, with the process's memory sampled on a timer while it goes.
  const before = process.memoryUsage()
  const peak = { rss: before.rss, heapUsed: before.heapUsed }
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage()
    peak.rss = Math.max(peak.rss, rss)
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed)
  }
  const sampler = setInterval(sample, SAMPLE_MS)
  const t0 = performance.now()
  const first = await app.services.reminders.run()
  const wall = (performance.now() - t0) / 1000
  clearInterval(sampler)
  sample()
  const after = counts()
  say(label, `run: ${n(first.sent.weekly)} weekly summaries in ${wall.toFixed(2)} s`)

  // Right after, nothing is due: each summary was recorded before it was sent.
  const t1 = performance.now()
  const second = await app.services.reminders.run()
  const secondMs = performance.now() - t1
  const [recorded] = rowsOf<{ sends: number }>(
    await database.db.execute(
      sql`select count(*)::int as sends from reminder_sends where kind = 'weekly'`,
    ),
  )
  const again = counts().mails - after.mails
  say(label, `second run: ${again} mails in ${secondMs.toFixed(0)} ms`)
  await app.services.tasks.drain()
  await app.close()
  const right =
    first.ran &&
    after.mails === memberCount &&
    after.recipients === memberCount &&
    first.sent.weekly === memberCount &&
    first.sent.continue + first.sent.events === 0 &&
    recorded!.sends === memberCount &&
    again === 0 &&
    second.ran &&
    second.sent.weekly === 0
  return {
    loaded,
    mails: after.mails,
    recipients: after.recipients,
    recorded: recorded!.sends,
    again,
    secondMs,
    wall,
    before,
    peak,
    right,
  }
}

const begun = performance.now()
const tables = await onEachDatabase(
  drivers,
  { serverUrl, prefix: 'members_area_reminders_bench' },
  measure,
)

console.log(
  `\nReminders: the weekly summaries of ${n(memberCount)} members, one run of the schedule`,
)
for (const { label, results: r } of tables) {
  console.log(`\n### ${label}\n\nLoad: ${r.loaded}.\n`)
  console.log(
    '| members | mails | wall s | mails/s | rss before MiB | peak rss MiB | heap before MiB | peak heap MiB |',
  )
  console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  console.log(
    `| ${n(memberCount)} | ${n(r.mails)} | ${r.wall.toFixed(2)} | ${n(Math.round(r.mails / r.wall))} | ${mib(r.before.rss)} | ${mib(r.peak.rss)} | ${mib(r.before.heapUsed)} | ${mib(r.peak.heapUsed)} |`,
  )
  console.log(
    `\nCheck: ${n(r.mails)} mails to ${n(r.recipients)} distinct addresses, ${n(r.recorded)} recorded as sent; a second run sent ${r.again} (in ${r.secondMs.toFixed(0)} ms): ${r.right ? 'right' : 'WRONG'}`,
  )
}
console.log(`\ntotal ${seconds(begun)}`)
