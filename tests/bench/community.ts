/**
 * The community at scale: 10,000 members, 100,000 posts (one in ten a question under a lesson)
 * and 1,000,000 replies, one thread of them 500 long, in PostgreSQL and in the embedded PGlite
 * (through the server's own worker thread); p50/p95 through the whole app (token check,
 * validation, queries, serialisation) of a feed page (each sort, categories, deep cursors), the
 * 500-reply thread, a reply written (with its notifications) and a search of two words. The posts
 * and replies are written with the course's own 3,000 commonest words, as often as natural text
 * uses them, and in the order of their dates, as members write them; the searches ask for words
 * of middling frequency (ranks 100 to 600). Each endpoint is measured after the background work
 * (mail, notifications) of the one before is done.
 * Goals (p95): feed 50 ms, thread 80 ms, reply 30 ms, search 50 ms.
 *
 *   npm run bench:community [-- --members 10000 --posts 100000 --replies 1000000 --runs 60
 *                              --db postgres,pglite]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the
 *   benchmark creates and drops its own database there. PGlite runs in a temporary folder.
 */
import { parseArgs } from 'node:util'

import { sql } from 'drizzle-orm'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import type { Database } from '../../server/db/client'
import { insertMember } from '../../server/repos/members'
import { syncContent } from '../../server/services/course-content'
import { hashPassword } from '../../server/services/passwords'
import { onEachDatabase } from './databases'
import { percentile } from './process'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '10000' },
    posts: { type: 'string', default: '100000' },
    replies: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '60' },
    db: { type: 'string', default: 'postgres,pglite' },
  },
})
const memberCount = Math.max(100, Math.min(100_000, Number(values.members)))
const postCount = Math.max(1000, Math.min(1_000_000, Number(values.posts)))
const replyCount = Math.max(10_000, Math.min(5_000_000, Number(values.replies)))
const runs = Math.max(30, Math.min(1000, Number(values.runs)))
const drivers = values.db.split(',').map((d) => d.trim())
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const GOALS = { feed: 50, thread: 80, reply: 30, search: 50 } as const
const BIG_THREAD = 500

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const say = (label: string, text: string) => console.log(`[${label}] ${text}`)
const n = (x: number) => x.toLocaleString('en')

/** How many of the course's words the posts and replies are made of. */
const VOCABULARY = 3000

/**
 * The course's own words, most used first: posts and replies are written with them, as often
 * as natural text uses its words (the commonest most, the rare ones seldom), so a search finds
 * what a search of real posts would, neither almost nothing nor a fifth of everything.
 */
async function courseWords(database: Database) {
  const rows = rowsOf<{ plain: string }>(await database.db.execute(sql`select plain from lessons`))
  const counts = new Map<string, number>()
  for (const { plain } of rows) {
    for (const word of plain.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, VOCABULARY)
    .map(([word]) => word)
}

/** An array literal of the words, for the loading statements. */
const wordsArray = (words: string[]) => sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`)

/**
 * A text of twelve words picked by `seed` (a SQL expression): word k is drawn with a skew
 * towards the commonest (u³ of a uniform u), as natural text draws its words.
 */
const sentence = (seed: string, count: number) =>
  sql.raw(
    `(select string_agg(w.w[1 + floor(${count} * power((hashint4(((${seed}) * 31 + k)::int) & 2147483647) / 2147483648.0, 3))::int], ' ') from generate_series(1, 12) k)`,
  )

async function load(database: Database, label: string, words: string[]) {
  const { db } = database
  const wordsSql = wordsArray(words)
  let started = performance.now()
  await db.execute(sql`
    insert into members (email, password_hash, first_name, last_name, areas, created_at)
    select 'talker' || g || '@bench.example', 'not-a-login', 'Talker' || g, 'Bench',
           array['training', 'bonus', 'content', 'viralLeads'],
           now() - (30 + g % 700) * interval '1 day'
    from generate_series(1, ${memberCount}::int) g`)
  say(label, `${n(memberCount)} members in ${seconds(started)}`)

  started = performance.now()
  // Rows are written in the order of their dates, as members write them: the newest last.
  const written = sql`${new Date().toISOString()}::timestamptz`
  const lessonPaths = rowsOf<{ path: string }>(
    await db.execute(sql`select path from lessons where kind = 'lesson' order by path`),
  ).map((r) => r.path)
  const slice = 50_000
  for (let from = 0; from < postCount; from += slice) {
    const to = Math.min(postCount, from + slice)
    await db.execute(sql`
      with m as (select id, row_number() over (order by id) as i from members where role = 'member'),
           w as (select ${wordsSql} as w)
      insert into community_posts (author_id, category, lesson_path, title, body, html, plain,
                                   created_at, last_activity_at, like_count)
      select m.id,
             case when g % 10 = 0 then null
                  else (array['wins','questions','introductions','announcements'])[1 + g % 4] end,
             case when g % 10 = 0
                  then (${sql.raw(`array[${lessonPaths.map((p) => `'${p}'`).join(',')}]`)})[1 + g % ${lessonPaths.length}] end,
             case when g % 10 = 0 then '' else 'Post ' || g || ': ' || s.text end,
             s.text, '<p>' || s.text || '</p>', s.text,
             ${written} - (${postCount}::int - g) * ${sql.raw(`interval '${(365 * 86400) / postCount} seconds'`)},
             ${written} - (${postCount}::int - g) * ${sql.raw(`interval '${(365 * 86400) / postCount} seconds'`)},
             (g * 7) % 40
      from generate_series(${from + 1}::int, ${to}::int) g
      join m on m.i = 1 + (g::bigint * 7919) % ${memberCount}
      cross join w
      cross join lateral ${sentence('g', words.length)} as s(text)
      order by g`)
    say(label, `posts: ${n(to)}`)
  }
  say(label, `${n(postCount)} posts in ${seconds(started)}`)

  started = performance.now()
  // The newest feed question takes the last 500 replies; the rest go round the posts.
  const [big] = rowsOf<{ id: string }>(
    await db.execute(sql`
      select id from community_posts where category = 'questions'
      order by created_at desc limit 1`),
  )
  const replySlice = 100_000
  for (let from = 0; from < replyCount; from += replySlice) {
    const to = Math.min(replyCount, from + replySlice)
    await db.execute(sql`
      with m as (select id, row_number() over (order by id) as i from members where role = 'member'),
           p as (select id, row_number() over (order by id) as i from community_posts),
           w as (select ${wordsSql} as w)
      insert into community_replies (post_id, author_id, body, html, plain, created_at, like_count)
      select case when g > ${replyCount - BIG_THREAD} then ${big!.id}::uuid else p.id end,
             m.id, s.text, '<p>' || s.text || '</p>', s.text,
             ${written} - (${replyCount}::int - g) * ${sql.raw(`interval '${(300 * 86400) / replyCount} seconds'`)},
             (g * 3) % 5
      from generate_series(${from + 1}::int, ${to}::int) g
      join m on m.i = 1 + (g::bigint * 104729) % ${memberCount}
      join p on p.i = 1 + (g::bigint * 15485863) % ${postCount}
      cross join w
      cross join lateral ${sentence('g + 1000003', words.length)} as s(text)
      order by g`)
    say(label, `replies: ${n(to)}`)
  }
  say(label, `${n(replyCount)} replies in ${seconds(started)}`)

  started = performance.now()
  await db.execute(sql`
    update community_posts p set reply_count = r.n, last_activity_at = greatest(p.last_activity_at, r.latest)
    from (select post_id, count(*)::int as n, max(created_at) as latest
          from community_replies group by post_id) r
    where r.post_id = p.id`)
  await db.execute(sql`
    insert into community_follows (member_id, post_id)
    select author_id, id from community_posts
    union
    select author_id, post_id from community_replies where post_id = ${big!.id}::uuid`)
  for (const table of [
    'members',
    'community_posts',
    'community_replies',
    'community_follows',
    'lessons',
  ]) {
    await db.execute(sql.raw(`vacuum analyze ${table}`))
  }
  say(label, `counts and follows in ${seconds(started)}`)
  return big!.id
}

async function measure(database: Database, label: string) {
  const config = { ...loadConfig({}), staticDir: '/nonexistent', earningsSyncMinutes: 0 }
  await syncContent(database.db, config.contentDir)
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench',
    earningsKey: Buffer.alloc(32, 3),
    logger: false,
  })
  await app.ready()
  const words = await courseWords(database)
  /** Words neither everywhere nor nowhere: what members search for. */
  const searched = words.slice(100, 600)
  const big = await load(database, label, words)
  const login = async (email: string, role: 'admin' | 'member') => {
    await insertMember(database.db, {
      email,
      passwordHash: await hashPassword('Bench#pass1'),
      role,
      areas: ['training', 'bonus', 'content', 'viralLeads'],
    })
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Bench#pass1' },
    })
    return { authorization: `Bearer ${res.json<{ token: string }>().token}` }
  }
  const reader = await login('bench-reader@example.com', 'member')
  // Writes as an administrator, whom the hourly limits on members do not stop.
  const writer = await login('bench-writer@example.com', 'admin')
  const call = async (
    headers: Record<string, string>,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
  ) => {
    const t0 = performance.now()
    const res = await app.inject({ method, url, headers, payload })
    const ms = performance.now() - t0
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
    return { ms, body: res.json<{ data: unknown }>().data }
  }

  // Cursors of deep pages, for the feed's requests to start from.
  const cursors: string[] = []
  let cursor: string | null = null
  for (let i = 0; i < 30; i++) {
    const page = (
      await call(reader, 'GET', `/api/community/posts?limit=50${cursor ? `&cursor=${cursor}` : ''}`)
    ).body as { nextCursor: string | null }
    cursor = page.nextCursor
    if (!cursor) break
    cursors.push(cursor)
  }
  const sorts = ['new', 'top&period=week', 'top&period=all', 'active']
  const categories = ['', '&category=wins', '&category=questions']
  const threadOf = (await call(reader, 'GET', `/api/community/posts/${big}`)).body as {
    replies: unknown[]
  }
  say(label, `the long thread has ${threadOf.replies.length} replies`)
  const replyTargets = rowsOf<{ id: string }>(
    await database.db.execute(sql`
      select id from community_posts where category is not null order by id limit 200`),
  ).map((r) => r.id)

  const endpoints: { name: string; goal: number; request: (i: number) => Promise<unknown> }[] = [
    {
      name: 'feed page',
      goal: GOALS.feed,
      request: (i) =>
        call(
          reader,
          'GET',
          `/api/community/posts?sort=${sorts[i % 4]}${categories[i % 3]}${
            i % 5 === 4 && sorts[i % 4] === 'new' && categories[i % 3] === ''
              ? `&cursor=${cursors[i % cursors.length]}`
              : ''
          }`,
        ),
    },
    {
      name: `thread of ${BIG_THREAD}`,
      goal: GOALS.thread,
      request: () => call(reader, 'GET', `/api/community/posts/${big}`),
    },
    {
      name: 'reply written',
      goal: GOALS.reply,
      request: (i) =>
        call(
          writer,
          'POST',
          `/api/community/posts/${replyTargets[i % replyTargets.length]}/replies`,
          {
            body: `A reply with a few words about ${searched[i % searched.length]} and ${searched[(i * 7) % searched.length]}`,
          },
        ),
    },
    {
      name: 'search',
      goal: GOALS.search,
      request: (i) =>
        call(
          reader,
          'GET',
          `/api/search?q=${encodeURIComponent(`${searched[(i * 37) % searched.length]} ${searched[(i * 53 + 7) % searched.length]}`)}`,
        ),
    },
  ]
  const results: { name: string; goal: number; p50: number; p95: number; max: number }[] = []
  for (const endpoint of endpoints) {
    for (let i = 0; i < 3; i++) await endpoint.request(i) // plans, caches
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      await endpoint.request(i + 3)
      times.push(performance.now() - t0)
    }
    results.push({
      name: endpoint.name,
      goal: endpoint.goal,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
    })
    say(label, `${endpoint.name}: ${runs} requests measured`)
    // What the requests left to do in the background (mail, notifications) is done before the
    // next endpoint is measured, so that none pays for another's work.
    await app.services.tasks.drain()
  }
  await app.services.tasks.drain()
  await app.close()
  return results
}

const begun = performance.now()
const tables = await onEachDatabase(
  drivers,
  { serverUrl, prefix: 'members_area_community_bench' },
  measure,
)

const cell = (x: number) => x.toFixed(1).padStart(8)
console.log(
  `\nCommunity: ${n(memberCount)} members, ${n(postCount)} posts, ${n(replyCount)} replies; ${runs} requests per endpoint`,
)
console.log(
  `${'database'.padEnd(11)} ${'endpoint'.padEnd(16)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)}  goal (p95)`,
)
for (const { label, results } of tables) {
  for (const r of results) {
    console.log(
      `${label.padEnd(11)} ${r.name.padEnd(16)} ${cell(r.p50)} ${cell(r.p95)} ${cell(r.max)}  ≤ ${r.goal} ms ${r.p95 <= r.goal ? 'met' : 'MISSED'}`,
    )
  }
}
console.log(`total ${seconds(begun)}`)
