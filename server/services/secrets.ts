import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { newKey } from './key-box'

interface StoredSecrets {
  jwtSecret: string
  /** Seals the members' network API keys. */
  earningsKey: string
}

/**
 * In embedded mode the server keeps its own secrets beside its database, generated on first
 * start; a PostgreSQL deployment must pass them in the environment.
 */
export function embeddedSecrets(dataDir: string): StoredSecrets {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'secrets.json')
  const stored = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<StoredSecrets>)
    : {}
  const secrets: StoredSecrets = {
    jwtSecret: stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    earningsKey: stored.earningsKey ?? newKey(),
  }
  // A data directory from before a secret existed gains it, keeping the ones it has.
  if (secrets.jwtSecret !== stored.jwtSecret || secrets.earningsKey !== stored.earningsKey) {
    writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  }
  return secrets
}
