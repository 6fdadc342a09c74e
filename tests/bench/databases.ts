import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { openDatabase, type Database } from '../../server/db/client'
import { scratchDatabase } from '../scratch-database'

/**
 * Runs `measure` on each named database in turn: PostgreSQL ('postgres', a scratch database made
 * on `serverUrl` and dropped after) and the embedded one ('pglite', in a temporary folder).
 */
export async function onEachDatabase<T>(
  drivers: string[],
  options: { serverUrl: string; prefix: string },
  measure: (database: Database, label: string) => Promise<T>,
) {
  const tables: { label: string; results: T }[] = []
  if (drivers.includes('postgres')) {
    const scratch = await scratchDatabase(options.serverUrl, options.prefix)
    const database = await openDatabase({ driver: 'postgres', url: scratch.url })
    try {
      tables.push({ label: 'PostgreSQL', results: await measure(database, 'PostgreSQL') })
    } finally {
      await database.close()
      await scratch.drop()
    }
  }
  if (drivers.includes('pglite')) {
    const dir = mkdtempSync(join(tmpdir(), `${options.prefix}-`))
    const database = await openDatabase({ driver: 'pglite', dataDir: dir })
    try {
      tables.push({ label: 'PGlite', results: await measure(database, 'PGlite') })
    } finally {
      await database.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
  return tables
}
