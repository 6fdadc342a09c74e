import { parseArgs } from 'node:util'

import { checkWrites, Cluster, FAIL_TIMEOUT_MS, Load, NGINX } from '../cluster'
import { scratchDatabase } from '../scratch-database'
import { printTable } from './process'

/**
 * Three built instances on one PostgreSQL and one Redis behind nginx, configured with
 * deploy/members-area.conf, under a steady mixed load of members:
 *
 * 1. requests/s with 1, 2 and 3 instances in turn (the same load);
 * 2. each instance restarted in turn (SIGTERM, started again, ready): failed requests apart from
 *    503s with Retry-After the members retried, acknowledged writes lost, writes made twice;
 * 3. one instance killed (SIGKILL): requests that failed, how long nginx went on trying it, and
 *    the acknowledged writes again.
 *
 *   npm run bench:cluster [-- --seconds 12 --members 12]
 */
const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '12' },
    members: { type: 'string', default: '12' },
  },
})
const seconds = Math.max(5, Math.min(120, Number(values.seconds)))
const members = Math.max(2, Math.min(50, Number(values.members)))
const pgServer = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test'
const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379'
if (!NGINX) throw new Error('nginx is not installed: apt-get install -y nginx')

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const scratch = await scratchDatabase(pgServer, 'members_area_bench_cluster')
const cluster = new Cluster({ databaseUrl: scratch.url, redisUrl, instances: 3, entry: 'built' })
try {
  await cluster.start()
  const load = new Load(cluster.url)
  await load.addMembers(members, await cluster.adminToken())

  // 1. The same load on 1, 2 and 3 instances.
  const scale: string[][] = [['instances', 'requests/s', 'failed', 'by instance']]
  load.start()
  for (const count of [1, 2, 3]) {
    await cluster.useInstances(count)
    load.resetTally()
    const started = performance.now()
    await pause(seconds * 1000)
    const { ok, failed, byInstance } = load.tally
    const rate = ok / ((performance.now() - started) / 1000)
    scale.push([
      String(count),
      rate.toFixed(0),
      String(failed),
      [...byInstance.values()].map((n) => Math.round(n / seconds)).join(' / '),
    ])
  }

  // 2. A rolling restart under the load.
  load.resetTally()
  const restarts: string[][] = [['instance', 'stopped in ms', 'ready again in ms']]
  for (const [i, instance] of cluster.instances.entries()) {
    await pause(2_000)
    const stopped = await cluster.stopInstance(instance, 'SIGTERM')
    const started = performance.now()
    await cluster.startInstance(instance)
    restarts.push([String(i + 1), stopped.toFixed(0), (performance.now() - started).toFixed(0)])
    // As the deploy README says: the next one once nginx sends this one requests again.
    await pause(FAIL_TIMEOUT_MS + 1_000)
  }
  await pause(2_000)
  const rolling = { ...load.tally, failures: [...load.tally.failures] }

  // 3. One instance killed under the load.
  load.resetTally()
  await pause(2_000)
  const victim = cluster.instances[1]!
  const killedAt = performance.now()
  await cluster.stopInstance(victim, 'SIGKILL')
  await pause(Math.max(8, seconds / 2) * 1000)
  await load.stop()
  const killed = { ...load.tally, failures: [...load.tally.failures] }
  const address = `127.0.0.1:${victim.port}`
  const triedOn = killed.retriedOn.filter((r) => r.upstream.includes(address) && r.at > killedAt)
  // nginx leaves a failed instance out for fail_timeout, then tries it once more: the first run
  // of tries is how long it went on sending it requests.
  let lastOfFirstRun = killedAt
  for (const { at } of triedOn) {
    if (at - lastOfFirstRun > 2_000) break
    lastOfFirstRun = at
  }
  const writes = await checkWrites(scratch.url, load)

  console.log(`\nScale-out: the same load of ${members} members, ${seconds} s each`)
  printTable(scale)
  console.log('\nRolling restart (SIGTERM, start, ready), one instance at a time, under the load')
  printTable(restarts)
  printTable([
    ['requests', 'failed', '503 retried', 'writes', 'streams'],
    [
      String(rolling.ok),
      String(rolling.failed),
      String(rolling.retried),
      String(rolling.writes),
      String(rolling.streams),
    ],
  ])
  for (const failure of rolling.failures) console.log(`  failed: ${failure}`)
  console.log('\nOne instance killed with SIGKILL under the load')
  printTable([
    ['requests', 'failed', 'sent to it after the kill', 'nginx stopped trying it after'],
    [
      String(killed.ok),
      String(killed.failed),
      String(triedOn.length),
      `${(lastOfFirstRun - killedAt).toFixed(0)} ms`,
    ],
  ])
  for (const failure of killed.failures) console.log(`  failed: ${failure}`)
  console.log(
    `\nAcknowledged writes: ${writes.acknowledged}; lost: ${writes.lost}; made twice: ${writes.twice}`,
  )
  console.log(`${scratch.name} on PostgreSQL, Redis ${redisUrl}, nginx ${NGINX}`)
} finally {
  await cluster.stop()
  await scratch.drop()
}
