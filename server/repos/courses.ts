import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'

import type { Db } from '../db/client'
import { courses, lessonProgress, lessons, members, notes } from '../db/schema'
import { readingMinutes, type Rendered } from '../shared/markdown'

export type CourseRow = typeof courses.$inferSelect
export type LessonRow = typeof lessons.$inferSelect
export type ProgressRow = typeof lessonProgress.$inferSelect

/** Every lesson's outline (no text), in course order. */
export const listCourseOutline = async (db: Db) => {
  const [courseRows, lessonRows] = await Promise.all([
    listCourses(db),
    db
      .select({
        path: lessons.path,
        kind: lessons.kind,
        courseKey: lessons.courseKey,
        module: lessons.module,
        position: lessons.position,
        area: lessons.area,
        dripDays: lessons.dripDays,
        title: lessons.title,
        summary: lessons.summary,
        readingMinutes: lessons.readingMinutes,
        hasVideo: sql<boolean>`${lessons.video} <> ''`,
      })
      .from(lessons)
      .where(eq(lessons.kind, 'lesson'))
      .orderBy(asc(lessons.courseKey), asc(lessons.module), asc(lessons.position)),
  ])
  return { courseRows, lessonRows }
}
export type OutlineLesson = Awaited<ReturnType<typeof listCourseOutline>>['lessonRows'][number]

export const listCourses = (db: Db) => db.select().from(courses).orderBy(asc(courses.position))

export const findLesson = async (db: Db, path: string) =>
  (await db.select().from(lessons).where(eq(lessons.path, path)).limit(1))[0]

export const findCourse = async (db: Db, key: string) =>
  (await db.select().from(courses).where(eq(courses.key, key)).limit(1))[0]

export const listProgress = (db: Db, memberId: string) =>
  db
    .select()
    .from(lessonProgress)
    .where(eq(lessonProgress.memberId, memberId))
    .orderBy(desc(lessonProgress.updatedAt))

export const findProgress = async (db: Db, memberId: string, path: string) =>
  (
    await db
      .select()
      .from(lessonProgress)
      .where(and(eq(lessonProgress.memberId, memberId), eq(lessonProgress.path, path)))
  )[0]

/** Records an opening (or a save) of a lesson; `patch` sets what the member sent. */
export async function saveProgress(
  db: Db,
  memberId: string,
  path: string,
  patch: { position?: number; videoSeconds?: number; completed?: boolean },
  now: Date,
): Promise<ProgressRow> {
  const completedAt = patch.completed === undefined ? undefined : patch.completed ? now : null
  const [row] = await db
    .insert(lessonProgress)
    .values({
      memberId,
      path,
      openedAt: now,
      updatedAt: now,
      position: patch.position ?? 0,
      videoSeconds: patch.videoSeconds ?? null,
      completedAt: completedAt ?? null,
    })
    .onConflictDoUpdate({
      target: [lessonProgress.memberId, lessonProgress.path],
      set: {
        updatedAt: now,
        ...(patch.position === undefined ? {} : { position: patch.position }),
        ...(patch.videoSeconds === undefined ? {} : { videoSeconds: patch.videoSeconds }),
        // Completing twice keeps the first completion time.
        ...(completedAt === undefined
          ? {}
          : {
              completedAt: completedAt
                ? sql`coalesce(${lessonProgress.completedAt}, ${completedAt.toISOString()}::timestamptz)`
                : null,
            }),
      },
    })
    .returning()
  return row!
}

/** An administrator's text replaces what is shown; the repository text stays in `source_*`. */
export async function editLesson(
  db: Db,
  path: string,
  edit: { title: string; markdown: string; video: string; rendered: Rendered },
  editor: string,
  now: Date,
) {
  const [row] = await db
    .update(lessons)
    .set({
      editedTitle: edit.title,
      editedMarkdown: edit.markdown,
      editedVideo: edit.video,
      editedAt: now,
      editedBy: editor,
      title: edit.title,
      markdown: edit.markdown,
      video: edit.video,
      html: edit.rendered.html,
      plain: edit.rendered.plain,
      headings: edit.rendered.headings,
      readingMinutes: readingMinutes(edit.rendered.plain),
    })
    .where(eq(lessons.path, path))
    .returning()
  return row
}

export async function restoreLesson(db: Db, row: LessonRow, rendered: Rendered) {
  const [restored] = await db
    .update(lessons)
    .set({
      editedTitle: null,
      editedMarkdown: null,
      editedVideo: null,
      editedAt: null,
      editedBy: null,
      title: row.sourceTitle,
      markdown: row.sourceMarkdown,
      video: row.sourceVideo,
      html: rendered.html,
      plain: rendered.plain,
      headings: rendered.headings,
      readingMinutes: readingMinutes(rendered.plain),
    })
    .where(eq(lessons.path, row.path))
    .returning()
  return restored
}

export const memberEmail = async (db: Db, id: string | null) =>
  id
    ? ((await db.select({ email: members.email }).from(members).where(eq(members.id, id)))[0]
        ?.email ?? null)
    : null

/** Highlight markers ts_headline puts around matches; the service turns them into ranges. */
export const MARK_START = '\u27E6'
export const MARK_END = '\u27E7'
export const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=24, MinWords=10, MaxFragments=1, FragmentDelimiter=" … "`

/**
 * `hopl track` -> `hopl:* & track:*`: every word, as a prefix, so results come while typing.
 * Only letters and digits reach the query, so nothing the member types is query syntax.
 */
export function prefixQuery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null
}

export async function searchLessons(db: Db, query: string, limit: number) {
  const q = sql`to_tsquery('english', ${query})`
  return db
    .select({
      path: lessons.path,
      kind: lessons.kind,
      title: lessons.title,
      area: lessons.area,
      dripDays: lessons.dripDays,
      courseKey: lessons.courseKey,
      rank: sql<number>`ts_rank_cd(${lessons.searchAll}, ${q})`,
      headMatch: sql<boolean>`${lessons.searchHead} @@ ${q}`,
    })
    .from(lessons)
    .where(sql`${lessons.searchAll} @@ ${q}`)
    .orderBy(sql`ts_rank_cd(${lessons.searchAll}, ${q}) desc`, asc(lessons.path))
    .limit(limit)
}

/** Snippets of the given lessons' text around the matches (only for lessons the member may read). */
export async function lessonHeadlines(db: Db, query: string, paths: string[]) {
  if (paths.length === 0) return new Map<string, string>()
  const rows = await db
    .select({
      path: lessons.path,
      headline: sql<string>`ts_headline('english', ${lessons.plain}, to_tsquery('english', ${query}), ${HEADLINE_OPTIONS})`,
    })
    .from(lessons)
    .where(inArray(lessons.path, paths))
  return new Map(rows.map((r) => [r.path, r.headline]))
}

export async function searchNotes(db: Db, memberId: string, query: string, limit: number) {
  const q = sql`to_tsquery('english', ${query})`
  return db
    .select({
      id: notes.id,
      title: notes.title,
      rank: sql<number>`ts_rank_cd(${notes.search}, ${q})`,
      headline: sql<string>`ts_headline('english', ${notes.body}, ${q}, ${HEADLINE_OPTIONS})`,
    })
    .from(notes)
    .where(and(eq(notes.memberId, memberId), sql`${notes.search} @@ ${q}`))
    .orderBy(sql`ts_rank_cd(${notes.search}, ${q}) desc`)
    .limit(limit)
}
