import { eq, sql } from 'drizzle-orm'

import type { Profile } from '../../api-schemas/members'
import type { Db } from '../db/client'
import { members } from '../db/schema'

export type MemberRow = typeof members.$inferSelect
export type NewMember = typeof members.$inferInsert

export const findMemberById = async (db: Db, id: string) =>
  (await db.select().from(members).where(eq(members.id, id)).limit(1))[0]

export const findMemberByEmail = async (db: Db, email: string) =>
  (await db.select().from(members).where(eq(members.email, email.trim().toLowerCase())).limit(1))[0]

const tokenSubjectQuery = (db: Db) =>
  db
    .select({
      id: members.id,
      email: members.email,
      role: members.role,
      tokenVersion: members.tokenVersion,
      twoFactorEnabled: sql<boolean>`${members.totpSecret} is not null`,
    })
    .from(members)
    .where(eq(members.id, sql.placeholder('id')))
    .limit(1)
    .prepare('token_subject')

const preparedTokenSubject = new WeakMap<Db, ReturnType<typeof tokenSubjectQuery>>()

/** The fields a token check needs, nothing more: this runs on every authenticated call. */
export async function findTokenSubject(db: Db, id: string) {
  let query = preparedTokenSubject.get(db)
  if (!query) preparedTokenSubject.set(db, (query = tokenSubjectQuery(db)))
  return (await query.execute({ id }))[0]
}

export const countMembers = async (db: Db) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(members))[0]?.n ?? 0

export async function insertMember(db: Db, values: NewMember): Promise<MemberRow> {
  const [row] = await db
    .insert(members)
    .values({ ...values, email: values.email.trim().toLowerCase() })
    .returning()
  return row!
}

export async function updateMember(db: Db, id: string, values: Partial<NewMember>) {
  await db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(members.id, id))
}

/** Revokes every token issued so far; returns the new version. */
export async function bumpTokenVersion(db: Db, id: string, values: Partial<NewMember> = {}) {
  const [row] = await db
    .update(members)
    .set({ ...values, tokenVersion: sql`${members.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(members.id, id))
    .returning({ tokenVersion: members.tokenVersion })
  return row!.tokenVersion
}

/** Records a TOTP step as used, only if it is newer than the last one: replays lose the race. */
export async function claimTotpStep(db: Db, id: string, step: number): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ totpLastStep: step })
    .where(
      sql`${members.id} = ${id} and (${members.totpLastStep} is null or ${members.totpLastStep} < ${step})`,
    )
    .returning({ id: members.id })
  return rows.length === 1
}

export const toProfile = (row: MemberRow): Profile => ({
  id: row.id,
  email: row.email,
  role: row.role,
  firstName: row.firstName,
  lastName: row.lastName,
  phone: row.phone,
  address: row.address,
  username: row.username,
  note: row.note,
  photoUrl: null,
  createdAt: row.createdAt.toISOString(),
})
