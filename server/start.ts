import type { Config } from './config'
import { type Database, openDatabase } from './db/client'
import { embeddedSecrets } from './services/secrets'

/** The database and secrets a configuration points at: PostgreSQL with DATABASE_URL, else embedded. */
export async function openConfigured(
  config: Config,
): Promise<{ database: Database; jwtSecret: string }> {
  if (config.databaseUrl) {
    if (!config.jwtSecret) {
      throw new Error('JWT_SECRET must be set when DATABASE_URL is: use a long random string')
    }
    const database = await openDatabase({ driver: 'postgres', url: config.databaseUrl })
    return { database, jwtSecret: config.jwtSecret }
  }
  const database = await openDatabase({ driver: 'pglite', dataDir: config.dataDir })
  return { database, jwtSecret: config.jwtSecret ?? embeddedSecrets(config.dataDir).jwtSecret }
}
