import { desc, eq } from 'drizzle-orm'

import type { InstagramBio } from '@schemas/instagram'

import type { Db } from '../db/client'
import { instagramBios } from '../db/schema'
import { ownedRows } from './owned'

type BioRow = typeof instagramBios.$inferSelect
export type BioValues = Pick<typeof instagramBios.$inferInsert, 'niche' | 'name' | 'bio' | 'link'>

export const toBio = (row: BioRow): InstagramBio => ({
  id: row.id,
  memberId: row.memberId,
  niche: row.niche,
  name: row.name,
  bio: row.bio,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

/** Create, change, remove and count a member's bios (see owned.ts). */
export const bioRows = ownedRows(instagramBios)

/** A member's bios, the one saved last first. */
export async function listBios(db: Db, memberId: string): Promise<InstagramBio[]> {
  const rows = await db
    .select()
    .from(instagramBios)
    .where(eq(instagramBios.memberId, memberId))
    .orderBy(desc(instagramBios.updatedAt), desc(instagramBios.createdAt), desc(instagramBios.id))
  return rows.map(toBio)
}
