import { readFileSync } from 'node:fs'

import { scratchDatabase } from '../../scratch-database'
import { printTable } from '../process'

const pgServer = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
/** Notes each member starts with: the ones the mixed load reads and changes. */
const NOTES = 10

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
  return line ? Number(line[1]) / 1024 : NaN
}

export interface Member {
  token: string
  notes: string[]
}

export async function signUp(url: string, i: number): Promise<Member> {
  const res = await fetch(`${url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      firstName: `Load ${i}`,
      email: `load-${i}-${Date.now()}@example.com`,
      password: 'Load#password1',
    }),
  })
  const { token } = (await res.json()) as { token: string }
  if (!token) throw new Error(`could not sign up: ${res.status}`)
  const notes: string[] = []
  for (let n = 0; n < NOTES; n++) {
    const made = await fetch(`${url}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `Campaign ${n + 1}`,
        body: 'Check the hoplink and the numbers.',
      }),
    })
    notes.push(((await made.json()) as { data: { id: string } }).data.id)
  }
  return { token, notes }
}

/** `run` on a scratch PostgreSQL database, or why it was skipped. */
export async function postgres<T>(run: (label: string, env: Record<string, string>) => Promise<T>) {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  try {
    scratch = await scratchDatabase(pgServer, 'members_area_bench_load')
  } catch (error) {
    return `PostgreSQL skipped: ${(error as Error).message}`
  }
  try {
    return await run('PostgreSQL', {
      DATABASE_URL: scratch.url,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      EARNINGS_KEY: 'x7Pq0v2cJ5m9L1s4T8w3Y6b0N2r5K9d1F4h7Q0z3A6c=',
    })
  } finally {
    await scratch.drop()
  }
}

/**
 * Runs the part of each database that `only` allows (all without it), adding its rows to
 * `table`, or printing why it was skipped; then prints the table.
 */
export async function tableOfDatabases(
  table: string[][],
  only: string | undefined,
  runs: (readonly [string, () => Promise<string[][] | string>])[],
) {
  for (const [label, run] of runs) {
    if (only && !label.toLowerCase().startsWith(only.toLowerCase())) continue
    const result = await run()
    if (typeof result === 'string') console.log(result)
    else table.push(...result)
  }
  printTable(table)
}
