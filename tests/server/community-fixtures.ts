import { eq } from 'drizzle-orm'

import type { AreaKey } from '@schemas/access'

import { members } from '../../server/db/schema'
import { writeMemberOutside } from './fixtures'
import type { TestApp } from './helpers'

const DAY = 24 * 60 * 60 * 1000

/** A member of the community tests: signed in, with the handle the database gave them. */
export interface Who {
  id: string
  email: string
  token: string
  handle: string
}

/**
 * A member (or administrator) who joined a month ago, past the first week's limits, unless
 * `seasoned` is false.
 */
export async function communityMember(
  t: TestApp,
  role: 'admin' | 'member',
  options: { areas?: AreaKey[]; seasoned?: boolean } = {},
): Promise<Who> {
  const m = await t.createMember({ role, ...(options.areas ? { areas: options.areas } : {}) })
  if (options.seasoned !== false) {
    await writeMemberOutside(t, m.id, () =>
      t.database.db
        .update(members)
        .set({ createdAt: new Date(t.clock.now - 30 * DAY) })
        .where(eq(members.id, m.id)),
    )
  }
  const [row] = await t.database.db
    .select({ handle: members.handle })
    .from(members)
    .where(eq(members.id, m.id))
  return {
    id: m.id,
    email: m.email,
    token: await t.login(m.email, m.password),
    handle: row!.handle!,
  }
}
