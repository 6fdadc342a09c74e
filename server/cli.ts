import { parseArgs } from 'node:util'

import { newPasswordSchema } from '../api-schemas/auth'
import { emailSchema } from '../api-schemas/contract'
import { loadConfig } from './config'
import { findMemberByEmail, insertMember, updateMember } from './repos/members'
import { hashPassword } from './services/passwords'
import { openConfiguredDatabase } from './start'

const USAGE = `Usage: npm run admin -- create-admin --email <e-mail> [--password <password>]

Creates an administrator (or makes an existing member one and sets the password).
The password may come from the ADMIN_PASSWORD environment variable instead of the command line.
Uses DATABASE_URL when set, else the embedded database in DATA_DIR (stop the server first).`

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' }, help: { type: 'boolean' } },
})

if (values.help || positionals[0] !== 'create-admin') {
  console.log(USAGE)
  process.exit(values.help ? 0 : 1)
}

const email = emailSchema.safeParse(values.email ?? '')
const password = newPasswordSchema.safeParse(values.password ?? process.env.ADMIN_PASSWORD ?? '')
if (!email.success || !password.success) {
  console.error(
    [email.error?.issues[0]?.message, password.error?.issues[0]?.message]
      .filter(Boolean)
      .join('\n'),
  )
  console.error(`\n${USAGE}`)
  process.exit(1)
}

const database = await openConfiguredDatabase(loadConfig())
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
