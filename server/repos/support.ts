import { desc, eq } from 'drizzle-orm'

import type { SupportMessage } from '@schemas/support'

import type { Db } from '../db/client'
import { supportMessages } from '../db/schema'

const toMessage = (row: typeof supportMessages.$inferSelect): SupportMessage => ({
  id: row.id,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
})

export async function insertSupportMessage(
  db: Db,
  memberId: string,
  values: { subject: string; message: string },
) {
  const [row] = await db
    .insert(supportMessages)
    .values({ ...values, memberId })
    .returning()
  return toMessage(row!)
}

export async function listSupportMessages(db: Db, memberId: string) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.memberId, memberId))
    .orderBy(desc(supportMessages.createdAt))
    .limit(100)
  return rows.map(toMessage)
}
