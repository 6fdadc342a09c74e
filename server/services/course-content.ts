import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

import { eq, isNotNull, notInArray, sql } from 'drizzle-orm'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

import { areaKeySchema } from '@schemas/access'
import { checkSourceBodySchema } from '@schemas/checks'
import { LESSON_KINDS, videoUrlSchema } from '@schemas/courses'

import type { Db } from '../db/client'
import { courses, lessons, serverState, type StoredQuestion } from '../db/schema'
import { replaceSourceChecks } from '../repos/checks'
import { replaceSections, sectionsMissing } from '../repos/courses'
import { RENDERER_VERSION, renderMarkdown, type Rendered } from '../shared/markdown'

const courseFileSchema = z.array(
  z.strictObject({
    key: z.string().regex(/^[a-z0-9]+$/),
    title: z.string().min(1).max(200),
    summary: z.string().min(1).max(400),
    area: areaKeySchema,
    overview: z.string().regex(/^\/admin\//),
    modules: z
      .array(z.strictObject({ number: z.number().int().positive(), title: z.string().min(1) }))
      .default([]),
  }),
)
export type CourseDef = z.infer<typeof courseFileSchema>[number]

export const frontMatterSchema = z.strictObject({
  kind: z.enum(LESSON_KINDS).default('lesson'),
  course: z.string().optional(),
  module: z.number().int().positive().optional(),
  order: z.number().int().positive().optional(),
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().min(1).max(240),
  readingMinutes: z.number().int().positive().max(120),
  video: z.optional(videoUrlSchema),
  area: z.optional(areaKeySchema),
  dripDays: z.number().int().min(0).max(3650).optional(),
  unlocks: z.optional(areaKeySchema),
})
export type FrontMatter = z.infer<typeof frontMatterSchema>

export interface ContentDoc {
  /** The screen path: `/admin/` + the file's path without `.md`. */
  path: string
  file: string
  meta: FrontMatter
  markdown: string
  rendered: Rendered
}

/** A module's knowledge check, from `<course>/module<n>/check.yaml`. */
export interface ContentCheck {
  file: string
  courseKey: string
  module: number
  title: string
  questions: StoredQuestion[]
}

export interface ContentFolder {
  hash: string
  courses: CourseDef[]
  docs: ContentDoc[]
  checks: ContentCheck[]
}

/** A problem with the content files, naming the file and what is wrong. */
export class ContentError extends Error {}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return markdownFiles(path)
    return entry.name.endsWith('.md') && entry.name !== 'README.md' ? [path] : []
  })
}

const describe = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; ')

/**
 * The knowledge check of each module that has one, checked as an administrator's edit is (the
 * contract's schema), its questions' lessons lessons of that module. A question names its lesson
 * by path without `/admin/`, as the lesson files are laid out.
 */
function readChecks(dir: string, courseList: CourseDef[], docs: ContentDoc[], problems: string[]) {
  const checks: ContentCheck[] = []
  const texts: string[] = []
  for (const course of courseList) {
    for (const { number } of course.modules) {
      const file = `${course.key}/module${number}/check.yaml`
      let text: string
      try {
        text = readFileSync(join(dir, file), 'utf8')
      } catch {
        continue
      }
      texts.push(`\0${file}\0${text}`)
      try {
        const data = parseYaml(text, { customTags: [], strict: true }) as {
          questions?: { lesson?: unknown }[]
        }
        for (const question of Array.isArray(data?.questions) ? data.questions : []) {
          if (typeof question?.lesson === 'string') question.lesson = `/admin/${question.lesson}`
        }
        const parsed = checkSourceBodySchema.safeParse(data)
        if (!parsed.success) throw new ContentError(`${file}: ${describe(parsed.error)}`)
        const lessonsOfModule = new Set(
          docs
            .filter((d) => d.meta.course === course.key && d.meta.module === number)
            .map((d) => d.path),
        )
        for (const question of parsed.data.questions) {
          if (!lessonsOfModule.has(question.lesson)) {
            throw new ContentError(
              `${file}: question ${question.id} names ${question.lesson}, not a lesson of this module`,
            )
          }
        }
        checks.push({ file, courseKey: course.key, module: number, ...parsed.data })
      } catch (error) {
        problems.push(
          error instanceof ContentError ? error.message : `${file}: ${(error as Error).message}`,
        )
      }
    }
  }
  return { checks, texts }
}

/** Splits `---\nyaml\n---\nbody`. */
function splitFrontMatter(text: string, file: string) {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text)
  if (!match) throw new ContentError(`${file}: missing front matter (--- … ---) at the top`)
  // Plain YAML only: no custom tags, so front matter can never run code.
  const data: unknown = parseYaml(match[1]!, { customTags: [], strict: true })
  return { data, body: match[2]!.trim() }
}

/** Reads and checks the content folder; throws a ContentError naming every bad file. */
export function readContentFolder(dir: string): ContentFolder {
  const hash = createHash('sha256').update(`renderer ${RENDERER_VERSION}\0`)
  const coursesText = readFileSync(join(dir, 'courses.yaml'), 'utf8')
  hash.update(coursesText)
  const parsedCourses = courseFileSchema.safeParse(parseYaml(coursesText))
  if (!parsedCourses.success) {
    throw new ContentError(`courses.yaml: ${describe(parsedCourses.error)}`)
  }
  const courseList = parsedCourses.data
  const byKey = new Map(courseList.map((c) => [c.key, c]))
  const problems: string[] = []
  const docs: ContentDoc[] = []
  for (const path of markdownFiles(dir).sort()) {
    const file = relative(dir, path).split(sep).join('/')
    const text = readFileSync(path, 'utf8')
    hash.update(`\0${file}\0${text}`)
    try {
      const { data, body } = splitFrontMatter(text, file)
      const parsed = frontMatterSchema.safeParse(data)
      if (!parsed.success) throw new ContentError(`${file}: ${describe(parsed.error)}`)
      const meta = parsed.data
      if (meta.kind === 'lesson') {
        const course = meta.course ? byKey.get(meta.course) : undefined
        if (!course)
          throw new ContentError(`${file}: course "${meta.course}" is not in courses.yaml`)
        if (!meta.order) throw new ContentError(`${file}: a lesson needs an order`)
        if (course.modules.length > 0 && !course.modules.some((m) => m.number === meta.module)) {
          throw new ContentError(`${file}: module ${meta.module} is not a module of ${course.key}`)
        }
      } else if (meta.course) {
        throw new ContentError(`${file}: only lessons belong to a course`)
      }
      if (meta.kind === 'offer' && !meta.unlocks) {
        throw new ContentError(`${file}: an offer names the area it unlocks`)
      }
      if (!body) throw new ContentError(`${file}: the text is empty`)
      docs.push({
        path: `/admin/${file.replace(/\.md$/, '')}`,
        file,
        meta,
        markdown: body,
        rendered: renderMarkdown(body),
      })
    } catch (error) {
      if (error instanceof ContentError) problems.push(error.message)
      else problems.push(`${file}: ${(error as Error).message}`)
    }
  }
  const { checks, texts } = readChecks(dir, courseList, docs, problems)
  for (const text of texts) hash.update(text)
  if (problems.length > 0) throw new ContentError(problems.join('\n'))
  return { hash: hash.digest('hex'), courses: courseList, docs, checks }
}

const CONTENT_HASH = 'content-hash'

/**
 * Loads the content folder into the database when it changed since the last load. The
 * repository's text replaces the `source_*` columns; an administrator's edits stay and keep
 * winning. Files that are gone are removed, with their progress.
 */
export async function syncContent(db: Db, dir: string): Promise<'loaded' | 'unchanged'> {
  const folder = readContentFolder(dir)
  return db.transaction(async (tx) => {
    // Several instances starting together load once, one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(8815402)`)
    const [stored] = await tx
      .select({ value: serverState.value })
      .from(serverState)
      .where(eq(serverState.key, CONTENT_HASH))
    if (stored?.value === folder.hash && !(await sectionsMissing(tx))) return 'unchanged'

    const courseRows = folder.courses.map((c, position) => ({ ...c, position }))
    for (const row of courseRows) {
      await tx
        .insert(courses)
        .values(row)
        .onConflictDoUpdate({
          target: courses.key,
          set: {
            title: row.title,
            summary: row.summary,
            area: row.area,
            overview: row.overview,
            position: row.position,
            modules: row.modules,
          },
        })
    }
    for (const doc of folder.docs) {
      const { meta, rendered } = doc
      const row = {
        path: doc.path,
        kind: meta.kind,
        courseKey: meta.course ?? null,
        module: meta.module ?? null,
        position: meta.order ?? 0,
        area: meta.area ?? null,
        unlocks: meta.unlocks ?? null,
        dripDays: meta.dripDays ?? null,
        summary: meta.summary,
        readingMinutes: meta.readingMinutes,
        sourceTitle: meta.title,
        sourceMarkdown: doc.markdown,
        sourceVideo: meta.video ?? '',
        title: meta.title,
        markdown: doc.markdown,
        video: meta.video ?? '',
        html: rendered.html,
        plain: rendered.plain,
        headings: rendered.headings,
      }
      const keepEdit = <T>(edited: unknown, shown: unknown, fresh: T) =>
        sql`case when ${edited} is null then ${fresh} else ${shown} end`
      await tx
        .insert(lessons)
        .values(row)
        .onConflictDoUpdate({
          target: lessons.path,
          set: {
            kind: row.kind,
            courseKey: row.courseKey,
            module: row.module,
            position: row.position,
            area: row.area,
            unlocks: row.unlocks,
            dripDays: row.dripDays,
            summary: row.summary,
            sourceTitle: row.sourceTitle,
            sourceMarkdown: row.sourceMarkdown,
            sourceVideo: row.sourceVideo,
            title: keepEdit(lessons.editedTitle, lessons.title, row.title),
            video: keepEdit(lessons.editedVideo, lessons.video, row.video),
            markdown: keepEdit(lessons.editedMarkdown, lessons.markdown, row.markdown),
            html: keepEdit(lessons.editedMarkdown, lessons.html, row.html),
            plain: keepEdit(lessons.editedMarkdown, lessons.plain, row.plain),
            headings: keepEdit(
              lessons.editedMarkdown,
              lessons.headings,
              sql`${JSON.stringify(row.headings)}::jsonb`,
            ),
            readingMinutes: keepEdit(
              lessons.editedMarkdown,
              lessons.readingMinutes,
              row.readingMinutes,
            ),
          },
        })
    }
    const paths = folder.docs.map((d) => d.path)
    if (paths.length > 0) await tx.delete(lessons).where(notInArray(lessons.path, paths))
    await replaceSourceChecks(tx, folder.checks)
    const keys = folder.courses.map((c) => c.key)
    if (keys.length > 0) await tx.delete(courses).where(notInArray(courses.key, keys))
    // Sections of the text as shown: an administrator's edit where there is one.
    const edited = new Map(
      (
        await tx
          .select({ path: lessons.path, markdown: lessons.editedMarkdown })
          .from(lessons)
          .where(isNotNull(lessons.editedMarkdown))
      ).map((row) => [row.path, row.markdown!]),
    )
    for (const doc of folder.docs) {
      const markdown = edited.get(doc.path)
      const shown = markdown === undefined ? doc.rendered : renderMarkdown(markdown)
      await replaceSections(tx, doc.path, shown.sections)
    }
    await tx
      .insert(serverState)
      .values({ key: CONTENT_HASH, value: folder.hash })
      .onConflictDoUpdate({
        target: serverState.key,
        set: { value: folder.hash, updatedAt: new Date() },
      })
    return 'loaded'
  })
}
