import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

interface StoredSecrets {
  jwtSecret: string
}

/**
 * In embedded mode the server keeps its own secrets beside its database, generated on first
 * start; a PostgreSQL deployment must pass them in the environment.
 */
export function embeddedSecrets(dataDir: string): StoredSecrets {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, 'secrets.json')
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as StoredSecrets
  const secrets: StoredSecrets = { jwtSecret: randomBytes(48).toString('base64url') }
  writeFileSync(path, JSON.stringify(secrets, null, 2), { mode: 0o600 })
  return secrets
}
