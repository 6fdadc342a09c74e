import { eq } from 'drizzle-orm'

import { members } from '../../server/db/schema'
import type { TestApp } from './helpers'

/** Removes a member row directly, as an administrator's delete would. */
export async function deleteMemberForTest(t: TestApp, id: string) {
  await t.database.db.delete(members).where(eq(members.id, id))
}

/** Turns an administrator into a member directly, leaving the issued tokens as they are. */
export async function demoteForTest(t: TestApp, id: string) {
  await t.database.db.update(members).set({ role: 'member' }).where(eq(members.id, id))
}
