import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

import { count } from 'drizzle-orm'

import { newPasswordSchema } from '@schemas/auth'
import { emailSchema } from '@schemas/contract'

import { loadConfig } from './config'
import { dataDirHolder, openDatabase } from './db/client'
import { members } from './db/schema'
import { findMemberByEmail, insertMember, updateMember } from './repos/members'
import { backupFromServer, backupStream, openBackup, saveBackup } from './services/backup'
import { hashPassword } from './services/passwords'
import { backupSecrets, openConfiguredDatabase } from './start'

const USAGE = `Usage: npm run admin -- <command>

  create-admin --email <e-mail> [--password <password>]
      Creates an administrator (or makes an existing member one and sets the password). The
      password may come from the ADMIN_PASSWORD environment variable instead.
      Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop the server first).

  backup <file>
      Backs up the embedded database in DATA_DIR, with the server's secrets, into one file:
      from the running server when there is one (it goes on serving), else straight from the
      folder. On PostgreSQL use pg_dump (see the README).

  restore <file> [--replace]
      Restores a backup into DATA_DIR; the server must be stopped. A DATA_DIR that already holds
      a database is kept aside in DATA_DIR/before-restore-<time>/ with --replace, refused without.`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    replace: { type: 'boolean' },
    help: { type: 'boolean' },
  },
})

const fail = (message: string): never => {
  console.error(message)
  process.exit(1)
}

const config = loadConfig()
const [command, file] = positionals

async function createAdmin() {
  const email = emailSchema.safeParse(values.email ?? '')
  const password = newPasswordSchema.safeParse(values.password ?? process.env.ADMIN_PASSWORD ?? '')
  if (!email.success || !password.success) {
    fail(
      `${[email.error?.issues[0]?.message, password.error?.issues[0]?.message].filter(Boolean).join('\n')}\n\n${USAGE}`,
    )
    return
  }
  const database = await openConfiguredDatabase(config)
  try {
    const passwordHash = await hashPassword(password.data)
    const existing = await findMemberByEmail(database.db, email.data)
    if (existing) {
      await updateMember(database.db, existing.id, { role: 'admin', passwordHash })
      console.log(`${email.data} is now an administrator with the given password.`)
    } else {
      await insertMember(database.db, { email: email.data, passwordHash, role: 'admin' })
      console.log(`Administrator ${email.data} created.`)
    }
  } finally {
    await database.close()
  }
}

const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function backup(target: string) {
  if (config.databaseUrl) {
    fail('DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README).')
  }
  const fromServer = await backupFromServer(config.dataDir)
  if (fromServer) {
    const head = await saveBackup(fromServer, target)
    console.log(
      `Backed up the running server's database into ${target} (${size(head.head.bytes)}).`,
    )
    return
  }
  if (!existsSync(join(config.dataDir, 'pgdata')))
    fail(`There is no database in ${config.dataDir}.`)
  const database = await openDatabase({ driver: 'pglite', dataDir: config.dataDir })
  try {
    const head = await saveBackup(
      backupStream(await database.dump!(), backupSecrets(config)),
      target,
    )
    console.log(`Backed up ${config.dataDir} into ${target} (${size(head.head.bytes)}).`)
  } finally {
    await database.close()
  }
}

async function restore(source: string) {
  if (config.databaseUrl) fail('DATABASE_URL is set: restore PostgreSQL with pg_restore or psql.')
  const { head, dump } = openBackup(source)
  const dir = config.dataDir
  const holder = dataDirHolder(dir)
  if (holder) fail(`A server (pid ${holder}) is using ${dir}: stop it before restoring.`)
  if (existsSync(join(dir, 'pgdata'))) {
    if (!values.replace) {
      fail(`${dir} already holds a database: add --replace to keep it aside and restore over it.`)
    }
    const aside = join(dir, `before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`)
    mkdirSync(aside, { recursive: true })
    renameSync(join(dir, 'pgdata'), join(aside, 'pgdata'))
    if (existsSync(join(dir, 'secrets.json'))) {
      renameSync(join(dir, 'secrets.json'), join(aside, 'secrets.json'))
    }
    console.log(`The database that was in ${dir} is kept in ${aside}.`)
  }
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, 'secrets.json'), JSON.stringify(head.secrets, null, 2), { mode: 0o600 })
  const database = await openDatabase({ driver: 'pglite', dataDir: dir, loadDataDir: dump })
  try {
    const [row] = await database.db.select({ n: count() }).from(members)
    console.log(
      `Restored the backup of ${head.createdAt} into ${dir}: ${row?.n ?? 0} members. Start the server as usual.`,
    )
  } finally {
    await database.close()
  }
}

if (values.help || !command) {
  console.log(USAGE)
  process.exit(values.help ? 0 : 1)
}
try {
  if (command === 'create-admin') await createAdmin()
  else if (command === 'backup' && file) await backup(file)
  else if (command === 'restore' && file) await restore(file)
  else fail(USAGE)
} catch (error) {
  fail(`${command} failed: ${(error as Error).message}`)
}
