/**
 * A bounded mixed load on the real server, on the embedded database and on PostgreSQL: several
 * members reading their notes and session (reads only at 50 connections first), then also
 * changing notes, at 50 and 500 connections (60 s each by default). Prints requests/s,
 * p50/p99/slowest, how many were shed with 503, other errors, the server's event-loop lag (from
 * the lines it logs with EVENT_LOOP_LOG_SECONDS) and its resident memory before and after. Then
 * kill -9 under steady note writes, a few cycles per database: writes the server acknowledged
 * against writes found after the restart, and how long the restart took.
 *
 *   npm run bench:load [-- --duration 60 --cycles 10 --only embedded]
 *
 * With `--contention` it instead measures one member on a busy machine: Chromium loads the app's
 * heaviest screens in a loop from a second server on this machine, while the member sends 5
 * requests a second (dashboard reads, a note change, a lesson, a search) for `--duration`
 * seconds to the measured server; then the same while a second member imports CSV files of
 * 10,000 earnings rows one after another. Prints the member's 503s (the goal is none), other
 * errors and p50/p99/slowest. Run `npm run build` first: the second server serves dist/.
 *
 * With `--soak 600` it instead keeps a wider mixed load (notes created, changed and deleted,
 * events, courses, search, session) at 50 connections for that many seconds on each database, and
 * prints the server's resident memory after the first minute, every few minutes, and at the end.
 *
 * Goals: p99 of reads at 50 connections ≤ 50 ms on PostgreSQL; at 500 connections no request
 * waits more than 2 s (the rest is shed with 503); no error but 503; no acknowledged write lost;
 * resident memory at the end of a 10-minute soak within 10 % of the figure after 1 minute.
 *
 * The runs are in load/: mixed.ts (the mixed load and the kill -9 cycles), soak.ts and
 * contention.ts; setup.ts signs the members up and makes the PostgreSQL database, report.ts
 * turns the figures into rows.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'

import { contention, HEAVY_SCREENS } from './load/contention'
import { onDatabase } from './load/mixed'
import { cycles, duration, MEMBERS, soak, values } from './load/options'
import { postgres, tableOfDatabases } from './load/setup'
import { printTable, root } from './process'

const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length

if (values.contention) {
  if (!existsSync(join(root, 'dist', 'index.html'))) {
    console.log('Build the app first (npm run build): the browser loads it from a second server.')
    process.exit(1)
  }
  console.log(
    `Contention: Chromium loads ${HEAVY_SCREENS.join(', ')} in a loop from a second server on this machine; one member sends 5 requests a second for ${duration} s\n`,
  )
  const table = [
    [
      'database',
      'meanwhile',
      'requests',
      '503 (shed)',
      'other errors',
      'p50 / p99 / slowest ms',
      'screens loaded',
      'CSV rows imported',
    ],
  ]
  await tableOfDatabases(table, values.only, [
    ['embedded', () => contention('embedded', { DATABASE_URL: '' })],
    ['PostgreSQL', () => postgres(contention)],
  ])
  process.exit(0)
}

if (soak)
  console.log(
    `Soak: ${MEMBERS} members, notes made, changed and deleted, events, courses, search and session, 50 connections for ${soak} s, loopback\n`,
  )
else
  console.log(
    `Mixed load: ${MEMBERS} members, notes and session reads with note changes, ${duration} s per run, loopback\n`,
  )
const table = [
  soak
    ? [
        'database',
        'requests/s',
        'p50 / p99 / slowest ms',
        'requests',
        '503 (shed)',
        'other errors',
        'resident memory MB: start; mean (range) of the minute to',
        'change, 1st minute to last',
      ]
    : [
        'database',
        'connections',
        'requests/s',
        'p50 / p99 / slowest ms',
        'requests',
        '503 (shed)',
        'other errors',
        'event-loop lag ms: p99 (worst 5 s) / most',
        'resident memory',
      ],
]
const kills: string[][] = [
  [
    'database',
    'kill -9 cycles',
    'acknowledged writes',
    'found after restart',
    'lost',
    'restart until answering ms: mean / slowest',
  ],
]
for (const [label, run] of [
  ['embedded', () => onDatabase('embedded', { DATABASE_URL: '' })],
  ['PostgreSQL', () => postgres(onDatabase)],
] as const) {
  if (values.only && !label.toLowerCase().startsWith(values.only.toLowerCase())) continue
  const result = await run()
  if (typeof result === 'string') {
    console.log(result)
    continue
  }
  table.push(...result.rows)
  if (result.kills)
    kills.push([
      label,
      String(cycles),
      String(result.kills.acknowledged),
      String(result.kills.found),
      String(result.kills.acknowledged - result.kills.found),
      `${mean(result.kills.restartMs).toFixed(0)} / ${Math.max(...result.kills.restartMs).toFixed(0)}`,
    ])
}
printTable(table)
if (!soak) {
  console.log('')
  printTable(kills)
}
