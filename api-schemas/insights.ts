import { z } from 'zod/mini'

import { endpoint, envelope, pageOf, pageQuery, requiredName } from './contract'

/**
 * A group of members smaller than this shows no figures (only that it is too small), so no one
 * member's earnings can be read off a bar.
 */
export const MIN_GROUP_SIZE = 5

/** Days without any lesson progress after which a member who started counts as idle. */
export const IDLE_DAYS = 14

/** The windows after joining in which a first sale is counted. */
export const FIRST_SALE_WINDOWS = [30, 60, 90] as const

/** One lesson's step in its course's funnel. */
export const lessonFunnelSchema = z.object({
  path: z.string(),
  title: z.string(),
  module: z.nullable(z.int()),
  order: z.int(),
  readingMinutes: z.int(),
  /** Members who opened it. */
  reached: z.int(),
  /** Members who completed it. */
  completed: z.int(),
  /**
   * How far down its readers got on average (0–1, the furthest reading position recorded, 1 for
   * a completed lesson); null before anyone opened it.
   */
  averagePosition: z.nullable(z.number()),
})
export type LessonFunnel = z.infer<typeof lessonFunnelSchema>

export const courseInsightSchema = z.object({
  key: z.string(),
  title: z.string(),
  /** Members who opened any lesson of the course. */
  started: z.int(),
  /** Members who completed every lesson of it. */
  completed: z.int(),
  /** From opening its first lesson to completing its last, over the members who completed it. */
  medianDaysToComplete: z.nullable(z.number()),
  lessons: z.array(lessonFunnelSchema),
  /**
   * The lesson most members stopped at: the furthest lesson they completed is the one before
   * it, and they have made no progress in the course for IDLE_DAYS. Null when no one stopped.
   */
  mostStopAt: z.nullable(z.object({ path: z.string(), title: z.string(), members: z.int() })),
})
export type CourseInsight = z.infer<typeof courseInsightSchema>

export const courseInsightsSchema = z.object({
  courses: z.array(courseInsightSchema),
  /** Members who are not administrators: the base every share is of. */
  members: z.int(),
})
export type CourseInsights = z.infer<typeof courseInsightsSchema>

export const NUDGE_KINDS = ['idle', 'stopped', 'unopened'] as const
export type NudgeKind = (typeof NUDGE_KINDS)[number]

/** What each list of members who need a nudge holds, for its heading. */
export const NUDGE_LABELS: Record<NudgeKind, string> = {
  idle: `No progress in ${IDLE_DAYS} days`,
  stopped: 'Stopped inside a module',
  unopened: 'Never opened an area they have',
}

export const nudgeSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(NUDGE_KINDS),
  /** The course or area concerned, by its title. */
  subject: z.string(),
  /** What the member did last, for the list: "Completed 1 of 3 lessons of module 2". */
  detail: z.string(),
  /** Their last progress, or when the area was granted for `unopened`. */
  since: z.iso.datetime(),
  /** When an administrator last wrote to them from these lists. */
  lastWrittenAt: z.nullable(z.iso.datetime()),
})
export type Nudge = z.infer<typeof nudgeSchema>

export const nudgeQuerySchema = z.strictObject({
  kind: z.enum(NUDGE_KINDS),
  ...pageQuery,
})
export type NudgeQuery = z.input<typeof nudgeQuerySchema>

/** A prepared e-mail to one member, which the administrator may change before sending. */
export const nudgeDraftSchema = z.object({
  to: z.string(),
  subject: z.string(),
  body: z.string(),
})
export type NudgeDraft = z.infer<typeof nudgeDraftSchema>

const nudgeTarget = {
  memberId: z.uuid('Not a valid member id'),
  kind: z.enum(NUDGE_KINDS),
}

/** One group of members and when they made their first sale; figures null under MIN_GROUP_SIZE. */
export const saleGroupSchema = z.object({
  label: z.string(),
  /** Null when the group is under MIN_GROUP_SIZE: even its size is not shown. */
  members: z.nullable(z.int()),
  shown: z.boolean(),
  medianDaysToFirstSale: z.nullable(z.number()),
  /** Shares (0–1) of the group whose first sale came within 30, 60 and 90 days of joining. */
  within30: z.nullable(z.number()),
  within60: z.nullable(z.number()),
  within90: z.nullable(z.number()),
})
export type SaleGroup = z.infer<typeof saleGroupSchema>

export const learningEarningsSchema = z.object({
  course: z.object({ key: z.string(), title: z.string() }),
  /** Members with a connected Digistore24 or ClickBank account: the base of every group. */
  membersWithEarnings: z.int(),
  overall: saleGroupSchema,
  /** By how much of the course they completed: none, some, all. */
  byCompletion: z.array(saleGroupSchema),
  /** For each module: those who completed it and those who did not. */
  byModule: z.array(
    z.object({
      module: z.int(),
      title: z.string(),
      completed: saleGroupSchema,
      notCompleted: saleGroupSchema,
    }),
  ),
})
export type LearningEarnings = z.infer<typeof learningEarningsSchema>

export const TIMELINE_KINDS = [
  'joined',
  'access',
  'lesson',
  'certificate',
  'nudge',
  'firstSale',
  'lastSeen',
] as const

export const timelineSchema = z.object({
  member: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** Newest first. */
  events: z.array(
    z.object({
      at: z.iso.datetime(),
      kind: z.enum(TIMELINE_KINDS),
      text: z.string(),
    }),
  ),
  counts: z.object({
    lessonsCompleted: z.int(),
    notes: z.int(),
    /** AI tool runs and chatbot questions. */
    aiUses: z.int(),
  }),
  lastSeenAt: z.nullable(z.iso.datetime()),
})
export type Timeline = z.infer<typeof timelineSchema>

export const insights = {
  courses: endpoint({
    method: 'GET',
    path: '/insights/courses',
    access: 'admin',
    title: 'Course funnels',
    summary:
      'For each course: members who started it, reached and completed each lesson, how far they read, where most stop and the median time to complete (administrators)',
    response: envelope(courseInsightsSchema),
  }),
  nudges: endpoint({
    method: 'GET',
    path: '/insights/nudges',
    access: 'admin',
    summary:
      'Members who need a nudge, of one kind: no progress in 14 days, stopped inside a module, or never opened an area they have; longest waiting first (administrators)',
    query: nudgeQuerySchema,
    response: envelope(pageOf(nudgeSchema)),
  }),
  nudgeDraft: endpoint({
    method: 'GET',
    path: '/insights/nudges/draft',
    access: 'admin',
    summary: 'A prepared e-mail to one member who needs a nudge (administrators)',
    query: z.strictObject(nudgeTarget),
    response: envelope(nudgeDraftSchema),
  }),
  sendNudge: endpoint({
    method: 'POST',
    path: '/insights/nudges/mail',
    access: 'admin',
    title: 'E-mail a nudge',
    summary:
      'Send an e-mail to one member who needs a nudge through the product’s mail; recorded in the audit log (administrators)',
    body: z.strictObject({
      ...nudgeTarget,
      // One line: it becomes the mail's Subject header.
      subject: requiredName('Subject', 200),
      body: z.string().check(z.trim(), z.minLength(1, 'Write the message'), z.maxLength(5000)),
    }),
    response: envelope(z.object({ sentAt: z.iso.datetime() })),
  }),
  learningEarnings: endpoint({
    method: 'GET',
    path: '/insights/learning-earnings',
    access: 'admin',
    title: 'Learning and earnings',
    summary:
      'For members with connected earnings: days from joining to the first sale, by how much of a course they completed and by module; no figures for a group under 5 members (administrators)',
    query: z.strictObject({ course: z._default(z.string().check(z.maxLength(40)), 'training') }),
    response: envelope(learningEarningsSchema),
  }),
  timeline: endpoint({
    method: 'GET',
    path: '/insights/members/:memberId/timeline',
    access: 'admin',
    summary:
      'One member’s timeline: joined, areas granted, lessons completed, certificates, first sale, notes and AI use, last seen (administrators)',
    params: z.strictObject({ memberId: z.uuid('Not a valid member id') }),
    response: envelope(timelineSchema),
  }),
}
