import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { listenerName, PgChannels } from '../../server/db/notifications'
import { scratchDatabase } from '../scratch-database'
import { testDatabaseUrl } from './database-url'

const pgUrl = testDatabaseUrl()
const CHANNEL = 'test_changed'

describe.runIf(pgUrl)('waiting until every instance has heard of a change', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  let pool: pg.Pool
  let channels: PgChannels
  /** Another instance's listening connection, which acknowledges only when the test says so. */
  let other: pg.Client
  let otherPid: number
  const seen: string[] = []
  const heardHere: string[] = []

  beforeAll(async () => {
    scratch = await scratchDatabase(pgUrl!, 'members_area_notify')
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 })
    channels = new PgChannels(scratch.url, pool)
    await channels.listen(CHANNEL, { notify: (payload) => heardHere.push(payload), live: () => {} })
    other = new pg.Client({
      connectionString: scratch.url,
      application_name: listenerName(CHANNEL),
    })
    await other.connect()
    other.on('notification', ({ channel, payload = '' }) => {
      if (channel === CHANNEL) seen.push(payload)
    })
    await other.query(`LISTEN ${CHANNEL}`)
    otherPid = (await other.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
  })
  afterAll(async () => {
    await other?.end()
    await channels?.stopAll()
    await pool?.end()
    await scratch?.drop()
  })

  const acknowledge = (payload: string) =>
    other.query(`select pg_notify($1, $2)`, [`${CHANNEL}_heard`, `${payload} ${otherPid}`])

  it('is released only by the acknowledgement of a marker sent after the write, not of an earlier change', async () => {
    // A change of member "m1" committed before the wait: its own notification.
    await pool.query('select pg_notify($1, $2)', [CHANNEL, 'm1'])
    let released = false
    const wait = channels.heardEverywhere(CHANNEL, 'm1', 10_000).then(() => (released = true))
    // The other instance gets the change, then the writer's marker: "m1 <token>".
    await expect.poll(() => seen.length).toBe(2)
    expect(seen[0]).toBe('m1')
    const marker = seen[1]!
    expect(marker).toMatch(/^m1 \S+$/)
    // This instance's handlers got the change, never the marker.
    expect(heardHere).toEqual(['m1'])
    // Hearing of the earlier change, as the old protocol acknowledged it, releases nothing.
    await acknowledge('m1')
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(released).toBe(false)
    await acknowledge(marker)
    await wait
    expect(released).toBe(true)
  })

  it('gives up on a listener that never acknowledges, after the timeout', async () => {
    const started = performance.now()
    await channels.heardEverywhere(CHANNEL, 'm2', 300)
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })
})
