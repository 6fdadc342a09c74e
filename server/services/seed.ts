import { AREA_KEYS, FREE_AREAS, type AreaKey } from '@schemas/access'
import type { Role } from '@schemas/auth'

import type { Db } from '../db/client'
import { seedDemoEarnings } from '../db/demo-earnings'
import { contentItems, events, leads, notes } from '../db/schema'
import { countMembers, insertMember } from '../repos/members'
import { hashPassword } from './passwords'

const PREMIUM_ONLY: AreaKey[] = ['upsell2', 'upsell3', 'dfyVideo']

export const DEMO_ACCOUNTS: {
  email: string
  password: string
  role: Role
  firstName: string
  lastName: string
  areas: AreaKey[]
}[] = [
  {
    email: 'admin@example.com',
    password: 'Admin#2026',
    role: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    areas: [...AREA_KEYS],
  },
  {
    email: 'member@example.com',
    password: 'Member#2026',
    role: 'member',
    firstName: 'Maya',
    lastName: 'Member',
    areas: AREA_KEYS.filter((a) => !PREMIUM_ONLY.includes(a)),
  },
  {
    email: 'member2@example.com',
    password: 'Member#2026',
    role: 'member',
    firstName: 'Milo',
    lastName: 'Second',
    areas: FREE_AREAS,
  },
]

const day = 24 * 60 * 60 * 1000

/** A few things of member@example.com's own, so the first screens are not empty. */
async function seedMemberData(db: Db, memberId: string, now: number) {
  const at = (days: number, hour: number) => {
    const d = new Date(now + days * day)
    d.setUTCHours(hour, 0, 0, 0)
    return d
  }
  await db.insert(notes).values([
    {
      memberId,
      title: 'Launch checklist',
      body: 'Finish module 2, set up the bridge page, then start the 30-day posting plan.',
      color: 'yellow',
      pinned: true,
    },
    {
      memberId,
      title: 'Niche ideas',
      body: 'Home workouts for busy parents; budget travel; woodworking for beginners.',
      color: 'green',
    },
    { memberId, title: 'Hooks that worked', body: '"Nobody tells you this about…"', color: 'blue' },
  ])
  await db.insert(events).values([
    {
      memberId,
      title: 'Weekly coaching call',
      startsAt: at(2, 17),
      endsAt: at(2, 18),
      color: 'blue',
    },
    {
      memberId,
      title: 'Post reel: 3 passive income myths',
      startsAt: at(4, 9),
      endsAt: at(4, 9),
      color: 'orange',
    },
    {
      memberId,
      title: 'Email list review',
      startsAt: at(7, 14),
      endsAt: at(7, 15),
      color: 'green',
    },
  ])
  await db.insert(contentItems).values([
    {
      memberId,
      title: '3 passive income myths',
      platform: 'instagram',
      niche: 'wealth',
      status: 'scheduled',
      plannedDate: at(4, 9).toISOString().slice(0, 10),
      body: 'Myth 1: it is passive from day one…',
      checklist: { hook: true, value: true, cta: true, hashtags: true },
    },
    {
      memberId,
      title: 'Morning routine for energy',
      platform: 'tiktok',
      niche: 'health',
      status: 'draft',
      checklist: { hook: true },
    },
    { memberId, title: 'Beginner birdhouse build', platform: 'youtube', niche: 'woodworking' },
  ])
  await db.insert(leads).values(
    [
      ['Jordan Price', 'jordan.price@example.net', 'optin'],
      ['Priya Shah', 'priya.shah@example.org', 'optin'],
      ['Lukas Weber', 'lukas.weber@example.de', 'manual'],
      ['Ana Souza', 'ana.souza@example.com.br', 'optin'],
    ].map(([name, email, source], i) => ({
      memberId,
      name: name!,
      email: email!,
      source: source!,
      consent: source === 'optin',
      createdAt: new Date(now - (i + 1) * 2 * day),
      updatedAt: new Date(now - (i + 1) * 2 * day),
    })),
  )
}

/** Demo accounts for a newcomer's first start of the embedded database; never on PostgreSQL. */
export async function seedDemo(db: Db): Promise<boolean> {
  if ((await countMembers(db)) > 0) return false
  for (const account of DEMO_ACCOUNTS) {
    const { password, ...values } = account
    const row = await insertMember(db, { ...values, passwordHash: await hashPassword(password) })
    if (row.email === 'member@example.com') {
      await seedMemberData(db, row.id, Date.now())
      await seedDemoEarnings(db, row.id, Date.now())
    }
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
