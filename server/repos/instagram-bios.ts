import { and, count, desc, eq } from 'drizzle-orm'

import type { InstagramBio } from '../../api-schemas/instagram'
import type { Db } from '../db/client'
import { instagramBios } from '../db/schema'

type BioRow = typeof instagramBios.$inferSelect
export type BioValues = Pick<typeof instagramBios.$inferInsert, 'niche' | 'name' | 'bio' | 'link'>

const toBio = (row: BioRow): InstagramBio => ({
  id: row.id,
  memberId: row.memberId,
  niche: row.niche,
  name: row.name,
  bio: row.bio,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const mine = (memberId: string, id: string) =>
  and(eq(instagramBios.id, id), eq(instagramBios.memberId, memberId))

/** A member's bios, the one saved last first. */
export async function listBios(db: Db, memberId: string): Promise<InstagramBio[]> {
  const rows = await db
    .select()
    .from(instagramBios)
    .where(eq(instagramBios.memberId, memberId))
    .orderBy(desc(instagramBios.updatedAt), desc(instagramBios.createdAt), desc(instagramBios.id))
  return rows.map(toBio)
}

export async function countBios(db: Db, memberId: string): Promise<number> {
  const [found] = await db
    .select({ n: count() })
    .from(instagramBios)
    .where(eq(instagramBios.memberId, memberId))
  return found?.n ?? 0
}

export async function insertBio(
  db: Db,
  memberId: string,
  values: BioValues,
): Promise<InstagramBio> {
  const [row] = await db
    .insert(instagramBios)
    .values({ ...values, memberId })
    .returning()
  return toBio(row!)
}

/** Replaces a member's bio; a bio of anyone else is not found. */
export async function updateBio(
  db: Db,
  memberId: string,
  id: string,
  values: BioValues,
): Promise<InstagramBio | undefined> {
  const [row] = await db
    .update(instagramBios)
    .set({ ...values, updatedAt: new Date() })
    .where(mine(memberId, id))
    .returning()
  return row && toBio(row)
}

export async function removeBio(db: Db, memberId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(instagramBios)
    .where(mine(memberId, id))
    .returning({ id: instagramBios.id })
  return rows.length === 1
}
