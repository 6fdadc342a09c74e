import { randomUUID } from 'node:crypto'

import type { InjectOptions } from 'fastify'
import { afterAll } from 'vitest'

import type { Endpoint } from '@schemas/contract'
import { API_PREFIX, contract } from '@schemas/index'

import type { TestApp } from './helpers'

/**
 * Probes of every route of the contract, generated from it: a route added later is covered
 * without a test of its own. Bad input (control characters, malformed bodies) and callers who may
 * not (forged or ended tokens, another member's ids, locked areas, naming another member). Each
 * cell is one request; none may answer 5xx, and each file's run prints the table of its cells and
 * statuses.
 */
export const endpoints = Object.values(contract).flatMap((group) =>
  Object.entries(group as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name,
    endpoint,
  })),
)

/** The fields of an object schema, empty for any other shape (or none). */
export const shapeOf = (schema: unknown): Record<string, unknown> =>
  (schema as { _zod?: { def?: { shape?: Record<string, unknown> } } } | undefined)?._zod?.def
    ?.shape ?? {}

/** The top-level fields of an object schema, or one made-up field for any other shape. */
export function fieldsOf(schema: unknown): string[] {
  const keys = Object.keys(shapeOf(schema))
  return keys.length ? keys : ['text']
}

/** A value the address accepts for a parameter: its first option, a new id, or a word. */
function paramValue(endpoint: Endpoint, name: string): string {
  const options = (
    shapeOf(endpoint.params)[name] as { _zod?: { values?: Set<unknown> } } | undefined
  )?._zod?.values
  const first = options && [...options][0]
  if (typeof first === 'string') return first
  return /id$/i.test(name) ? randomUUID() : 'sample'
}

/** The endpoint's address, with `name`'s parameter set to `value` and the others accepted. */
export const address = (endpoint: Endpoint, name?: string, value?: string) =>
  API_PREFIX +
  endpoint.path.replace(/:(\w+)/g, (_, p: string) =>
    p === name ? encodeURIComponent(value!) : paramValue(endpoint, p),
  )

/**
 * The table of one test file's probes, printed when the file ends. A table of its own per file:
 * test files may share a worker and its loaded modules, so a table kept here at the top level
 * would gather the cells of every file that ran before.
 */
export function probeTable() {
  /** Every request this file's probes sent, by kind: the table the test run prints. */
  const cells: { kind: string; route: string; status: number }[] = []

  afterAll(() => {
    const kinds = [...new Set(cells.map((c) => c.kind))]
    const rows = kinds.map((kind) => {
      const of = cells.filter((c) => c.kind === kind)
      const tally = new Map<number, number>()
      for (const { status } of of) tally.set(status, (tally.get(status) ?? 0) + 1)
      const statuses = [...tally]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status} × ${n}`)
        .join(', ')
      const routes = new Set(of.map((c) => c.route)).size
      const failures = of.filter((c) => c.status >= 500).length
      return `| ${kind} | ${of.length} | ${routes} | ${statuses} | ${failures} |`
    })
    console.log(
      [
        '| probe | cells | routes | statuses | 5xx |',
        '| --- | --- | --- | --- | --- |',
        ...rows,
        `| all | ${cells.length} | ${new Set(cells.map((c) => c.route)).size} | | ${cells.filter((c) => c.status >= 500).length} |`,
      ].join('\n'),
    )
  })

  /** Sends one probe request through `app`, counted in the table under `kind`. */
  const prober =
    (app: () => TestApp['app'], kind: string) => async (route: string, options: InjectOptions) => {
      const res = await app().inject(options)
      cells.push({ kind, route, status: res.statusCode })
      return res
    }

  return { cells, prober }
}
