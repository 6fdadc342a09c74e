import { hasArea, lockedMessage, type AreaKey } from '@schemas/access'
import { checkPath } from '@schemas/checks'
import {
  videoEmbed,
  type Course,
  type Lesson,
  type LessonItem,
  type LessonSource,
  type Progress,
  type Resume,
  type SearchHit,
} from '@schemas/courses'

import type { Offer } from '../config'
import type { Db } from '../db/client'
import { badRequest, forbidden, notFound } from '../errors'
import { recordAudit } from '../repos/audit'
import { checkSummaries } from '../repos/checks'
import {
  editLesson,
  findCourse,
  findLesson,
  findProgress,
  lessonHeadlines,
  listCourseNames,
  listCourseOutline,
  listProgress,
  MARK_END,
  MARK_START,
  memberEmail,
  restoreLesson,
  saveProgress,
  searchLessons,
  searchNotes,
  searchQuery,
  type CourseRow,
  type LessonRow,
  type OutlineLesson,
  type ProgressRow,
  type SearchQuery,
} from '../repos/courses'
import { renderMarkdown } from '../shared/markdown'
import type { AuthedMember } from './auth'
import type { CertificatesService } from './certificates'

const DAY = 24 * 60 * 60 * 1000

/** A search hit with its full-text rank, to order hits of several kinds together. */
export type RankedHit = SearchHit & { rank: number }

interface Lock {
  locked: boolean
  lockedReason: 'area' | 'drip' | null
  opensAt: string | null
  area: AreaKey | null
}

const OPEN: Lock = { locked: false, lockedReason: null, opensAt: null, area: null }

const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

export interface CoursesDeps {
  db: Db
  now: () => number
  offers: Partial<Record<AreaKey, Offer>>
  /** Issues a course's certificate once its last lesson is completed. */
  certificates: Pick<CertificatesService, 'issueCompleted'>
}

/** Courses, lessons and progress, with locking by page area and drip decided here, for every call. */
export class CoursesService {
  constructor(private readonly deps: CoursesDeps) {}

  private get db() {
    return this.deps.db
  }

  /** Whether `member` may read a lesson: offers are sales pages anyone reads. */
  private lockOf(
    lesson: Pick<LessonRow, 'kind' | 'area' | 'dripDays'>,
    courseArea: string | null | undefined,
    member: AuthedMember,
  ): Lock {
    if (member.role === 'admin' || lesson.kind === 'offer') return OPEN
    const area = (lesson.area ??
      (lesson.kind === 'lesson' ? courseArea : null) ??
      null) as AreaKey | null
    if (area && !hasArea(member, area)) {
      return { locked: true, lockedReason: 'area', opensAt: null, area }
    }
    if (lesson.dripDays) {
      const opens = member.joinedAt.getTime() + lesson.dripDays * DAY
      if (this.deps.now() < opens) {
        return { locked: true, lockedReason: 'drip', opensAt: new Date(opens).toISOString(), area }
      }
    }
    return OPEN
  }

  /** Whether `member` may read a lesson of a course in `courseArea` now (area and drip). */
  mayRead(
    lesson: Pick<LessonRow, 'kind' | 'area' | 'dripDays'>,
    courseArea: string | null,
    member: AuthedMember,
  ) {
    return !this.lockOf(lesson, courseArea, member).locked
  }

  private refuse(lock: Lock, dripDays: number | null): never {
    if (lock.lockedReason === 'area') throw forbidden(lockedMessage(lock.area!))
    throw forbidden(
      `This lesson opens on ${dateText.format(new Date(lock.opensAt!))}, ${dripDays} days after you joined.`,
    )
  }

  async list(member: AuthedMember): Promise<{ courses: Course[]; resume: Resume | null }> {
    const [{ courseRows, lessonRows }, progress, checks] = await Promise.all([
      listCourseOutline(this.db),
      listProgress(this.db, member.id),
      checkSummaries(this.db, member.id),
    ])
    const done = new Set(progress.filter((p) => p.completedAt).map((p) => p.path))
    const courseOf = new Map(courseRows.map((c) => [c.key, c]))
    const items = new Map<string, LessonItem>()
    const list = courseRows.map((course): Course => {
      const lessonsOf = lessonRows.filter((l) => l.courseKey === course.key)
      const courseItems = lessonsOf.map((l) => {
        const item = this.item(l, course, member, done)
        items.set(l.path, item)
        return item
      })
      const completion = (of: LessonItem[]) => ({
        completed: of.filter((i) => i.completed).length,
        total: of.length,
      })
      return {
        key: course.key,
        title: course.title,
        summary: course.summary,
        area: course.area as AreaKey,
        overview: course.overview,
        locked: !hasArea(member, course.area as AreaKey),
        modules: course.modules.map((m) => {
          const check = checks.get(`${course.key}/${m.number}`)
          return {
            ...m,
            completion: completion(courseItems.filter((i) => i.module === m.number)),
            check: check ? { path: checkPath(course.key, m.number), ...check } : null,
          }
        }),
        lessons: courseItems,
        completion: completion(courseItems),
      }
    })
    return { courses: list, resume: this.resume(progress, lessonRows, items, courseOf) }
  }

  private item(
    l: OutlineLesson,
    course: CourseRow,
    member: AuthedMember,
    done: Set<string>,
  ): LessonItem {
    const lock = this.lockOf(l, course.area, member)
    return {
      path: l.path,
      kind: l.kind,
      title: l.title,
      summary: l.summary,
      module: l.module,
      order: l.position,
      readingMinutes: l.readingMinutes,
      hasVideo: l.hasVideo,
      completed: done.has(l.path),
      locked: lock.locked,
      lockedReason: lock.lockedReason,
      opensAt: lock.opensAt,
    }
  }

  /** The last lesson the member was in; when they finished it, the next open one of its course. */
  private resume(
    progress: ProgressRow[],
    lessonRows: OutlineLesson[],
    items: Map<string, LessonItem>,
    courseOf: Map<string, CourseRow>,
  ): Resume | null {
    const last = progress.find((p) => items.has(p.path))
    if (!last) return null
    const at = lessonRows.findIndex((l) => l.path === last.path)
    const candidate = last.completedAt
      ? lessonRows
          .slice(at + 1)
          .find(
            (l) =>
              l.courseKey === lessonRows[at]!.courseKey &&
              !items.get(l.path)!.locked &&
              !items.get(l.path)!.completed,
          )
      : lessonRows[at]
    const item = candidate && items.get(candidate.path)
    if (!candidate || !item || item.locked) return null
    return {
      path: candidate.path,
      title: candidate.title,
      courseTitle: courseOf.get(candidate.courseKey!)?.title ?? '',
      position: candidate.path === last.path ? last.position : 0,
      updatedAt: last.updatedAt.toISOString(),
    }
  }

  /** A lesson the member may read, or the 403 that says why not; 404 for unknown paths. */
  async readable(path: string, member: AuthedMember) {
    const row = await findLesson(this.db, path)
    if (!row) throw notFound('There is no lesson at this address')
    const course = row.courseKey ? await findCourse(this.db, row.courseKey) : undefined
    const lock = this.lockOf(row, course?.area, member)
    if (lock.locked) this.refuse(lock, row.dripDays)
    return { row, course }
  }

  /**
   * One lesson for the member, recorded as opened unless `record` is false: a copy kept for
   * reading offline ("Keep this course offline") is not a visit.
   */
  async lesson(path: string, member: AuthedMember, { record = true } = {}): Promise<Lesson> {
    const { row, course } = await this.readable(path, member)
    const now = new Date(this.deps.now())
    const progress = record
      ? await saveProgress(this.db, member.id, path, {}, now)
      : ((await findProgress(this.db, member.id, path)) ?? unopened(member.id, path, now))
    let previous: Lesson['previous'] = null
    let next: Lesson['next'] = null
    let module: Lesson['module'] = null
    if (course) {
      const { lessonRows } = await listCourseOutline(this.db)
      const own = lessonRows.filter((l) => l.courseKey === course.key)
      const at = own.findIndex((l) => l.path === path)
      const neighbour = (l: OutlineLesson | undefined) =>
        l
          ? { path: l.path, title: l.title, locked: this.lockOf(l, course.area, member).locked }
          : null
      previous = neighbour(own[at - 1])
      next = neighbour(own[at + 1])
      const m = course.modules.find((x) => x.number === row.module)
      module = m ? { number: m.number, title: m.title } : null
    }
    const unlocks = row.unlocks as AreaKey | null
    const offer = unlocks ? this.deps.offers[unlocks] : undefined
    return {
      path: row.path,
      kind: row.kind,
      title: row.title,
      summary: row.summary,
      readingMinutes: row.readingMinutes,
      html: row.html,
      headings: row.headings,
      video: row.video ? videoEmbed(row.video) : null,
      course: course ? { key: course.key, title: course.title, overview: course.overview } : null,
      module,
      previous,
      next,
      progress: toProgress(progress),
      offer: unlocks
        ? {
            unlocks,
            owned: hasArea(member, unlocks),
            price: offer?.price ?? null,
            checkoutUrl: offer?.checkoutUrl ?? null,
          }
        : null,
      editedAt: row.editedAt?.toISOString() ?? null,
    }
  }

  async saveProgress(
    path: string,
    member: AuthedMember,
    patch: { position?: number; videoSeconds?: number; completed?: boolean },
  ): Promise<Progress> {
    const { row } = await this.readable(path, member)
    const saved = await saveProgress(this.db, member.id, path, patch, new Date(this.deps.now()))
    // Completing the last lesson of a course issues its certificate; undoing one keeps it.
    if (patch.completed && row.kind === 'lesson' && row.courseKey) {
      await this.deps.certificates.issueCompleted(member.id, row.courseKey)
    }
    return toProgress(saved)
  }

  async progressOf(path: string, member: AuthedMember) {
    const row = await findProgress(this.db, member.id, path)
    return row ? toProgress(row) : null
  }

  /**
   * The lessons, pages and notes matching `text`, best first, and what `more` finds with the same
   * query (the community's posts), ranked among them.
   */
  async search(
    text: string,
    member: AuthedMember,
    more?: (query: SearchQuery) => Promise<RankedHit[]>,
  ): Promise<SearchHit[]> {
    const query = searchQuery(text)
    if (!query) return []
    const [found, noteRows, courseRows, others] = await Promise.all([
      searchLessons(this.db, query, 40),
      searchNotes(this.db, member.id, query, 5),
      listCourseNames(this.db),
      more ? more(query) : [],
    ])
    const courseOf = new Map(courseRows.map((c) => [c.key, c]))
    // A locked lesson is found by its title or summary only, and shows no text.
    const visible = found
      .map((row) => ({
        row,
        lock: this.lockOf(row, row.courseKey ? courseOf.get(row.courseKey)?.area : null, member),
      }))
      .filter(({ row, lock }) => !lock.locked || row.headMatch)
      .slice(0, 8)
    const headlines = await lessonHeadlines(
      this.db,
      query,
      visible.filter((v) => !v.lock.locked).map((v) => v.row.path),
    )
    const hits: RankedHit[] = visible.map(({ row, lock }) => ({
      kind: row.kind,
      // Opened at the heading of the part that matched.
      path: lock.locked ? row.path : withAnchor(row.path, headlines.get(row.path)?.anchor),
      title: row.title,
      context:
        row.kind === 'offer'
          ? 'Upgrade'
          : row.kind === 'page'
            ? 'Guide'
            : (courseOf.get(row.courseKey ?? '')?.title ?? 'Lesson'),
      ...marked(lock.locked ? '' : (headlines.get(row.path)?.headline ?? '')),
      locked: lock.locked,
      rank: row.rank,
    }))
    for (const note of noteRows) {
      hits.push({
        kind: 'note',
        path: `/admin/notes?note=${note.id}`,
        title: note.title,
        context: 'Note',
        ...marked(note.headline),
        locked: false,
        rank: note.rank,
      })
    }
    hits.push(...others)
    return hits.sort((a, b) => b.rank - a.rank).map(({ rank: _rank, ...hit }) => hit)
  }

  async source(path: string): Promise<LessonSource> {
    const row = await findLesson(this.db, path)
    if (!row) throw notFound('There is no lesson at this address')
    return this.toSource(row)
  }

  private async toSource(row: LessonRow): Promise<LessonSource> {
    return {
      path: row.path,
      title: row.title,
      markdown: row.markdown,
      video: row.video,
      edited: row.editedAt !== null,
      editedAt: row.editedAt?.toISOString() ?? null,
      editedBy: await memberEmail(this.db, row.editedBy),
    }
  }

  async edit(
    path: string,
    body: { title: string; markdown: string; video: string },
    admin: AuthedMember,
  ): Promise<LessonSource> {
    const before = await findLesson(this.db, path)
    if (!before) throw notFound('There is no lesson at this address')
    if (body.video && !videoEmbed(body.video)) {
      throw badRequest('video: must be a YouTube or Vimeo address, or an .mp4 file')
    }
    const rendered = renderMarkdown(body.markdown)
    const row = await editLesson(
      this.db,
      path,
      { ...body, rendered },
      admin.id,
      new Date(this.deps.now()),
    )
    const changed = [
      before.title !== body.title && 'title',
      before.markdown !== body.markdown && 'text',
      before.video !== body.video && 'video',
    ].filter(Boolean)
    await recordAudit(this.db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'lesson.edit',
      targetEmail: path,
      detail: changed.length > 0 ? `Changed: ${changed.join(', ')}` : 'Saved without changes',
    })
    return this.toSource(row!)
  }

  async restore(path: string, admin: AuthedMember): Promise<LessonSource> {
    const row = await findLesson(this.db, path)
    if (!row) throw notFound('There is no lesson at this address')
    const restored = await restoreLesson(this.db, row, renderMarkdown(row.sourceMarkdown))
    await recordAudit(this.db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'lesson.restore',
      targetEmail: path,
      detail: 'Back to the repository text',
    })
    return this.toSource(restored!)
  }
}

/** The progress of a lesson the member has not opened yet. */
const unopened = (memberId: string, path: string, now: Date): ProgressRow => ({
  memberId,
  path,
  openedAt: now,
  updatedAt: now,
  position: 0,
  videoSeconds: null,
  completedAt: null,
})

const toProgress = (row: ProgressRow): Progress => ({
  openedAt: row.openedAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  position: row.position,
  videoSeconds: row.videoSeconds,
})

/** A lesson's address at one of its headings, when there is one. */
const withAnchor = (path: string, anchor: string | null | undefined) =>
  anchor ? `${path}#${anchor}` : path

/** `a ⟦b⟧ c` -> `{ snippet: 'a b c', marks: [[2, 3]] }`. */
export function marked(headline: string): { snippet: string; marks: [number, number][] } {
  let snippet = ''
  const marks: [number, number][] = []
  let start = -1
  for (const ch of headline) {
    if (ch === MARK_START) start = snippet.length
    else if (ch === MARK_END) {
      if (start >= 0 && snippet.length > start) marks.push([start, snippet.length])
      start = -1
    } else snippet += ch === '\n' ? ' ' : ch
  }
  return { snippet, marks }
}
