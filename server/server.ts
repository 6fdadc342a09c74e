import type { Server } from 'node:http'

import closeWithGrace from 'close-with-grace'

import { buildApp } from './app'
import { loadConfig } from './config'
import { serveMetrics } from './plugins/metrics'
import { backupStream, serveBackups } from './services/backup'
import { demoAccountsTable, seedDemo } from './services/seed'
import { backupSecrets, configuredSecrets, openConfiguredDatabase } from './start'

const config = loadConfig()

let opened: [
  ReturnType<typeof configuredSecrets>,
  Awaited<ReturnType<typeof openConfiguredDatabase>>,
]
try {
  const secrets = configuredSecrets(config)
  opened = [secrets, await openConfiguredDatabase(config)]
} catch (error) {
  console.error(`Cannot start: ${(error as Error).message}`)
  process.exit(1)
}
const [{ jwtSecret, earningsKey }, database] = opened

const app = await buildApp({ config, database, jwtSecret, earningsKey })
app.addHook('onClose', () => database.close())

/** A stop closes the listener once no request has come for this long, or after QUIET_WAIT_MS. */
const QUIET_MS = 250
const QUIET_WAIT_MS = 3_000

let stopBackups: (() => Promise<void>) | undefined
let metricsServer: Server | undefined

// From the signal on, every new request (/api/ready too) is answered 503 with Retry-After, so a
// proxy marks this instance down and sends requests elsewhere (reads at once, a write after the
// app retries it with its Idempotency-Key). Once no request has arrived for a moment, no new
// connection is taken: closing the listener while a proxy still sends would reset connections it
// has already written a request to. Requests under way finish, streams included, for up to
// SHUTDOWN_GRACE_SECONDS less a moment; then what still streams ends saying the server restarts,
// and the database closes. A second signal, or the grace running out, forces the exit.
closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
  const { readiness } = app.services
  readiness.stopping = true
  if (err) app.log.error({ err }, 'stopping after an error')
  else app.log.info(`${signal} received, stopping`)
  const quietBy = Date.now() + QUIET_WAIT_MS
  while (readiness.quietMs() < QUIET_MS && Date.now() < quietBy) {
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  app.server.close()
  const drainUntil = Date.now() + Math.max(0, config.shutdownGraceMs - 2_000)
  while (readiness.inFlight() > 0 && Date.now() < drainUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await stopBackups?.()
  metricsServer?.close()
  await app.close()
})

try {
  // Ready first: the course content is loaded then, which the demo's lesson progress refers to,
  // and the demo accounts exist before the first request can ask for them.
  await app.ready()
  if (database.driver === 'pglite' && (await seedDemo(database.db))) {
    app.log.info('first start of an empty embedded database: demo accounts created')
    console.log(`\n${demoAccountsTable()}\n`)
  }
  // Connections that arrive together wait in the kernel's queue for the server to take them; past
  // Node's 511 the rest are dropped and their callers try again a second later. The kernel keeps
  // the queue to its own limit (net.core.somaxconn).
  await app.listen({ port: config.port, host: config.host, backlog: 4096 })
  if (config.metricsPort) {
    metricsServer = await serveMetrics(app.services.metrics, config.metricsPort)
    app.log.info(`metrics on http://127.0.0.1:${config.metricsPort}/metrics`)
  }
  // `npm run admin -- backup` asks the running server, which alone may read its embedded database.
  if (database.dump) {
    const dump = database.dump.bind(database)
    stopBackups = await serveBackups(
      config.dataDir,
      async () => backupStream(await dump(), backupSecrets(config)),
      app.log,
    )
  }
  app.log.info(
    `Members Area on ${config.publicUrl} (${database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  )
} catch (error) {
  app.log.error({ err: error }, 'cannot listen')
  await app.close()
  process.exit(1)
}
