/**
 * Member list at scale: 100,000 members in PostgreSQL; p50/p95 of GET /api/getmember with search,
 * sort and page, through the whole app (token check, validation, query, serialisation).
 *
 *   npm run bench:members [-- --members 100000 --runs 300]
 *   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the
 *   benchmark creates and drops its own database there.
 */
import { parseArgs } from 'node:util'

import { sql } from 'drizzle-orm'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { insertMember } from '../../server/repos/members'
import { hashPassword } from '../../server/services/passwords'
import { scratchDatabase } from '../scratch-database'
import { percentile } from './process'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '300' },
  },
})
const total = Math.min(1_000_000, Number(values.members))
const runs = Math.min(5000, Number(values.runs))
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const scratch = await scratchDatabase(serverUrl, 'members_area_bench')
const database = await openDatabase({ driver: 'postgres', url: scratch.url })

try {
  const started = performance.now()
  // Realistic spread: first and last names from lists, unique e-mails, joined over three years.
  await database.db.execute(sql`
    with first(n, i) as (select * from unnest(array['Anna','Ben','Carla','David','Elena','Farid',
      'Grace','Hugo','Ines','Jonas','Kira','Liam','Maya','Noah','Olga','Pedro','Quinn','Rosa',
      'Sven','Tara','Umar','Vera','Wes','Xenia','Yusuf','Zoe']) with ordinality),
    last(n, i) as (select * from unnest(array['Archer','Baker','Cooper','Dyer','Evans','Fischer',
      'Garcia','Hansen','Ivanova','Jensen','Kowalski','Lopez','Müller','Nakamura','Olsen','Patel',
      'Quist','Rossi','Schmidt','Tanaka','Urban','Varga','Weber','Xu','Young','Zimmer']) with ordinality)
    insert into members (email, password_hash, first_name, last_name, areas, created_at)
    select 'user' || g || '@' || (array['gmail.test','mail.test','shop.example','corp.example'])[1 + g % 4],
           'not-a-login', f.n, l.n, array['training','bonus','content','viralLeads'],
           now() - (g % 1095) * interval '1 day' - (g % 86400) * interval '1 second'
    from generate_series(1, ${total}) g
    join first f on f.i = 1 + (g * 7) % 26
    join last l on l.i = 1 + (g * 13 / 26) % 26`)
  await database.db.execute(sql`analyze members`)
  console.log(
    `${total.toLocaleString('en')} members inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )

  const config = { ...loadConfig({}), staticDir: '/nonexistent', earningsSyncMinutes: 0 }
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-bench-secret-bench',
    earningsKey: Buffer.alloc(32, 1),
    logger: false,
  })
  await app.ready()
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
  const token = login.json<{ token: string }>().token

  const searches = [
    '',
    'maya',
    'müller',
    'user4711',
    'shop.example',
    'zoe zim',
    'nobody-at-all',
    'an',
  ]
  const sorts = ['createdAt', 'email', 'lastName', 'firstName', 'role']
  const pages = [1, 2, 10, 100]
  const queries: string[] = []
  for (let i = 0; i < runs; i++) {
    const q = new URLSearchParams({
      sort: sorts[i % sorts.length]!,
      order: i % 2 ? 'asc' : 'desc',
      page: String(pages[i % pages.length]),
      pageSize: String([20, 50, 100][i % 3]),
    })
    const search = searches[i % searches.length]!
    if (search) q.set('search', search)
    queries.push(q.toString())
  }
  // warm-up: plans and connections
  for (const q of queries.slice(0, 20)) {
    await app.inject({
      method: 'GET',
      url: `/api/getmember?${q}`,
      headers: { authorization: `Bearer ${token}` },
    })
  }
  const times: number[] = []
  const bySearch = new Map<string, number[]>()
  for (const q of queries) {
    const t0 = performance.now()
    const res = await app.inject({
      method: 'GET',
      url: `/api/getmember?${q}`,
      headers: { authorization: `Bearer ${token}` },
    })
    const ms = performance.now() - t0
    if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`)
    times.push(ms)
    const search = new URLSearchParams(q).get('search') ?? '(none)'
    bySearch.set(search, [...(bySearch.get(search) ?? []), ms])
  }
  const pct = percentile
  console.log(`\nGET /api/getmember, ${runs} requests: search × sort × order × page × pageSize`)
  console.log(
    `all        p50 ${pct(times, 50).toFixed(1)} ms   p95 ${pct(times, 95).toFixed(1)} ms   max ${Math.max(...times).toFixed(1)} ms`,
  )
  const slowest = queries
    .map((q, i) => [times[i]!, q] as const)
    .sort((a, b) => b[0] - a[0])
    .slice(0, 5)
  for (const [search, list] of bySearch) {
    console.log(
      `  ${JSON.stringify(search).padEnd(16)} p50 ${pct(list, 50).toFixed(1).padStart(6)} ms   p95 ${pct(list, 95).toFixed(1).padStart(6)} ms`,
    )
  }
  console.log('slowest:')
  for (const [ms, q] of slowest) console.log(`  ${ms.toFixed(1).padStart(6)} ms  ${q}`)
  await app.close()
} finally {
  await database.close()
  await scratch.drop()
}
