import { eq, sql, type SQL } from 'drizzle-orm'
import MiniSearch from 'minisearch'

import type { Source } from '@schemas/ai'

import type { Db } from '../../db/client'
import { courses, lessons } from '../../db/schema'
import { rowsOf } from '../../repos/insights'
import { renderMarkdown } from '../../shared/markdown'

/** One passage of a lesson or page: a part under one heading, cut to about a paragraph or two. */
export interface Passage extends Source {
  id: number
  kind: 'lesson' | 'page' | 'offer'
  area: string | null
  dripDays: number | null
  courseArea: string | null
}

/** Words that say nothing about what a question is about. */
const STOP = new Set(
  `a about above after again all am an and any are as at be because been before being below
  between both but by can could did do does doing down during each few for from further get got
  had has have having he her here hers him his how i if in into is it its itself just me more
  most my no nor not now of off on once only or other our ours out over own same she should so
  some such than that the their them then there these they this those through to too under until
  up very was we were what when where which while who whom why will with would you your yours
  please tell explain know want need way ways thing things use using make best good really`.split(
    /\s+/,
  ),
)

/**
 * A light stemmer, the same for the lessons and the question, so "choose" finds "choosing" and
 * "cookie" finds "cookies": common endings off, nothing cleverer.
 */
export function stem(word: string) {
  let w = word
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3)
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2)
  else if (w.length > 4 && w.endsWith('ies')) w = w.slice(0, -2)
  else if (w.length > 4 && w.endsWith('es')) w = w.slice(0, -2)
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1)
  if (w.length > 4 && w.endsWith('e')) w = w.slice(0, -1)
  return w
}

const processTerm = (term: string) => {
  const word = term.toLowerCase()
  return STOP.has(word) || word.length < 2 ? null : stem(word)
}

const PASSAGE_CHARS = 900

/** Splits a section's text into passages at line breaks, each at most about PASSAGE_CHARS. */
function cut(text: string): string[] {
  const out: string[] = []
  let current = ''
  for (const line of text.split('\n')) {
    if (current && current.length + line.length > PASSAGE_CHARS) {
      out.push(current)
      current = ''
    }
    current = current ? `${current}\n${line}` : line
  }
  if (current) out.push(current)
  return out
}

/**
 * Questions under lessons with the answer an administrator marked, both still shown: `columns`
 * of `p` (the post), `r` (the answer), `l` (the lesson) and `c` (its course).
 */
const answeredQuestions = (columns: SQL) => sql`
  select ${columns}
  from community_posts p
  join community_replies r on r.id = p.answer_id
  join lessons l on l.path = p.lesson_path
  left join courses c on c.key = l.course_key
  where p.deleted_at is null and p.hidden_at is null
    and r.deleted_at is null and r.hidden_at is null`

export interface Hit {
  passage: Passage
  score: number
}

/**
 * The course's passages in a BM25 index (MiniSearch), with the answers an administrator marked
 * under the lessons, kept in memory and rebuilt when the lessons or those answers change: each search first asks the database for a fingerprint of the lessons (their
 * paths, edit times and stored sizes, read without unpacking their text), so an
 * administrator's edit on any instance is searched from the next question on.
 */
export class CourseIndex {
  private built: { fingerprint: string; search: MiniSearch<Passage>; passages: Passage[] } | null =
    null
  private building: Promise<void> | null = null

  constructor(private readonly db: Db) {}

  private async fingerprint() {
    const [row] = await this.db
      .select({
        value: sql<string>`md5(coalesce(string_agg(${lessons.path} || ':' || coalesce(${lessons.editedAt}::text, '') || ':' || octet_length(${lessons.markdown}), ',' order by ${lessons.path}), ''))`,
      })
      .from(lessons)
    const [answers] = await rowsOf<{ value: string }>(
      this.db.execute(sql`
        select md5(coalesce(string_agg(a.post_id || ':' || a.reply_id || ':' || a.changed, ',' order by a.post_id), '')) as value
        from (${answeredQuestions(sql`p.id as post_id, r.id as reply_id, coalesce(greatest(p.edited_at, r.edited_at)::text, '') as changed`)}) a`),
    )
    return `${row?.value ?? ''}:${answers?.value ?? ''}`
  }

  private async build(fingerprint: string) {
    const rows = await this.db
      .select({
        path: lessons.path,
        kind: lessons.kind,
        title: lessons.title,
        markdown: lessons.markdown,
        area: lessons.area,
        dripDays: lessons.dripDays,
        courseArea: courses.area,
      })
      .from(lessons)
      .leftJoin(courses, eq(courses.key, lessons.courseKey))
    const passages: Passage[] = []
    for (const row of rows) {
      for (const section of renderMarkdown(row.markdown).sections) {
        for (const text of cut(section.plain)) {
          passages.push({
            id: passages.length,
            path: row.path,
            title: row.title,
            heading: section.heading?.text ?? null,
            anchor: section.heading?.id ?? null,
            text,
            kind: row.kind,
            area: row.area,
            dripDays: row.dripDays,
            courseArea: row.courseArea,
          })
        }
      }
    }
    // The community's answers an administrator marked under a lesson, cited as their thread, and
    // read by those who may read the lesson.
    const answers = await rowsOf<{
      postId: string
      replyId: string
      lessonTitle: string
      question: string
      answer: string
      kind: 'lesson' | 'page' | 'offer'
      area: string | null
      dripDays: number | null
      courseArea: string | null
    }>(
      this.db.execute(
        answeredQuestions(sql`p.id as "postId", r.id as "replyId", l.title as "lessonTitle",
          p.plain as question, r.plain as answer, l.kind, l.area, l.drip_days as "dripDays",
          c.area as "courseArea"`),
      ),
    )
    for (const row of answers) {
      passages.push({
        id: passages.length,
        path: `/admin/community/${row.postId}`,
        title: `A question on “${row.lessonTitle}”`,
        heading: 'Answered in the community',
        anchor: `reply-${row.replyId}`,
        text: `Question: ${row.question}\nAnswer: ${row.answer}`.slice(0, PASSAGE_CHARS * 2),
        kind: row.kind,
        area: row.area,
        dripDays: row.dripDays,
        courseArea: row.courseArea,
      })
    }
    const search = new MiniSearch<Passage>({
      fields: ['title', 'heading', 'text'],
      storeFields: [],
      processTerm,
      searchOptions: { boost: { title: 2, heading: 1.5 }, prefix: true, fuzzy: 0.15 },
    })
    search.addAll(passages)
    this.built = { fingerprint, search, passages }
  }

  /** Brings the index up to date with the lessons, building it once for concurrent callers. */
  async fresh() {
    const fingerprint = await this.fingerprint()
    if (this.built?.fingerprint === fingerprint) return this.built
    if (!this.building) {
      this.building = this.build(fingerprint).finally(() => {
        this.building = null
      })
    }
    await this.building
    return this.built!
  }

  /**
   * The best passages for `question` among those `readable` allows, at most two a lesson. A
   * passage counts only when it matches most (three in five) of the question's meaningful words
   * and scores at least a third of the best one, so a question the course does not cover finds
   * nothing rather than something loosely related.
   */
  async search(question: string, readable: (p: Passage) => boolean, limit = 4): Promise<Hit[]> {
    const { search, passages } = await this.fresh()
    const terms = new Set(
      MiniSearch.getDefault('tokenize')(question)
        .map((t: string) => processTerm(t))
        .filter((t: string | null): t is string => t !== null),
    )
    if (terms.size === 0) return []
    const needed = Math.max(1, Math.ceil(terms.size * 0.6))
    let best = 0
    const perLesson = new Map<string, number>()
    const hits: Hit[] = []
    for (const result of search.search(question, {
      filter: (r) => readable(passages[r.id as number]!),
    })) {
      if (result.queryTerms.length < needed) continue
      best ||= result.score
      if (result.score < best / 3) break
      const passage = passages[result.id as number]!
      const n = perLesson.get(passage.path) ?? 0
      if (n >= 2) continue
      perLesson.set(passage.path, n + 1)
      hits.push({ passage, score: result.score })
      if (hits.length >= limit) break
    }
    return hits
  }

  /** How many passages the index holds (for the benchmark). */
  async size() {
    return (await this.fresh()).passages.length
  }
}
