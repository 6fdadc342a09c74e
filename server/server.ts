import closeWithGrace from 'close-with-grace'

import { buildApp } from './app'
import { loadConfig } from './config'
import { demoAccountsTable, seedDemo } from './db/seed'
import { backupStream, serveBackups } from './services/backup'
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

if (database.driver === 'pglite' && (await seedDemo(database.db))) {
  app.log.info('first start of an empty embedded database: demo accounts created')
  console.log(`\n${demoAccountsTable()}\n`)
}

let stopBackups: (() => Promise<void>) | undefined

// In-flight requests finish, then the database closes; a second signal or 10 s forces the exit.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'stopping after an error')
  else app.log.info(`${signal} received, stopping`)
  await stopBackups?.()
  await app.close()
})

try {
  await app.listen({ port: config.port, host: config.host })
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
