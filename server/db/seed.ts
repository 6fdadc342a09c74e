import { AREA_KEYS, type AreaKey, FREE_AREAS } from '../../api-schemas/access'
import type { Role } from '../../api-schemas/auth'
import { countMembers, insertMember } from '../repos/members'
import { hashPassword } from '../services/passwords'
import type { Db } from './client'

export const DEMO_ACCOUNTS: {
  email: string
  password: string
  role: Role
  firstName: string
  lastName: string
}[] = [
  {
    email: 'admin@example.com',
    password: 'Admin#2026',
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
  },
  {
    email: 'member@example.com',
    password: 'Member#2026',
    role: 'member',
    firstName: 'Maya',
    lastName: 'Member',
  },
  {
    email: 'member2@example.com',
    password: 'Member#2026',
    role: 'member',
    firstName: 'Milo',
    lastName: 'Second',
  },
]

/** Demo accounts for a newcomer's first start of the embedded database; never on PostgreSQL. */
export async function seedDemo(db: Db): Promise<boolean> {
  if ((await countMembers(db)) > 0) return false
  for (const account of DEMO_ACCOUNTS) {
    const { password, ...values } = account
    await insertMember(db, { ...values, passwordHash: await hashPassword(password) })
  }
  return true
}

export function demoAccountsTable(): string {
  const rows = DEMO_ACCOUNTS.map(
    (a) => `  ${a.email.padEnd(22)} ${a.password.padEnd(12)} ${a.role}`,
  )
  return ['Demo accounts:', `  ${'e-mail'.padEnd(22)} ${'password'.padEnd(12)} role`, ...rows].join(
    '\n',
  )
}
