import closeWithGrace from 'close-with-grace'

import { buildApp } from './app'
import { loadConfig } from './config'
import { demoAccountsTable, seedDemo } from './db/seed'
import { configuredSecrets, openConfiguredDatabase } from './start'

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

// In-flight requests finish, then the database closes; a second signal or 10 s forces the exit.
closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'stopping after an error')
  else app.log.info(`${signal} received, stopping`)
  await app.close()
})

try {
  await app.listen({ port: config.port, host: config.host })
  app.log.info(
    `Members Area on ${config.publicUrl} (${database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
  )
} catch (error) {
  app.log.error({ err: error }, 'cannot listen')
  await app.close()
  process.exit(1)
}
