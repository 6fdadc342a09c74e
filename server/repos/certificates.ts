import { and, asc, count, eq, isNull, max, sql } from 'drizzle-orm'

import type { Db } from '../db/client'
import { certificates, courses, lessonProgress, lessons, members } from '../db/schema'

export type CertificateRow = typeof certificates.$inferSelect
export type NewCertificate = typeof certificates.$inferInsert

/**
 * The courses `memberId` has completed and holds no certificate for: every lesson of kind
 * 'lesson' of the course completed (the rule the course list counts by) and every knowledge check
 * of the course passed, with the time the last of them was done. Only `courseKey`'s course when
 * one is given.
 */
export async function completedWithoutCertificate(db: Db, memberId: string, courseKey?: string) {
  return db
    .select({
      courseKey: lessons.courseKey,
      courseTitle: courses.title,
      // The last lesson completed, or the last module's check first passed, if later.
      completedAt: sql<Date | string>`greatest(${max(lessonProgress.completedAt)}, (
        select max(first_pass) from (
          select min(a.created_at) as first_pass from check_attempts a
          where a.member_id = ${memberId} and a.course_key = ${lessons.courseKey} and a.passed
          group by a.module) passes))`,
    })
    .from(lessons)
    .innerJoin(courses, eq(courses.key, lessons.courseKey))
    .leftJoin(
      lessonProgress,
      and(eq(lessonProgress.path, lessons.path), eq(lessonProgress.memberId, memberId)),
    )
    .leftJoin(
      certificates,
      and(eq(certificates.courseKey, lessons.courseKey), eq(certificates.memberId, memberId)),
    )
    .where(
      and(
        eq(lessons.kind, 'lesson'),
        isNull(certificates.id),
        courseKey ? eq(lessons.courseKey, courseKey) : undefined,
        // Every knowledge check of the course passed.
        sql`not exists (
          select 1 from knowledge_checks k
          where k.course_key = ${lessons.courseKey} and not exists (
            select 1 from check_attempts a
            where a.member_id = ${memberId} and a.course_key = k.course_key
              and a.module = k.module and a.passed))`,
      ),
    )
    .groupBy(lessons.courseKey, courses.title, courses.position)
    .having(sql`${count()} = ${count(lessonProgress.completedAt)}`)
    .orderBy(asc(courses.position))
}

/**
 * Adds a certificate unless the member already holds one for the course (or, never seen in
 * practice, its id is taken: the next request issues it under another); the new row or none.
 */
export async function insertCertificate(db: Db, values: NewCertificate) {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning()
  return row
}

/** A member's certificates, the most recently completed first. */
export const listCertificates = (db: Db, memberId: string) =>
  db
    .select()
    .from(certificates)
    .where(eq(certificates.memberId, memberId))
    .orderBy(sql`${certificates.completedAt} desc`, asc(certificates.courseKey))

export const findCertificate = async (db: Db, id: string) =>
  (await db.select().from(certificates).where(eq(certificates.id, id)).limit(1))[0]

/** Revokes (with who and when) or restores (`revoked` null) a certificate; the row after. */
export async function setRevoked(
  db: Db,
  id: string,
  revoked: { at: Date; by: string } | null,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .update(certificates)
    .set({ revokedAt: revoked?.at ?? null, revokedBy: revoked?.by ?? null })
    .where(eq(certificates.id, id))
    .returning()
  return row
}

/** The name a certificate prints and the address the audit log names, of one member. */
export const certificateHolder = async (db: Db, memberId: string) =>
  (
    await db
      .select({
        email: members.email,
        firstName: members.firstName,
        lastName: members.lastName,
        username: members.username,
      })
      .from(members)
      .where(eq(members.id, memberId))
      .limit(1)
  )[0]
