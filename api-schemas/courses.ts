import { z } from 'zod/mini'

import { areaKeySchema } from './access'
import { endpoint, envelope, requiredName } from './contract'

export const LESSON_KINDS = ['lesson', 'page', 'offer'] as const
export type LessonKind = (typeof LESSON_KINDS)[number]

/** A screen path of a lesson or page: `/admin/training/module1/lesson1`. */
export const lessonPathSchema = z
  .string()
  .check(
    z.maxLength(200, 'path is at most 200 characters'),
    z.regex(/^\/admin(\/[a-z0-9-]+)+$/i, 'path must be a screen path such as /admin/bonus/20ways'),
  )

const lockSchema = {
  /** The member cannot open it: their membership lacks its area, or it has not opened yet. */
  locked: z.boolean(),
  lockedReason: z.nullable(z.enum(['area', 'drip'])),
  /** When a drip-locked lesson opens for this member. */
  opensAt: z.nullable(z.iso.datetime()),
}

export const lessonItemSchema = z.object({
  path: z.string(),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  summary: z.string(),
  module: z.nullable(z.int()),
  order: z.int(),
  readingMinutes: z.int(),
  hasVideo: z.boolean(),
  completed: z.boolean(),
  ...lockSchema,
})
export type LessonItem = z.infer<typeof lessonItemSchema>

export const completionSchema = z.object({
  completed: z.int(),
  total: z.int(),
})
export type Completion = z.infer<typeof completionSchema>

export const courseSchema = z.object({
  key: z.string(),
  title: z.string(),
  summary: z.string(),
  area: areaKeySchema,
  /** The screen that lists the course. */
  overview: z.string(),
  locked: z.boolean(),
  modules: z.array(
    z.object({
      number: z.int(),
      title: z.string(),
      completion: completionSchema,
      /** The module's knowledge check: its screen, size and the caller's best score in percent. */
      check: z.nullable(
        z.object({
          path: z.string(),
          title: z.string(),
          questions: z.int(),
          best: z.nullable(z.int()),
          passed: z.boolean(),
        }),
      ),
    }),
  ),
  lessons: z.array(lessonItemSchema),
  completion: completionSchema,
})
export type Course = z.infer<typeof courseSchema>

export const resumeSchema = z.object({
  path: z.string(),
  title: z.string(),
  courseTitle: z.string(),
  /** How far down the text the member was, 0–1. */
  position: z.number(),
  updatedAt: z.iso.datetime(),
})
export type Resume = z.infer<typeof resumeSchema>

export const progressSchema = z.object({
  openedAt: z.nullable(z.iso.datetime()),
  completedAt: z.nullable(z.iso.datetime()),
  position: z.number(),
  videoSeconds: z.nullable(z.number()),
})
export type Progress = z.infer<typeof progressSchema>

const neighbourSchema = z.object({ path: z.string(), title: z.string(), locked: z.boolean() })

export const VIDEO_PROVIDERS = ['youtube', 'vimeo', 'mp4'] as const

export const lessonSchema = z.object({
  path: z.string(),
  kind: z.enum(LESSON_KINDS),
  title: z.string(),
  summary: z.string(),
  readingMinutes: z.int(),
  /** Rendered on the server from Markdown without raw HTML; links and images are checked. */
  html: z.string(),
  headings: z.array(z.object({ id: z.string(), text: z.string() })),
  video: z.nullable(
    z.object({ provider: z.enum(VIDEO_PROVIDERS), src: z.string(), url: z.string() }),
  ),
  course: z.nullable(z.object({ key: z.string(), title: z.string(), overview: z.string() })),
  module: z.nullable(z.object({ number: z.int(), title: z.string() })),
  previous: z.nullable(neighbourSchema),
  next: z.nullable(neighbourSchema),
  progress: progressSchema,
  /** Offer pages: what the operator set, and whether this member already has the area. */
  offer: z.nullable(
    z.object({
      unlocks: areaKeySchema,
      owned: z.boolean(),
      price: z.nullable(z.string()),
      checkoutUrl: z.nullable(z.string()),
    }),
  ),
  editedAt: z.nullable(z.iso.datetime()),
})
export type Lesson = z.infer<typeof lessonSchema>

export const MAX_LESSON_MARKDOWN = 100_000

export type VideoEmbed = NonNullable<Lesson['video']>

/** Where a video address plays: a YouTube or Vimeo player, or an .mp4 file; null for anything else. */
export function videoEmbed(url: string): VideoEmbed | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== 'https:') return null
  const host = u.hostname.replace(/^(www|m)\./, '')
  const id = /^[\w-]{6,20}$/
  if (host === 'youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') {
    const v =
      host === 'youtu.be'
        ? u.pathname.slice(1)
        : u.pathname === '/watch'
          ? (u.searchParams.get('v') ?? '')
          : (/^\/(?:embed|shorts|live)\/([^/]+)/.exec(u.pathname)?.[1] ?? '')
    return id.test(v)
      ? {
          provider: 'youtube',
          src: `https://www.youtube-nocookie.com/embed/${v}?enablejsapi=1&rel=0`,
          url,
        }
      : null
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const v = /(?:^|\/)(\d{5,12})(?:\/|$)/.exec(u.pathname)?.[1]
    return v ? { provider: 'vimeo', src: `https://player.vimeo.com/video/${v}`, url } : null
  }
  return /\.mp4$/i.test(u.pathname) ? { provider: 'mp4', src: url, url } : null
}

export const videoUrlSchema = z.string().check(
  z.trim(),
  z.maxLength(500, 'The video address is at most 500 characters'),
  z.refine(
    (url) => url === '' || videoEmbed(url) !== null,
    'The video must be a YouTube or Vimeo address, or an https address of an .mp4 file',
  ),
  z.describe(
    'Empty (no video), a YouTube or Vimeo address of one video, or an https address of an .mp4 file',
  ),
)

export const lessonEditBodySchema = z.strictObject({
  title: requiredName('Title', 200),
  markdown: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'The text is required'),
      z.maxLength(MAX_LESSON_MARKDOWN, 'The text is at most 100,000 characters'),
    ),
  /** Empty: no video. YouTube, Vimeo or an .mp4 file. */
  video: videoUrlSchema,
})
export type LessonEditBody = z.input<typeof lessonEditBodySchema>

export const lessonSourceSchema = z.object({
  path: z.string(),
  title: z.string(),
  markdown: z.string(),
  video: z.string(),
  edited: z.boolean(),
  editedAt: z.nullable(z.iso.datetime()),
  editedBy: z.nullable(z.string()),
})
export type LessonSource = z.infer<typeof lessonSourceSchema>

export const SEARCH_KINDS = [...LESSON_KINDS, 'note', 'post'] as const

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  path: z.string(),
  title: z.string(),
  /** The course, "Page", "Upgrade", "Note" or "Community". */
  context: z.string(),
  /** Plain text around the matches; empty for a locked lesson. */
  snippet: z.string(),
  /** [start, end) character ranges of `snippet` that matched. */
  marks: z.array(z.tuple([z.int(), z.int()])),
  locked: z.boolean(),
})
export type SearchHit = z.infer<typeof searchHitSchema>

const pathQuery = z.strictObject({ path: lessonPathSchema })

/**
 * Sent as `1` on GET /lesson when the app fetches a lesson to keep for reading offline: the
 * lesson is not recorded as opened. (A header, not a query parameter, so the kept copy answers
 * the same address the lesson screen asks for.)
 */
export const OFFLINE_COPY_HEADER = 'x-offline-copy'

export const courses = {
  list: endpoint({
    method: 'GET',
    path: '/courses',
    access: 'member',
    title: 'Courses and progress',
    summary:
      'Every course with its modules and lessons, what is locked for the caller, their completion, and where to resume',
    response: envelope(
      z.object({ courses: z.array(courseSchema), resume: z.nullable(resumeSchema) }),
    ),
  }),
  lesson: endpoint({
    method: 'GET',
    path: '/lesson',
    access: 'member',
    summary:
      'One lesson, page or offer with its text; 403 naming the area, or the opening date, when it is locked. Records that it was opened, unless sent with X-Offline-Copy: 1 (a copy kept for reading offline)',
    query: pathQuery,
    response: envelope(lessonSchema),
  }),
  progress: endpoint({
    method: 'PUT',
    path: '/lesson/progress',
    access: 'member',
    title: 'Save lesson progress',
    summary: 'Save how far the caller got in a lesson, and mark it complete or not',
    query: pathQuery,
    body: z.strictObject({
      position: z.optional(z.number().check(z.gte(0), z.lte(1))),
      videoSeconds: z.optional(z.number().check(z.gte(0), z.lte(86_400))),
      completed: z.optional(z.boolean()),
    }),
    response: envelope(progressSchema),
  }),
  search: endpoint({
    method: 'GET',
    path: '/search',
    access: 'member',
    title: 'Search lessons, notes and the community',
    summary:
      'Full-text search over the lessons, pages, the caller’s notes and the community’s posts and replies the caller may read, ranked, with highlighted snippets; locked lessons match by title only and show no text',
    query: z.strictObject({
      q: z
        .string()
        .check(
          z.trim(),
          z.minLength(2, 'Type at least 2 characters'),
          z.maxLength(200, 'The search is at most 200 characters'),
        ),
    }),
    response: envelope(z.array(searchHitSchema)),
  }),
  source: endpoint({
    method: 'GET',
    path: '/lesson/source',
    access: 'admin',
    title: 'A lesson’s Markdown',
    summary: 'The Markdown of a lesson for editing, and whether it differs from the repository',
    query: pathQuery,
    response: envelope(lessonSourceSchema),
  }),
  edit: endpoint({
    method: 'PUT',
    path: '/lesson/source',
    access: 'admin',
    summary: 'Change a lesson’s title, text and video; kept over the repository text, audited',
    query: pathQuery,
    body: lessonEditBodySchema,
    response: envelope(lessonSourceSchema),
  }),
  restore: endpoint({
    method: 'DELETE',
    path: '/lesson/source',
    access: 'admin',
    summary: 'Drop the edits of a lesson: the repository text shows again; audited',
    query: pathQuery,
    response: envelope(lessonSourceSchema),
  }),
  preview: endpoint({
    method: 'POST',
    path: '/lesson/preview',
    access: 'admin',
    summary: 'Render Markdown as a lesson would show it',
    body: z.strictObject({
      markdown: z
        .string()
        .check(z.maxLength(MAX_LESSON_MARKDOWN, 'The text is at most 100,000 characters')),
    }),
    response: envelope(z.object({ html: z.string() })),
  }),
}
