/** Certificates of completion: one per member and course, kept as they were printed. */
import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'

import { members, owner } from './members'

/**
 * The id is the certificate's public name (`/verify/<id>`): 100 random bits written as 20
 * characters of Crockford's base32 in four groups. The course is kept by key without a
 * reference, and its title and the member's name as printed, so a certificate stays readable
 * when the course is later removed from the content or the member changes their name.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    memberId: owner(),
    courseKey: text('course_key').notNull(),
    memberName: text('member_name').notNull(),
    courseTitle: text('course_title').notNull(),
    /** When the last lesson of the course was completed. */
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The administrator who revoked it; kept revoked when that administrator is deleted. */
    revokedBy: uuid('revoked_by').references(() => members.id, { onDelete: 'set null' }),
  },
  (t) => [
    unique('certificates_member_course_unique').on(t.memberId, t.courseKey),
    check(
      'certificates_id_check',
      sql`${t.id} ~ '^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$'`,
    ),
  ],
)
