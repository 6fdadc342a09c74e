import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { checkWrites, Cluster, FAIL_TIMEOUT_MS, Load, NGINX } from '../cluster'
import { scratchDatabase } from '../scratch-database'
import { testDatabaseUrl } from './database-url'

const serverUrl = testDatabaseUrl()

/**
 * Two instances behind nginx (the operator's site file), one PostgreSQL: each restarted in turn
 * under a steady load of members. `npm run bench:cluster` does the same with three, for figures.
 */
describe.runIf(serverUrl && NGINX)('instances behind nginx, restarted one by one', () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>
  let cluster: Cluster
  beforeAll(async () => {
    scratch = await scratchDatabase(serverUrl!, 'members_area_test_cluster')
    cluster = new Cluster({
      databaseUrl: scratch.url,
      redisUrl: process.env.TEST_REDIS_URL ?? '',
      instances: 2,
      entry: 'source',
    })
    await cluster.start()
  }, 120_000)
  afterAll(async () => {
    await cluster?.stop()
    await scratch?.drop()
  }, 60_000)

  it('fails no request and loses or doubles no acknowledged write', async () => {
    const load = new Load(cluster.url)
    await load.addMembers(4, await cluster.adminToken())
    load.start()
    for (const instance of cluster.instances) {
      await new Promise((r) => setTimeout(r, 1_500))
      await cluster.stopInstance(instance, 'SIGTERM')
      await cluster.startInstance(instance)
      // nginx tries a restarted instance again once its fail_timeout has passed.
      await new Promise((r) => setTimeout(r, FAIL_TIMEOUT_MS + 1_000))
    }
    await new Promise((r) => setTimeout(r, 1_500))
    await load.stop()
    const { ok, failed, failures, writes, byInstance } = load.tally
    expect(failures).toEqual([])
    expect(failed).toBe(0)
    expect(ok).toBeGreaterThan(100)
    expect(writes).toBeGreaterThan(10)
    // Both instances answered, before and after their restarts.
    expect(byInstance.size).toBe(2)
    expect(await checkWrites(scratch.url, load)).toMatchObject({ lost: 0, twice: 0 })
  }, 180_000)
})
