import { z } from 'zod/mini'

import { areaKeySchema } from './access'
import { roleSchema } from './auth'
import {
  emailSchema,
  endpoint,
  envelope,
  messageSchema,
  optionalName,
  pageOf,
  pageQuery,
  phoneSchema,
  requiredName,
  optionalText as text,
} from './contract'
import { MEMBER_SORT_COLUMNS } from './member-sort'
import { networkAccountSchema } from './network-account'

export { MEMBER_SORT_COLUMNS }

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024
export const PHOTO_MAX_SIDE = 512

export const profileSchema = z.object({
  id: z.string(),
  email: z.email(),
  role: roleSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  address: z.string(),
  username: z.string(),
  note: z.string(),
  /** A cacheable image URL, or null without a photo. */
  photoUrl: z.nullable(z.string()),
  areas: z.array(areaKeySchema),
  twoFactorEnabled: z.boolean(),
  /** Where the member's days begin (IANA); none until their browser or they gave one. */
  timeZone: z.nullable(z.string()),
  createdAt: z.iso.datetime(),
})
export type Profile = z.infer<typeof profileSchema>

/** The text fields of the profile form; the photo travels beside them as a file. */
export const updateProfileBodySchema = z.strictObject({
  /** The form carries the e-mail too; it must match the path (changing it is updateEmail's job). */
  email: z.optional(z.string()),
  firstName: z.optional(optionalName('First name', 80)),
  lastName: z.optional(optionalName('Last name', 80)),
  phone: z.optional(phoneSchema),
  address: z.optional(text('Address', 300)),
  username: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(40, 'Username is at most 40 characters'),
        z.regex(/^[A-Za-z0-9_.-]*$/, 'Username may hold letters, digits, _ . and - only'),
      ),
  ),
  note: z.optional(text('Note', 2000)),
  /** "true" removes the current photo. */
  removePhoto: z.optional(z.enum(['true', 'false'])),
})
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>

export const memberSummarySchema = z.object({
  id: z.string(),
  email: z.email(),
  role: roleSchema,
  firstName: z.string(),
  lastName: z.string(),
  areas: z.array(areaKeySchema),
  createdAt: z.iso.datetime(),
})
export type MemberSummary = z.infer<typeof memberSummarySchema>

export type MemberSortColumn = (typeof MEMBER_SORT_COLUMNS)[number]
export const memberListQuerySchema = z.strictObject({
  search: z.optional(
    z.string().check(z.trim(), z.maxLength(100, 'Search is at most 100 characters')),
  ),
  sort: z._default(z.enum(MEMBER_SORT_COLUMNS), 'createdAt'),
  order: z._default(z.enum(['asc', 'desc']), 'desc'),
  ...pageQuery,
})
export type MemberListQuery = z.input<typeof memberListQuerySchema>

export const memberPageSchema = pageOf(memberSummarySchema)
export type MemberPage = z.infer<typeof memberPageSchema>

export const createMemberBodySchema = z.strictObject({
  email: emailSchema,
  firstName: requiredName('First name', 80),
  lastName: z._default(optionalName('Last name', 80), ''),
  role: z._default(roleSchema, 'member'),
  /** The areas to grant; the free ones when left out. */
  areas: z.optional(z.array(areaKeySchema).check(z.maxLength(50))),
})
export type CreateMemberBody = z.input<typeof createMemberBodySchema>

export const auditEntrySchema = z.object({
  id: z.string(),
  actorEmail: z.string(),
  action: z.enum([
    'member.create',
    'member.email',
    'member.delete',
    'member.access',
    'lesson.edit',
    'lesson.restore',
    'check.edit',
    'check.restore',
    'certificate.revoke',
    'certificate.restore',
    'member.nudge',
    'community.pin',
    'community.lock',
    'community.hide',
    'community.restore',
    'community.delete',
    'community.dismiss',
    'community.mute',
  ]),
  targetEmail: z.string(),
  detail: z.string(),
  createdAt: z.iso.datetime(),
})
export type AuditEntry = z.infer<typeof auditEntrySchema>

/** How each recorded change is named to administrators. */
export const AUDIT_ACTION_LABELS: Record<AuditEntry['action'], string> = {
  'member.create': 'Created',
  'member.email': 'E-mail changed',
  'member.delete': 'Deleted',
  'member.access': 'Access changed',
  'lesson.edit': 'Lesson edited',
  'lesson.restore': 'Lesson restored',
  'check.edit': 'Knowledge check edited',
  'check.restore': 'Knowledge check restored',
  'certificate.revoke': 'Certificate revoked',
  'certificate.restore': 'Certificate restored',
  'member.nudge': 'Nudge sent',
  'community.pin': 'Post pinned or unpinned',
  'community.lock': 'Thread locked or opened',
  'community.hide': 'Post hidden',
  'community.restore': 'Post restored',
  'community.delete': 'Post deleted',
  'community.dismiss': 'Reports dismissed',
  'community.mute': 'Muted in the community',
}

/** Weeks of sign-ups the administrator's dashboard shows, the current one last. */
export const STATS_WEEKS = 12

/** What the administrator's dashboard shows of the membership at a glance. */
export const memberStatsSchema = z.object({
  total: z.number(),
  admins: z.number(),
  /** Members who joined in the 30 days up to now, and in the 30 days before those. */
  joinedLast30Days: z.number(),
  joinedPrevious30Days: z.number(),
  /** Sign-ups per week (weeks start on Monday, UTC), oldest first, the current week last. */
  weeks: z.array(z.object({ start: z.iso.date(), count: z.number() })),
  /** Administrators' changes recorded in the audit log in the last 7 days. */
  adminChangesLast7Days: z.number(),
})
export type MemberStats = z.infer<typeof memberStatsSchema>

/** The spec's member-info state: `member.allMember` lists who may manage page access. */
export const memberInfoSchema = z.object({
  member: z.object({
    id: z.string(),
    email: z.email(),
    allMember: z.array(z.object({ email: z.email() })),
  }),
  /** The member's ClickBank account, key masked; null when none is connected. */
  clickbank: z.nullable(networkAccountSchema),
})

export const members = {
  profile: endpoint({
    method: 'GET',
    path: '/profile/:email',
    access: 'member',
    summary: "A member's profile: the own one, or anyone's for an administrator",
    params: z.strictObject({ email: z.string().check(z.minLength(1), z.maxLength(254)) }),
    response: envelope(profileSchema),
  }),
  updateProfile: endpoint({
    method: 'PUT',
    path: '/updateprofile/:email',
    access: 'member',
    summary: 'Update the own profile (an administrator: anyone’s), with an optional photo',
    params: z.strictObject({ email: z.string().check(z.minLength(1), z.maxLength(254)) }),
    body: updateProfileBodySchema,
    multipart: { file: 'profilePhoto', maxBytes: PHOTO_MAX_BYTES },
    response: envelope(profileSchema),
  }),
  photo: endpoint({
    method: 'GET',
    path: '/photos/:photoId',
    access: 'public',
    summary: 'A profile photo (WebP); the id changes with every upload',
    params: z.strictObject({ photoId: z.uuid() }),
    binary: 'image',
    response: z.unknown(),
  }),
  updateEmail: endpoint({
    method: 'PUT',
    path: '/updateemail',
    access: 'member',
    summary:
      "Change an e-mail: the own one with the current password, or a member's as an administrator",
    query: z.strictObject({ oldEmail: emailSchema, newEmail: emailSchema }),
    body: z.optional(
      z.strictObject({ currentPassword: z.optional(z.string().check(z.maxLength(128))) }),
    ),
    response: envelope(memberSummarySchema),
  }),
  deleteMember: endpoint({
    method: 'DELETE',
    path: '/deleteemail/:email',
    access: 'admin',
    summary: 'Delete a member and everything they keep (administrators)',
    params: z.strictObject({ email: z.string().check(z.minLength(1), z.maxLength(254)) }),
    response: messageSchema,
  }),
  createMember: endpoint({
    method: 'POST',
    path: '/createmember',
    access: 'admin',
    summary: 'Create a member and e-mail them a link to choose a password (administrators)',
    body: createMemberBodySchema,
    status: 201,
    response: envelope(memberSummarySchema),
  }),
  list: endpoint({
    method: 'GET',
    path: '/getmember',
    access: 'admin',
    title: 'List members',
    summary:
      'Members, sorted and paged; search matches e-mail and name anywhere from 3 characters, at the start below that (administrators)',
    query: memberListQuerySchema,
    response: envelope(memberPageSchema),
  }),
  updatePageAccess: endpoint({
    method: 'PUT',
    path: '/updatePageAccess',
    access: 'admin',
    summary: "Set one member's page areas (administrators)",
    body: z.strictObject({
      email: emailSchema,
      areas: z.array(areaKeySchema).check(z.maxLength(50)),
    }),
    response: envelope(memberSummarySchema),
  }),
  memberInfo: endpoint({
    method: 'GET',
    path: '/memberinfo',
    access: 'member',
    summary: 'Member info: the own, or any member’s for an administrator',
    query: z.strictObject({ member_id: z.optional(z.uuid()) }),
    response: envelope(memberInfoSchema),
  }),
  stats: endpoint({
    method: 'GET',
    path: '/memberstats',
    access: 'admin',
    title: 'Membership figures',
    summary:
      'Members, administrators, sign-ups of the last 30 days and 12 weeks, and recent administrators’ changes (administrators)',
    response: envelope(memberStatsSchema),
  }),
  audit: endpoint({
    method: 'GET',
    path: '/audit',
    access: 'admin',
    summary: 'Administrators’ changes to members, newest first (administrators)',
    query: z.strictObject(pageQuery),
    response: envelope(pageOf(auditEntrySchema)),
  }),
}
