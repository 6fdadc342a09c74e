import { inArray } from 'drizzle-orm'

import { AREA_KEYS, FREE_AREAS, type AreaKey } from '@schemas/access'
import type { Role } from '@schemas/auth'

import type { Db } from '../db/client'
import { seedDemoEarnings } from '../db/demo-earnings'
import { contentItems, events, leads, lessonProgress, lessons, notes } from '../db/schema'
import { countMembers, insertMember } from '../repos/members'
import { setListed } from '../repos/momentum'
import { saveReminderChoice } from '../repos/reminders'
import { hashPassword } from './passwords'
import { seedCommunity } from './seed-community'

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

/**
 * How far the two demo members got in the training, days ago: Maya stopped halfway through a
 * lesson of module 2 a fortnight ago, Milo is reading module 3 this week. So a first start's
 * dashboard offers to continue, and the administrator's insights have funnels, a member to
 * nudge and a lesson where readers stop.
 */
const DEMO_PROGRESS: Record<string, [lesson: string, daysAgo: number, position: number][]> = {
  'member@example.com': [
    ['training/module1/lesson1', 20, 1],
    ['training/module1/lesson2', 19, 1],
    ['training/module2/lesson1', 17, 1],
    ['training/module2/lesson2', 15, 0.45],
    ['bonus/realworld/chapter1', 16, 1],
  ],
  'member2@example.com': [
    ['training/module1/lesson1', 9, 1],
    ['training/module1/lesson2', 8, 1],
    ['training/module2/lesson1', 6, 1],
    ['training/module2/lesson2', 5, 1],
    ['training/module2/lesson3', 4, 1],
    ['training/module3/lesson1', 2, 0.2],
  ],
}

/** A read to the end counts as completed, as the lesson screen records it. */
async function seedProgress(db: Db, memberId: string, email: string, now: number) {
  const rows = (DEMO_PROGRESS[email] ?? []).map(([lesson, daysAgo, position]) => {
    const at = new Date(now - daysAgo * day)
    return {
      memberId,
      path: `/admin/${lesson}`,
      openedAt: at,
      updatedAt: at,
      position,
      completedAt: position === 1 ? at : null,
    }
  })
  // Only lessons the loaded content has: a content folder of one's own may lack these.
  const known = new Set(
    rows.length
      ? (
          await db
            .select({ path: lessons.path })
            .from(lessons)
            .where(
              inArray(
                lessons.path,
                rows.map((r) => r.path),
              ),
            )
        ).map((r) => r.path)
      : [],
  )
  const kept = rows.filter((r) => known.has(r.path))
  if (kept.length) await db.insert(lessonProgress).values(kept)
}

/**
 * Demo accounts for a newcomer's first start of the embedded database; never on PostgreSQL.
 * Run once the course content is loaded, which the demo's lesson progress refers to.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  if ((await countMembers(db)) > 0) return false
  const ids: Record<string, string> = {}
  for (const account of DEMO_ACCOUNTS) {
    const { password, ...values } = account
    const row = await insertMember(db, { ...values, passwordHash: await hashPassword(password) })
    ids[row.email] = row.id
    if (row.email === 'member@example.com') {
      await seedMemberData(db, row.id, Date.now())
      await seedDemoEarnings(db, row.id, Date.now())
    }
    await seedProgress(db, row.id, row.email, Date.now())
  }
  await seedCommunity(db, ids['admin@example.com']!, ids['member@example.com']!, Date.now())
  // The second demo member chose to appear on the leaderboard; the first has not chosen yet.
  await setListed(db, ids['member2@example.com']!, true)
  // The demo accounts chose their reminder e-mails (a new member is asked on the dashboard).
  for (const id of Object.values(ids)) {
    await saveReminderChoice(db, id, { continue: true, events: true, weekly: true }, new Date())
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
