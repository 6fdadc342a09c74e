import type { Config } from './config'
import { openDatabase, type Database } from './db/client'
import { parseKey } from './services/key-box'
import { embeddedSecrets } from './services/secrets'

/** The database a configuration points at: PostgreSQL with DATABASE_URL, else embedded. */
export const openConfiguredDatabase = (config: Config): Promise<Database> =>
  config.databaseUrl
    ? openDatabase({
        driver: 'postgres',
        url: config.databaseUrl,
        maxCheckoutWaitMs: config.maxCheckoutWaitMs,
      })
    : openDatabase({ driver: 'pglite', dataDir: config.dataDir })

/**
 * The server's secrets: from the environment, which a PostgreSQL deployment must set; embedded,
 * whatever the environment leaves out is generated once and kept in the data directory.
 */
export function configuredSecrets(config: Config): { jwtSecret: string; earningsKey: Buffer } {
  if (config.databaseUrl) {
    if (!config.jwtSecret) {
      throw new Error('JWT_SECRET must be set when DATABASE_URL is: use a long random string')
    }
    if (!config.earningsKey) {
      throw new Error(
        'EARNINGS_KEY must be set when DATABASE_URL is: 32 random bytes, e.g. from `openssl rand -base64 32`',
      )
    }
    return { jwtSecret: config.jwtSecret, earningsKey: parseKey(config.earningsKey) }
  }
  const stored =
    config.jwtSecret && config.earningsKey ? undefined : embeddedSecrets(config.dataDir)
  return {
    jwtSecret: config.jwtSecret ?? stored!.jwtSecret,
    earningsKey: parseKey(config.earningsKey ?? stored!.earningsKey),
  }
}

/** The secrets a backup of the embedded database carries: the ones the server runs with. */
export function backupSecrets(config: Config) {
  const stored = embeddedSecrets(config.dataDir)
  return {
    jwtSecret: config.jwtSecret ?? stored.jwtSecret,
    earningsKey: config.earningsKey ?? stored.earningsKey,
  }
}
