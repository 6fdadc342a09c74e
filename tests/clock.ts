/**
 * `npm run test:clock`: the server and client projects run with the clock set to the days and
 * time zones where date code goes wrong — every weekday, a month's last day, 29 February, New
 * Year's Eve, the days clocks change in Europe and America, the zones furthest ahead of UTC and
 * furthest behind it. The clock is set for the whole process tree with libfaketime (Debian's
 * `faketime`), starting at the given local time and running on from it, so the database, the
 * server and the app all read the same day.
 *
 *   npm run test:clock                         every combination, one after another
 *   npm run test:clock -- sunday leap-day      the named ones
 *   npm run test:clock -- --list               the names
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface Combination {
  name: string
  /** Local wall time in `tz` when the run starts. */
  at: string
  tz: string
  why: string
}

export const combinations: Combination[] = [
  {
    name: 'monday',
    at: '2026-11-30 23:30:00',
    tz: 'Pacific/Kiritimati',
    why: 'a Monday, the last day of a month, half an hour before midnight, 14 h ahead of UTC',
  },
  {
    name: 'tuesday',
    at: '2026-12-01 00:15:00',
    tz: 'Pacific/Pago_Pago',
    why: 'a Tuesday, the first day of a month, just after midnight, 11 h behind UTC',
  },
  { name: 'wednesday', at: '2026-12-02 12:00:00', tz: 'UTC', why: 'a Wednesday at noon' },
  {
    name: 'thursday',
    at: '2026-12-03 23:45:00',
    tz: 'UTC',
    why: 'a Thursday, a quarter before midnight',
  },
  {
    name: 'friday',
    at: '2026-12-04 00:05:00',
    tz: 'Pacific/Kiritimati',
    why: 'a Friday just after midnight, while it is still Thursday in UTC',
  },
  {
    name: 'saturday',
    at: '2026-12-05 18:00:00',
    tz: 'Pacific/Pago_Pago',
    why: 'a Saturday evening, already Sunday in UTC',
  },
  {
    name: 'sunday',
    at: '2026-11-29 14:00:00',
    tz: 'UTC',
    why: 'a Sunday, the first day of the week the calendar shows',
  },
  {
    name: 'leap-day',
    at: '2028-02-29 23:30:00',
    tz: 'Pacific/Kiritimati',
    why: '29 February, half an hour before midnight',
  },
  {
    name: 'new-years-eve',
    at: '2026-12-31 23:30:00',
    tz: 'Pacific/Pago_Pago',
    why: '31 December at 23:30, the year changing during the run',
  },
  {
    name: 'dst-start-berlin',
    at: '2027-03-28 01:58:00',
    tz: 'Europe/Berlin',
    why: 'two minutes before the clocks go forward (a 23-hour day)',
  },
  {
    name: 'dst-end-berlin',
    at: '2027-10-31 02:58:00',
    tz: 'Europe/Berlin',
    why: 'two minutes before the clocks go back (a 25-hour day)',
  },
  {
    name: 'dst-start-new-york',
    at: '2027-03-14 01:58:00',
    tz: 'America/New_York',
    why: 'two minutes before the clocks go forward',
  },
  {
    name: 'dst-end-new-york',
    at: '2027-11-07 00:58:00',
    tz: 'America/New_York',
    why: 'an hour before the clocks go back',
  },
]

interface Outcome {
  ok: boolean
  seconds: number
  /** What went wrong, a line or a few each: the failed tests, or how vitest ended. */
  failures: string[]
}

/** The failed tests of vitest's JSON report, each with the first lines of its error. */
function failuresIn(reportFile: string): string[] {
  let report: {
    testResults?: {
      name: string
      message?: string
      assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[]
    }[]
  }
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'))
  } catch {
    return []
  }
  const firstLines = (text = '') => text.split('\n').slice(0, 6).join('\n    ')
  const failures: string[] = []
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed)
      failures.push(`${file.name}: ${test.fullName}\n    ${firstLines(test.failureMessages?.[0])}`)
    if (!failed.length && file.message)
      failures.push(`${file.name}\n    ${firstLines(file.message)}`)
  }
  return failures
}

function run(combination: Combination): Promise<Outcome> {
  const started = performance.now()
  const reportDir = mkdtempSync(join(tmpdir(), 'test-clock-'))
  const reportFile = join(reportDir, 'report.json')
  const child = spawn(
    'faketime',
    [
      '-f',
      `@${combination.at}`,
      'npx',
      'vitest',
      'run',
      '--project',
      'server',
      '--project',
      'client',
      '--project',
      'client-mocks',
      // The usual output as it runs, and a report whose failures are repeated after the table.
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reportFile}`,
    ],
    {
      stdio: 'inherit',
      // Timers and performance.now() keep the real monotonic clock: only the date is moved.
      env: { ...process.env, TZ: combination.tz, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
    },
  )
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      const failures = failuresIn(reportFile)
      rmSync(reportDir, { recursive: true, force: true })
      if (code !== 0 && !failures.length)
        failures.push(`vitest ended with ${signal ? `signal ${signal}` : `exit code ${code}`}`)
      resolve({
        ok: code === 0,
        seconds: Math.round((performance.now() - started) / 1000),
        failures,
      })
    })
  })
}

const args = process.argv.slice(2)
if (args.includes('--list')) {
  for (const c of combinations)
    console.log(`${c.name.padEnd(20)} ${c.at}  ${c.tz.padEnd(20)} ${c.why}`)
  process.exit(0)
}
const unknown = args.filter((name) => !combinations.some((c) => c.name === name))
if (unknown.length) {
  console.error(`Unknown combination: ${unknown.join(', ')} (npm run test:clock -- --list)`)
  process.exit(2)
}
if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
  console.error('test:clock needs libfaketime: apt-get install -y faketime')
  process.exit(2)
}

const chosen = args.length ? combinations.filter((c) => args.includes(c.name)) : combinations
const results: string[] = []
const failuresOf: string[] = []
let failed = 0
for (const combination of chosen) {
  console.log(
    `\n=== ${combination.name}: ${combination.at} ${combination.tz} (${combination.why}) ===`,
  )
  const { ok, seconds, failures } = await run(combination)
  if (!ok) failed++
  for (const failure of failures) failuresOf.push(`${combination.name}: ${failure}`)
  results.push(
    `| ${combination.name} | ${combination.at} | ${combination.tz} | ${ok ? 'passed' : '**failed**'} | ${seconds} s |`,
  )
}
console.log(
  '\n| combination | local time at start | TZ | result | took |\n| --- | --- | --- | --- | --- |',
)
console.log(results.join('\n'))
if (failuresOf.length) console.log(`\nWhat failed:\n\n${failuresOf.join('\n\n')}`)
process.exit(failed ? 1 : 0)
