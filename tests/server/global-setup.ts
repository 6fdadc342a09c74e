import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { TestProject } from 'vitest/node'

import { openDatabase } from '../../server/db/client'
import { testDatabaseUrl } from './database-url'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory (tar) for each test file to start from. */
    pgliteDump: string
  }
}

/** Migrating a new PGlite takes seconds; loading a migrated dump a fraction of one. */
export default async function setup(project: TestProject) {
  if (testDatabaseUrl()) {
    project.provide('pgliteDump', '')
    return
  }
  const dir = mkdtempSync(join(tmpdir(), 'members-area-test-'))
  const database = await openDatabase({ driver: 'pglite' })
  const dump = await database.dump!('none')
  const path = join(dir, 'migrated.tar')
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('pgliteDump', path)
  return () => rmSync(dir, { recursive: true, force: true })
}
