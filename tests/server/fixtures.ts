import { eq } from 'drizzle-orm'
import { vi } from 'vitest'

import type { Database } from '../../server/db/client'
import { members } from '../../server/db/schema'
import { MEMBER_CHANGED_CHANNEL } from '../../server/services/subject-cache'
import type { TestApp } from './helpers'

/**
 * Writes a member row past the app, as the command line or another process would, and returns
 * once the app has heard of it: PostgreSQL tells it a moment after the commit, and nothing makes
 * an outside write wait for that.
 */
export async function writeMemberOutside(t: TestApp, id: string, write: () => Promise<unknown>) {
  await write()
  await t.database.heardEverywhere(MEMBER_CHANGED_CHANNEL, id)
}

/** Removes a member row directly, as an administrator's delete would. */
export async function deleteMemberForTest(t: TestApp, id: string) {
  await writeMemberOutside(t, id, () => t.database.db.delete(members).where(eq(members.id, id)))
}

/** Turns an administrator into a member directly, leaving the issued tokens as they are. */
export async function demoteForTest(t: TestApp, id: string) {
  await writeMemberOutside(t, id, () =>
    t.database.db.update(members).set({ role: 'member' }).where(eq(members.id, id)),
  )
}

/** Counts, at the driver, the queries whose text matches: a cache hit makes none. */
export function queryCounter(database: Database, matches: RegExp) {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client
  const spy = vi.spyOn(client, 'query')
  const text = (query: unknown) =>
    typeof query === 'string' ? query : ((query as { text?: string }).text ?? '')
  return {
    get count() {
      return spy.mock.calls.filter(([query]) => matches.test(text(query))).length
    },
    restore: () => spy.mockRestore(),
  }
}
