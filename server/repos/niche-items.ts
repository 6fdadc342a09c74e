import { and, asc, count, desc, eq, isNull, max, sql } from 'drizzle-orm'

import type { CustomNiche, NicheItem } from '@schemas/niche-items'

import type { Db } from '../db/client'
import { customNiches, nicheItems } from '../db/schema'

type ItemRow = typeof nicheItems.$inferSelect
export type ItemValues = Omit<
  typeof nicheItems.$inferInsert,
  'id' | 'memberId' | 'niche' | 'customNicheId' | 'phone' | 'createdAt' | 'updatedAt'
>

/** A sheet: one of the four niches of a member, or one of the member's own niches. */
export type Sheet =
  | { memberId: string; niche: string; customNicheId?: undefined }
  | { memberId: string; niche: 'custom'; customNicheId: string }

export const toItem = (row: ItemRow): NicheItem => ({
  id: row.id,
  memberId: row.memberId,
  niche: row.niche,
  customNicheId: row.customNicheId,
  phone: row.phone,
  subNiche: row.subNiche,
  audience: row.audience,
  pain: row.pain,
  offerCategory: row.offerCategory,
  hook: row.hook,
  postFormat: row.postFormat,
  postIdea: row.postIdea,
  cta: row.cta,
  hashtags: row.hashtags,
  status: row.status as NicheItem['status'],
  link: row.link,
  note: row.note,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const inSheet = (sheet: Sheet) =>
  and(
    eq(nicheItems.memberId, sheet.memberId),
    eq(nicheItems.niche, sheet.niche),
    sheet.customNicheId
      ? eq(nicheItems.customNicheId, sheet.customNicheId)
      : isNull(nicheItems.customNicheId),
  )

const sheetOrder = [asc(nicheItems.position), asc(nicheItems.createdAt), asc(nicheItems.id)]

export async function listSheet(db: Db, sheet: Sheet): Promise<NicheItem[]> {
  const rows = await db
    .select()
    .from(nicheItems)
    .where(inSheet(sheet))
    .orderBy(...sheetOrder)
  return rows.map(toItem)
}

/** Every row of a member's own niches, niche by niche. */
export async function listCustomRows(db: Db, memberId: string): Promise<NicheItem[]> {
  const rows = await db
    .select()
    .from(nicheItems)
    .where(and(eq(nicheItems.memberId, memberId), eq(nicheItems.niche, 'custom')))
    .orderBy(asc(nicheItems.customNicheId), ...sheetOrder)
  return rows.map(toItem)
}

export async function listPhoneRows(db: Db, memberId: string): Promise<NicheItem[]> {
  const rows = await db
    .select()
    .from(nicheItems)
    .where(and(eq(nicheItems.memberId, memberId), eq(nicheItems.phone, true)))
    .orderBy(desc(nicheItems.createdAt), desc(nicheItems.id))
  return rows.map(toItem)
}

/** How many rows the sheet holds, and the position after its last row. */
export async function sheetSize(db: Db, sheet: Sheet): Promise<{ rows: number; next: number }> {
  const [found] = await db
    .select({ rows: count(), last: max(nicheItems.position) })
    .from(nicheItems)
    .where(inSheet(sheet))
  return { rows: found?.rows ?? 0, next: (found?.last ?? 0) + 1 }
}

export async function insertRows(
  db: Db,
  sheet: Sheet,
  rows: (ItemValues & { position: number })[],
  phone = false,
): Promise<NicheItem[]> {
  const inserted = await db
    .insert(nicheItems)
    .values(
      rows.map((row) => ({
        ...row,
        memberId: sheet.memberId,
        niche: sheet.niche,
        customNicheId: sheet.customNicheId ?? null,
        phone,
      })),
    )
    .returning()
  return inserted.map(toItem)
}

/** Changes a row of the sheet; a row of any other sheet or member is not found. */
export async function updateRow(
  db: Db,
  where: { memberId: string; niche: string; id: string },
  values: Partial<ItemValues>,
): Promise<NicheItem | undefined> {
  const [row] = await db
    .update(nicheItems)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(nicheItems.id, where.id),
        eq(nicheItems.memberId, where.memberId),
        eq(nicheItems.niche, where.niche),
      ),
    )
    .returning()
  return row && toItem(row)
}

export async function removeRow(
  db: Db,
  where: { memberId: string; niche: string; id: string; customNicheId?: string },
): Promise<boolean> {
  const rows = await db
    .delete(nicheItems)
    .where(
      and(
        eq(nicheItems.id, where.id),
        eq(nicheItems.memberId, where.memberId),
        eq(nicheItems.niche, where.niche),
        where.customNicheId ? eq(nicheItems.customNicheId, where.customNicheId) : undefined,
      ),
    )
    .returning({ id: nicheItems.id })
  return rows.length === 1
}

type CustomNicheRow = typeof customNiches.$inferSelect

const toCustomNiche = (row: CustomNicheRow, rows: number): CustomNiche => ({
  id: row.id,
  label: row.label,
  rows,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export async function listCustomNiches(db: Db, memberId: string): Promise<CustomNiche[]> {
  const rows = await db
    .select({ niche: customNiches, rows: count(nicheItems.id) })
    .from(customNiches)
    .leftJoin(nicheItems, eq(nicheItems.customNicheId, customNiches.id))
    .where(eq(customNiches.memberId, memberId))
    .groupBy(customNiches.id)
    .orderBy(asc(sql`lower(${customNiches.label})`))
  return rows.map((r) => toCustomNiche(r.niche, r.rows))
}

export async function countCustomNiches(db: Db, memberId: string): Promise<number> {
  const [found] = await db
    .select({ n: count() })
    .from(customNiches)
    .where(eq(customNiches.memberId, memberId))
  return found?.n ?? 0
}

/** A member's own niche by its label, whatever its letter case. */
export async function findCustomNiche(db: Db, memberId: string, label: string) {
  const [row] = await db
    .select()
    .from(customNiches)
    .where(
      and(
        eq(customNiches.memberId, memberId),
        eq(sql`lower(${customNiches.label})`, label.trim().toLowerCase()),
      ),
    )
    .limit(1)
  return row
}

export async function insertCustomNiche(db: Db, memberId: string, label: string) {
  const [row] = await db.insert(customNiches).values({ memberId, label }).returning()
  return toCustomNiche(row!, 0)
}

export async function renameCustomNiche(db: Db, memberId: string, id: string, label: string) {
  const [row] = await db
    .update(customNiches)
    .set({ label, updatedAt: new Date() })
    .where(and(eq(customNiches.id, id), eq(customNiches.memberId, memberId)))
    .returning()
  if (!row) return undefined
  const [counted] = await db
    .select({ n: count() })
    .from(nicheItems)
    .where(eq(nicheItems.customNicheId, id))
  return toCustomNiche(row, counted?.n ?? 0)
}

/** Deletes an own niche; its rows go with it (the foreign key cascades). */
export async function removeCustomNiche(db: Db, memberId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(customNiches)
    .where(and(eq(customNiches.id, id), eq(customNiches.memberId, memberId)))
    .returning({ id: customNiches.id })
  return rows.length === 1
}
