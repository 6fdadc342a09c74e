import { and, eq, ne, sql } from 'drizzle-orm'

import type { AreaKey } from '@schemas/access'
import type { Profile } from '@schemas/members'

import type { Db } from '../db/client'
import { memberPhotos, members } from '../db/schema'

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
      areas: members.areas,
      joinedAt: members.createdAt,
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
  const row = (await query.execute({ id }))[0]
  return row && { ...row, areas: row.areas as AreaKey[] }
}

export type TokenSubject = NonNullable<Awaited<ReturnType<typeof findTokenSubject>>>

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

export const photoUrl = (photoId: string | null) => (photoId ? `/api/photos/${photoId}` : null)

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
  photoUrl: photoUrl(row.photoId),
  areas: row.areas as AreaKey[],
  twoFactorEnabled: row.totpSecret !== null,
  timeZone: row.timeZone,
  createdAt: row.createdAt.toISOString(),
})

export async function deleteMember(db: Db, id: string) {
  await db.delete(members).where(eq(members.id, id))
}

/** E-mails of everyone who may manage page access. */
export async function adminEmails(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: members.email })
    .from(members)
    .where(eq(members.role, 'admin'))
    .orderBy(members.email)
  return rows.map((r) => r.email)
}

/** Stores a new photo and makes it the member's, removing the earlier ones. */
export async function replacePhoto(
  db: Db,
  memberId: string,
  photo: { content: Buffer; contentType: string } | null,
) {
  await db.transaction(async (tx) => {
    let photoId: string | null = null
    if (photo) {
      const [row] = await tx
        .insert(memberPhotos)
        .values({ ...photo, memberId })
        .returning({ id: memberPhotos.id })
      photoId = row!.id
    }
    await tx.update(members).set({ photoId, updatedAt: new Date() }).where(eq(members.id, memberId))
    await tx
      .delete(memberPhotos)
      .where(
        photoId
          ? and(eq(memberPhotos.memberId, memberId), ne(memberPhotos.id, photoId))
          : eq(memberPhotos.memberId, memberId),
      )
  })
}

export async function findPhoto(db: Db, id: string) {
  const [row] = await db
    .select({ content: memberPhotos.content, contentType: memberPhotos.contentType })
    .from(memberPhotos)
    .where(eq(memberPhotos.id, id))
    .limit(1)
  return row
}
