import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { openDatabase } from '../../server/db/client'
import { notes } from '../../server/db/schema'
import { root, startAppServer, type Started } from '../bench/process'

const admin = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 60_000,
  })

describe('backups of the embedded database', () => {
  let dir: string
  let server: Started
  let noteTitle: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'members-area-backup-'))
    server = await startAppServer(dir, { STATIC_DIR: '/nonexistent' })
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com', password: 'Member#2026' }),
    })
    const { token } = (await login.json()) as { token: string }
    noteTitle = `Kept through a backup ${Date.now()}`
    const made = await fetch(`${server.url}/api/notes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: noteTitle, body: 'Restored intact' }),
    })
    expect(made.status).toBe(201)
  }, 90_000)
  afterAll(async () => {
    await server?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('backs up while the server runs, and restores into a fresh folder with the data and secrets', async () => {
    const file = join(dir, 'members.backup')
    const made = admin(join(dir, 'data'), 'backup', file)
    expect(made.status, made.stderr).toBe(0)
    expect(made.stdout).toMatch(/Backed up the running server's database/)
    expect((await fetch(`${server.url}/api/health`)).ok).toBe(true)

    // The running server's folder is not restored over.
    const refused = admin(join(dir, 'data'), 'restore', file, '--replace')
    expect(refused.status).toBe(1)
    expect(refused.stderr).toMatch(/A server \(pid \d+\) is using .*: stop it before restoring/)

    const fresh = join(dir, 'restored')
    const restored = admin(fresh, 'restore', file)
    expect(restored.status, restored.stderr).toBe(0)
    expect(restored.stdout).toMatch(/Restored the backup of .* 3 members/)
    expect(JSON.parse(readFileSync(join(fresh, 'secrets.json'), 'utf8'))).toEqual(
      JSON.parse(readFileSync(join(dir, 'data', 'secrets.json'), 'utf8')),
    )
    const database = await openDatabase({ driver: 'pglite', dataDir: fresh })
    try {
      const found = await database.db.select().from(notes).where(eq(notes.title, noteTitle))
      expect(found.map((n) => n.body)).toEqual(['Restored intact'])
    } finally {
      await database.close()
    }

    // A folder with a database is replaced only when asked, and kept aside.
    const again = admin(fresh, 'restore', file)
    expect(again.status).toBe(1)
    expect(again.stderr).toMatch(/already holds a database: add --replace/)
    const replaced = admin(fresh, 'restore', file, '--replace')
    expect(replaced.status, replaced.stderr).toBe(0)
    expect(replaced.stdout).toMatch(/is kept in .*before-restore-/)
  }, 120_000)

  it('refuses a cut-short backup and a file that is not one', () => {
    const file = join(dir, 'members.backup')
    const cut = join(dir, 'cut.backup')
    spawnSync('cp', [file, cut])
    truncateSync(cut, 4096)
    const short = admin(join(dir, 'other'), 'restore', cut)
    expect(short.status).toBe(1)
    expect(short.stderr).toMatch(/is cut short/)
    const notBackup = admin(join(dir, 'other'), 'restore', join(root, 'package.json'))
    expect(notBackup.status).toBe(1)
    expect(notBackup.stderr).toMatch(/is not a Members Area backup/)
  }, 60_000)
})
