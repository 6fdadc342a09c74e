import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'

import type { Db } from '../db/client'
import { courses, lessonProgress, lessons, lessonSections, members, notes } from '../db/schema'
import { readingMinutes, type Rendered, type Section } from '../shared/markdown'
import { rowsOf } from './insights'

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

/** Each course's key, title and area: what a search hit names and locks by. */
export const listCourseNames = (db: Db) =>
  db.select({ key: courses.key, title: courses.title, area: courses.area }).from(courses)

export const findLesson = async (db: Db, path: string) =>
  (await db.select().from(lessons).where(eq(lessons.path, path)).limit(1))[0]

export const findCourse = async (db: Db, key: string) =>
  (await db.select().from(courses).where(eq(courses.key, key)).limit(1))[0]

/** The lessons of a course's module, in order: their screen paths and titles. */
export const lessonsOfModule = (db: Db, courseKey: string, module: number) =>
  db
    .select({ path: lessons.path, title: lessons.title })
    .from(lessons)
    .where(
      and(eq(lessons.courseKey, courseKey), eq(lessons.module, module), eq(lessons.kind, 'lesson')),
    )
    .orderBy(asc(lessons.position))

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
  return db.transaction(async (tx) => {
    const [row] = await tx
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
    if (row) await replaceSections(tx, path, edit.rendered.sections)
    return row
  })
}

export async function restoreLesson(db: Db, row: LessonRow, rendered: Rendered) {
  return db.transaction(async (tx) => {
    const [restored] = await tx
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
    if (restored) await replaceSections(tx, row.path, rendered.sections)
    return restored
  })
}

/** Whether lessons are stored without their sections (a database from before sections). */
export async function sectionsMissing(db: Db) {
  const [row] = await rowsOf<{ missing: boolean }>(
    db.execute(sql`
      select exists (select 1 from lessons) and not exists (select 1 from lesson_sections)
             as missing`),
  )
  return row?.missing ?? false
}

/** A lesson's sections (see `lessonSections`), replaced by those of its text as now shown. */
export async function replaceSections(db: Db, path: string, sections: Section[]) {
  await db.delete(lessonSections).where(eq(lessonSections.path, path))
  if (sections.length === 0) return
  await db.insert(lessonSections).values(
    sections.map((section, position) => ({
      path,
      position,
      anchor: section.heading?.id ?? null,
      plain: section.plain,
    })),
  )
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

/** A member's search as the database matches it (see `searchQuery`). */
export type SearchQuery = SQL

/** How long the last word must be to be matched as the beginning of longer words too. */
const PREFIX_FROM = 3

/**
 * What a member types, as a text-search query (a SQL expression): every word matches as a word,
 * in any of its forms ("ads" finds "ad"), and the last, which may be half typed, also as the
 * beginning of a longer word ("hopl" finds "hoplink"), from three letters on. A prefix of the
 * stem instead ("ad" for "ads") would find "address" and "advice" too, and make a common
 * word's search read a tenth of the index. A last word that is its own stem ("show") is asked
 * once, as a beginning: "show | show:*" would count its texts twice in the planner's estimate,
 * which then reads replies in date order looking for a pair of words half as common as it
 * thinks. Only letters and digits reach the query, so nothing the member types is query syntax;
 * stop words ("these", "has") are left out.
 */
export function searchQuery(text: string): SearchQuery | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8)
  const last = words.pop()
  if (last === undefined) return null
  const word = sql`to_tsquery('english', ${last})`
  const prefix = sql`to_tsquery('simple', ${`${last}:*`})`
  const typed =
    last.length >= PREFIX_FROM
      ? sql`(case when numnode(${word}) = 0 then ${word}
                  when ${word} = to_tsquery('simple', ${last}) then ${prefix}
                  else ${word} || ${prefix} end)`
      : word
  return words.length > 0 ? sql`(to_tsquery('english', ${words.join(' & ')}) && ${typed})` : typed
}

export async function searchLessons(db: Db, q: SearchQuery, limit: number) {
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

/**
 * Snippets of the given lessons' text around the matches (only for lessons the member may read),
 * each from the lesson's section that matches best, with that section's heading to open the
 * lesson at (none above the first heading); a lesson found by its title alone quotes its
 * beginning. Quoting one section
 * rather than the whole lesson reads a sixth of the text: on the embedded database, the
 * snippets of eight long lessons took longer than all the rest of a search.
 */
export async function lessonHeadlines(db: Db, q: SearchQuery, paths: string[]) {
  if (paths.length === 0) return new Map<string, { headline: string; anchor: string | null }>()
  const rows = await rowsOf<{ path: string; headline: string; anchor: string | null }>(
    db.execute(sql`
      select best.path, ts_headline('english', best.plain, ${q}, ${HEADLINE_OPTIONS}) as headline,
             case when best.matched then best.anchor end as anchor
      from (
        select distinct on (s.path) s.path, s.plain, s.anchor, s.search @@ ${q} as matched
        from lesson_sections s
        where s.path in (${sql.join(
          paths.map((p) => sql`${p}`),
          sql`, `,
        )})
        order by s.path, s.search @@ ${q} desc, ts_rank_cd(s.search, ${q}) desc, s.position
      ) best`),
  )
  return new Map(rows.map((r) => [r.path, { headline: r.headline, anchor: r.anchor }]))
}

export async function searchNotes(db: Db, memberId: string, q: SearchQuery, limit: number) {
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
