import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { scratchDatabase } from '../scratch-database'
import { testDatabaseUrl } from './database-url'

const root = resolve(import.meta.dirname, '../..')
const run = promisify(execFile)

async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => done(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

interface Running {
  process: ChildProcess
  output: () => string
  url: string
  exited: Promise<number | null>
}

function start(env: Record<string, string>): Running {
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      REDIS_URL: '',
      DATABASE_URL: '',
      ...env,
    },
  })
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
  return { process: child, output: () => output, url: `http://127.0.0.1:${env.PORT}`, exited }
}

async function ready(server: Running) {
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null) throw new Error(`server exited:\n${server.output()}`)
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150))
  }
  throw new Error(`server did not start:\n${server.output()}`)
}

const login = (url: string, email: string, password: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })

describe('the server process on the embedded database', () => {
  let dir: string
  let first: Running
  let earlierToken: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'members-area-process-'))
    first = start({ DATA_DIR: dir, PORT: String(await freePort()), HOST: '127.0.0.1' })
    await ready(first)
  })
  afterAll(async () => {
    first.process.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  it('listens on PORT and HOST, seeds the demo accounts once and prints them', async () => {
    expect(first.output()).toContain('demo accounts created')
    for (const line of ['admin@example.com', 'Admin#2026', 'member2@example.com', 'Member#2026']) {
      expect(first.output()).toContain(line)
    }
    const res = await login(first.url, 'member@example.com', 'Member#2026')
    expect(res.status).toBe(200)
    earlierToken = ((await res.json()) as { token: string }).token
    expect((await login(first.url, 'admin@example.com', 'Admin#2026')).status).toBe(200)
  })

  it('keeps mail in the outbox and logs its link in one line, without secrets elsewhere', async () => {
    const res = await fetch(`${first.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'member@example.com' }),
    })
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 500))
    const lines = first
      .output()
      .split('\n')
      .filter((l) => l.includes('outbox:'))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/for member@example\.com — http:\/\/.+\/auth\/forgot-password\?token=/)
    const token = await (await login(first.url, 'member@example.com', 'Member#2026')).json()
    expect(first.output()).not.toContain(token.token)
    // Passwords appear only in the first-start table of demo accounts (two rows), never in request logs.
    expect(first.output().split('Member#2026').length - 1).toBe(2)
  })

  it('refuses a second process on the same data directory with a clear message', async () => {
    const second = start({ DATA_DIR: dir, PORT: String(await freePort()), HOST: '127.0.0.1' })
    const code = await second.exited
    expect(code).not.toBe(0)
    expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/)
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200)
  })

  it('finishes in-flight requests on SIGTERM, closes the database and frees the folder', async () => {
    const inFlight = login(first.url, 'member@example.com', 'Member#2026')
    await new Promise((r) => setTimeout(r, 5))
    first.process.kill('SIGTERM')
    expect((await inFlight).status).toBe(200)
    expect(await first.exited, first.output()).toBe(0)
    expect(existsSync(join(dir, 'server.lock'))).toBe(false)
  })

  it('creates an administrator from the command line, and a restart keeps data and secrets', async () => {
    await expect(login(first.url, 'member@example.com', 'Member#2026')).rejects.toThrow() // stopped
    const cli = await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', 'create-admin', '--email', 'Ops@Example.com'],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dir, ADMIN_PASSWORD: 'Operator#2026', DATABASE_URL: '' },
      },
    )
    expect(cli.stdout).toContain('Administrator ops@example.com created.')
    const again = start({ DATA_DIR: dir, PORT: String(await freePort()), HOST: '127.0.0.1' })
    try {
      await ready(again)
      expect(again.output()).not.toContain('demo accounts created')
      const res = await login(again.url, 'ops@example.com', 'Operator#2026')
      expect(res.status).toBe(200)
      const { token: adminToken } = (await res.json()) as { token: string }
      const me = await fetch(`${again.url}/api/auth/current`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
      expect(await me.json()).toMatchObject({ role: 'admin' })
      // the signing key was kept in the data directory: a token from before the restart still works
      const before = await fetch(`${again.url}/api/auth/current`, {
        headers: { authorization: `Bearer ${earlierToken}` },
      })
      expect(before.status).toBe(200)
    } finally {
      again.process.kill('SIGTERM')
      await again.exited
    }
  })
})

const pgUrl = testDatabaseUrl()

describe.runIf(pgUrl)('the server process on PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined
  let url: string
  beforeAll(async () => {
    scratch = await scratchDatabase(pgUrl!, 'members_area_process')
    url = scratch.url
  })
  afterAll(() => scratch?.drop())

  it('refuses to start without JWT_SECRET', async () => {
    const server = start({ DATABASE_URL: url, PORT: String(await freePort()), HOST: '127.0.0.1' })
    expect(await server.exited).not.toBe(0)
    expect(server.output()).toContain('JWT_SECRET must be set')
  })

  it('refuses to start without EARNINGS_KEY', async () => {
    const server = start({
      DATABASE_URL: url,
      JWT_SECRET: 'a-long-random-secret-for-this-test-0123456789',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    })
    expect(await server.exited).not.toBe(0)
    expect(server.output()).toContain('EARNINGS_KEY must be set')
  })

  it('migrates, creates no demo accounts, and takes the first admin from the command line', async () => {
    const env = {
      DATABASE_URL: url,
      JWT_SECRET: 'a-long-random-secret-for-this-test-0123456789',
      EARNINGS_KEY: 'x7Pq0v2cJ5m9L1s4T8w3Y6b0N2r5K9d1F4h7Q0z3A6c=',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    }
    const server = start(env)
    try {
      await ready(server)
      expect(server.output()).not.toContain('demo accounts')
      expect((await login(server.url, 'admin@example.com', 'Admin#2026')).status).toBe(401)
      await run(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/cli.ts',
          'create-admin',
          '--email',
          'root@example.com',
          '--password',
          'Root#20260',
        ],
        { cwd: root, env: { ...process.env, ...env } },
      )
      expect((await login(server.url, 'root@example.com', 'Root#20260')).status).toBe(200)
    } finally {
      server.process.kill('SIGTERM')
      await server.exited
    }
  })
})
