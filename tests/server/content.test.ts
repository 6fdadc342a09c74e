import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { describe, expect, it } from 'vitest'

import { AREA_KEYS } from '@schemas/access'

import { readContentFolder } from '../../server/services/course-content'
import { allLinks, countWords, internalLinks } from '../../server/shared/markdown'
import {
  COURSE_OVERVIEWS as OVERVIEWS,
  SPEC_CONTENT_PATHS as SPEC_PATHS,
} from '../fixtures/course-paths'

const root = resolve(import.meta.dirname, '../..')
const folder = readContentFolder(resolve(root, 'content'))
const byPath = new Map(folder.docs.map((d) => [d.path, d]))

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

/** The app's own screens, from the generated route tree (paths without parameters). */
const appRoutes = new Set(
  [...readFileSync(resolve(root, 'src/routeTree.gen.ts'), 'utf8').matchAll(/\| '(\/[^'$]*)'/g)].map(
    (m) => m[1]!.replace(/\/$/, '') || '/',
  ),
)

describe('course content', () => {
  it('has a text for every screen of the specification, and nothing else', () => {
    expect([...byPath.keys()].sort()).toEqual([...SPEC_PATHS].sort())
  })

  it('names a screen for every course overview, and every screen has a route', () => {
    expect(folder.courses.map((c) => c.overview).sort()).toEqual(expect.arrayContaining(OVERVIEWS))
    for (const path of [...SPEC_PATHS, ...OVERVIEWS]) {
      const routed =
        appRoutes.has(path) ||
        /^\/admin\/training\/module\d+\/lesson\d+$/.test(path) ||
        /^\/admin\/bonus\/(realworld|sidehustle)\/chapter\d+$/.test(path) ||
        /^\/admin\/digistore\/step\d+$/.test(path)
      expect(routed, `${path} has a screen`).toBe(true)
    }
  })

  it('has valid front matter: lessons in order inside their course and module, offers naming their area', () => {
    for (const course of folder.courses) {
      const lessons = folder.docs.filter((d) => d.meta.course === course.key)
      const modules = course.modules.length > 0 ? course.modules.map((m) => m.number) : [undefined]
      for (const module of modules) {
        const orders = lessons
          .filter((d) => d.meta.module === module)
          .map((d) => d.meta.order)
          .sort((a, b) => a! - b!)
        expect(orders, `${course.key} module ${module}`).toEqual(range(orders.length))
      }
    }
    for (const doc of folder.docs.filter((d) => d.meta.kind === 'offer')) {
      expect(AREA_KEYS).toContain(doc.meta.unlocks)
    }
  })

  it('gives each lesson, chapter and step at least 500 words, and a fair reading time', () => {
    for (const doc of folder.docs) {
      const words = countWords(doc.rendered.plain)
      const least = doc.meta.kind === 'lesson' ? 500 : doc.meta.kind === 'page' ? 300 : 150
      expect(words, `${doc.file} words`).toBeGreaterThanOrEqual(least)
      const minutes = Math.ceil(words / 220)
      expect(
        Math.abs(doc.meta.readingMinutes - minutes),
        `${doc.file} readingMinutes`,
      ).toBeLessThanOrEqual(2)
    }
  })

  it('lists twenty ways, each with a worked example', () => {
    const twenty = byPath.get('/admin/bonus/20ways')!
    const sections = twenty.markdown.split(/^## /m).slice(1)
    const ways = sections.filter((s) => /^### Worked example/m.test(s))
    expect(ways).toHaveLength(20)
  })

  it('links only to screens that exist, and never off the site', () => {
    const targets = new Set([...byPath.keys(), ...OVERVIEWS, ...appRoutes])
    for (const doc of folder.docs) {
      for (const link of internalLinks(doc.markdown)) {
        expect(targets.has(link.replace(/\/$/, '')), `${doc.file} links to ${link}`).toBe(true)
      }
      for (const link of allLinks(doc.markdown)) {
        expect(link, `${doc.file}`).toMatch(/^\/admin\//)
      }
    }
  })

  it('makes every table focusable, so a table wider than a phone scrolls from the keyboard', () => {
    const tables = folder.docs.flatMap((d) => d.rendered.html.match(/<table[^>]*>/g) ?? [])
    expect(tables.length).toBeGreaterThan(0)
    for (const table of tables) expect(table).toBe('<table tabindex="0">')
  })

  it('keeps raw HTML, images and placeholder Latin out of the texts', () => {
    for (const doc of folder.docs) {
      expect(doc.rendered.html, doc.file).not.toMatch(/<(script|img|iframe|style)/i)
      expect(doc.markdown, doc.file).not.toMatch(/\blorem\b/i)
      expect(doc.markdown, doc.file).not.toMatch(/^# /m)
    }
  })
})
