import { waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'

import { lockedMessage } from '@schemas/access'
import type { Course, LessonItem } from '@schemas/courses'
import { contract } from '@schemas/index'

import { makeLesson, makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const PATH = '/admin/training/module1/lesson2'

const item = (n: number, overrides: Partial<LessonItem> = {}): LessonItem => ({
  path: `/admin/training/module1/lesson${n}`,
  kind: 'lesson',
  title: `Lesson ${n} title`,
  summary: `What lesson ${n} teaches`,
  module: 1,
  order: n,
  readingMinutes: 4,
  hasVideo: false,
  completed: false,
  locked: false,
  lockedReason: null,
  opensAt: null,
  ...overrides,
})

const course = (lessons: LessonItem[], overrides: Partial<Course> = {}): Course => ({
  key: 'training',
  title: 'Digital-marketing training',
  summary: 'From the basics to your first campaign.',
  area: 'training',
  overview: '/admin/dgtraining',
  locked: false,
  modules: [
    {
      number: 1,
      title: 'Foundations',
      completion: { completed: lessons.filter((l) => l.completed).length, total: lessons.length },
      check: null,
    },
  ],
  lessons,
  completion: { completed: lessons.filter((l) => l.completed).length, total: lessons.length },
  ...overrides,
})

const serveLesson = (answer: Parameters<typeof handle<typeof contract.courses.lesson>>[1]) =>
  handle(contract.courses.lesson, answer)

/** Saves the member's progress in a lesson, keeping each change sent (with the lesson's path). */
const serveProgress = (sent: unknown[]) =>
  handle(contract.courses.progress, ({ body, url }) => {
    sent.push({ path: url.searchParams.get('path'), ...body })
    return {
      data: {
        data: {
          openedAt: '2026-03-01T10:00:00.000Z',
          completedAt: body.completed ? '2026-03-01T10:05:00.000Z' : null,
          position: body.position ?? 0,
          videoSeconds: null,
        },
      },
    }
  })

describe('the lesson reader', () => {
  it('shows the text, its table of contents and marks the lesson complete and back', async () => {
    storeSession()
    const sent: unknown[] = []
    server.use(
      ...memberHandlers(makeProfile({ areas: ['training'] })),
      serveLesson(() => ({ data: { data: makeLesson() } })),
      serveProgress(sent),
    )
    const { screen, user } = await renderApp(PATH)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choosing your niche' }),
    ).toBeTruthy()
    expect(screen.getByText('Who buys.')).toBeTruthy()
    expect(screen.getByText('5 min read')).toBeTruthy()
    const toc = screen.getAllByRole('navigation', { name: 'On this page' })[0]!
    expect(
      within(toc)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Audience', 'Pain', 'Offers'])
    const mark = screen.getByRole('button', { name: 'Mark complete' })
    await user.click(mark)
    expect(await screen.findByText('Completed')).toBeTruthy()
    await waitFor(() => expect(sent).toContainEqual({ path: PATH, completed: true, position: 1 }))
    // Where "Mark complete" was, a state and no button: a second press there undoes nothing.
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull()
    expect(screen.getByText('You completed this lesson')).toBeTruthy()
    expect(sent).not.toContainEqual(expect.objectContaining({ completed: false }))
    // Undoing is its own button, and says it was done.
    await user.click(screen.getByRole('button', { name: 'Mark as not done' }))
    await waitFor(() =>
      expect(sent).toContainEqual(expect.objectContaining({ path: PATH, completed: false })),
    )
    expect(await screen.findByText('Marked as not done')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Mark complete' })).toBeTruthy()
  })

  it('opens the next lesson’s link once completing this one unlocks it, the position kept', async () => {
    storeSession()
    const sent: unknown[] = []
    const next = { path: '/admin/training/module2/lesson1', title: 'Finding offers' }
    server.use(
      ...memberHandlers(makeProfile({ areas: ['training'] })),
      // Locked until this lesson is completed, as a course in order is.
      serveLesson(() => ({
        data: {
          data: makeLesson({
            progress: {
              openedAt: '2026-03-01T10:00:00.000Z',
              completedAt: null,
              position: sent.length ? 1 : 0,
              videoSeconds: null,
            },
            next: { ...next, locked: !sent.some((s) => (s as { completed?: boolean }).completed) },
          }),
        },
      })),
      serveProgress(sent),
    )
    const { screen, user } = await renderApp(PATH)
    expect(await screen.findByRole('link', { name: 'Next: Finding offers (locked)' })).toBeTruthy()
    expect(screen.getByText('0% read')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Mark complete' }))
    // The save refreshes the lesson: what changed in it (the next lesson's lock) shows.
    expect(await screen.findByRole('link', { name: 'Next: Finding offers' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Next: Finding offers (locked)' })).toBeNull()
    expect(screen.getByText('You completed this lesson')).toBeTruthy()
    // Undone, the reading position is the member's, not the one the refreshed lesson carries.
    await user.click(screen.getByRole('button', { name: 'Mark as not done' }))
    expect(await screen.findByText('0% read')).toBeTruthy()
    // Its save sent before the test ends: one left waiting would reach the next test's server.
    await waitFor(() =>
      expect(sent).toContainEqual(expect.objectContaining({ path: PATH, completed: false })),
    )
  })

  it('does not complete a lesson again by its end being on screen once the member undid it', async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = []
    // Every element the screen watches comes on screen when the test says so.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        private readonly entry: (typeof observers)[number]
        constructor(callback: IntersectionObserverCallback) {
          this.entry = { callback, targets: [] }
          observers.push(this.entry)
        }
        observe(target: Element) {
          this.entry.targets.push(target)
        }
        unobserve() {}
        disconnect() {
          this.entry.targets = []
        }
        takeRecords() {
          return []
        }
      },
    )
    const reachEnd = () => {
      for (const { callback, targets } of observers) {
        if (targets.length === 0) continue
        callback(
          targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        )
      }
    }
    try {
      storeSession()
      const sent: { completed?: boolean }[] = []
      server.use(
        ...memberHandlers(makeProfile({ areas: ['training'] })),
        serveLesson(() => ({ data: { data: makeLesson() } })),
        serveProgress(sent),
      )
      const { screen, user } = await renderApp(PATH)
      await screen.findByRole('button', { name: 'Mark complete' })
      // The screen starts watching the lesson's end (an empty mark) once its effects have run,
      // which may be after the button is on screen: the end comes on screen once it is watched.
      await waitFor(() =>
        expect(
          observers.some(({ targets }) =>
            targets.some((target) => target.matches('[aria-hidden="true"]:empty')),
          ),
        ).toBe(true),
      )
      reachEnd()
      expect(await screen.findByText('You completed this lesson')).toBeTruthy()
      await user.click(screen.getByRole('button', { name: 'Mark as not done' }))
      await screen.findByRole('button', { name: 'Mark complete' })
      await waitFor(() => expect(sent.filter((b) => b.completed === false)).toHaveLength(1))
      // The end is still (or again) on screen: the member's choice stands.
      reachEnd()
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(screen.getByRole('button', { name: 'Mark complete' })).toBeTruthy()
      expect(sent.filter((b) => b.completed === true)).toHaveLength(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('saves where the member was on leaving, though the page scrolled once the text was gone', async () => {
    storeSession()
    const sent: { path?: string | null; position?: number }[] = []
    server.use(
      ...memberHandlers(makeProfile({ areas: ['training'] })),
      serveLesson(() => ({ data: { data: makeLesson() } })),
      serveProgress(sent),
    )
    // The text's box: 3,000 px tall, its top 1,500 px above the window (jsdom lays nothing out).
    let box = { top: -1500, height: 3000 }
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockImplementation(() =>
        DOMRect.fromRect({ x: 0, y: box.top, width: 800, height: box.height }),
      )
    const scrolled = async () => {
      window.dispatchEvent(new Event('scroll'))
      await new Promise((frame) => requestAnimationFrame(frame))
    }
    try {
      const { screen, router } = await renderApp(PATH)
      await screen.findByRole('button', { name: 'Mark complete' })
      const position = (window.innerHeight + 1500) / 3000
      const read = `${Math.round(position * 100)}% read`
      await waitFor(async () => {
        await scrolled()
        expect(screen.getByText(read)).toBeTruthy()
      })
      // Taken out of the page (no box), the text reads nothing: the scroll that follows is the
      // shorter page's, not the member's.
      box = { top: 0, height: 0 }
      await scrolled()
      expect(screen.getByText(read)).toBeTruthy()
      await router.navigate({ to: '/admin/dashboard' })
      await waitFor(() => expect(sent.filter((body) => body.path === PATH)).toHaveLength(1))
      expect(sent.find((body) => body.path === PATH)?.position).toBeCloseTo(position)
    } finally {
      rect.mockRestore()
    }
  })

  it('moves to the next and previous lesson with the arrow keys and the buttons', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.courses.lesson, ({ url }) => {
        const path = url.searchParams.get('path')!
        return { data: { data: makeLesson({ path, title: `Lesson at ${path}` }) } }
      }),
    )
    const { screen, user, router } = await renderApp(PATH)
    await screen.findByRole('heading', { level: 1, name: `Lesson at ${PATH}` })
    await user.keyboard('{ArrowRight}')
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/training/module2/lesson1'),
    )
    await screen.findByRole('heading', {
      level: 1,
      name: 'Lesson at /admin/training/module2/lesson1',
    })
    await user.click(screen.getByRole('link', { name: 'Previous: How it works' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/training/module1/lesson1'),
    )
  })

  it('shows the upgrade panel and no text for a lesson of an area the member lacks', async () => {
    storeSession()
    server.use(
      ...memberHandlers(makeProfile({ areas: ['training'] })),
      serveLesson(() => ({ status: 403, message: lockedMessage('digistoreTraining') })),
    )
    const { screen } = await renderApp('/admin/digistore/step1')
    const panel = await screen.findByTestId('upgrade-panel')
    expect(within(panel).getByText(lockedMessage('digistoreTraining'))).toBeTruthy()
    expect(within(panel).getByRole('link', { name: 'See upgrade options' })).toBeTruthy()
  })

  it('says when a drip lesson opens', async () => {
    storeSession()
    const message = 'This lesson opens on December 1, 2026, 7 days after you joined.'
    server.use(
      ...memberHandlers(),
      serveLesson(() => ({ status: 403, message })),
    )
    const { screen } = await renderApp('/admin/bonus/sidehustle/chapter12')
    expect(await screen.findByRole('heading', { name: 'Not open yet' })).toBeTruthy()
    expect(screen.getByText(message)).toBeTruthy()
  })

  it('sends an unknown lesson to the 404 screen', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      serveLesson(() => ({ status: 404, message: 'There is no lesson at this address' })),
    )
    const { router } = await renderApp('/admin/training/module7/lesson9')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/404'))
  })

  it('shows an offer’s checkout only when the operator set one', async () => {
    storeSession()
    let checkoutUrl: string | null = 'https://pay.example/upsell1'
    server.use(
      ...memberHandlers(),
      serveLesson(() => ({
        data: {
          data: makeLesson({
            path: '/admin/upgrade/upsell1',
            kind: 'offer',
            title: 'Traffic accelerator',
            course: null,
            module: null,
            previous: null,
            next: null,
            offer: { unlocks: 'upsell1', owned: false, price: 'US$ 47', checkoutUrl },
          }),
        },
      })),
    )
    const first = await renderApp('/admin/upgrade/upsell1')
    const link = await first.screen.findByRole('link', { name: 'Get Traffic accelerator' })
    expect(link.getAttribute('href')).toBe('https://pay.example/upsell1')
    expect(first.screen.getByText('US$ 47')).toBeTruthy()
    expect(first.screen.queryByRole('button', { name: 'Mark complete' })).toBeNull()
    first.view.unmount()

    checkoutUrl = null
    const second = await renderApp('/admin/upgrade/upsell1')
    expect(await second.screen.findByRole('link', { name: 'contact support' })).toBeTruthy()
    expect(second.screen.queryByRole('link', { name: /^Get / })).toBeNull()
  })
})

describe('course overview and resume', () => {
  // The drip lesson opens at 9:00 on 1 December where the member is: the screen writes the
  // member's own date, whatever the time zone.
  const openingDay = new Date(2026, 11, 1, 9)

  it('lists modules with their completion, lessons with their state, and continues', async () => {
    storeSession()
    const lessons = [
      item(1, { completed: true }),
      item(2),
      item(3, { locked: true, lockedReason: 'drip', opensAt: openingDay.toISOString() }),
    ]
    server.use(
      ...memberHandlers(),
      handle(contract.courses.list, () => ({
        data: { data: { courses: [course(lessons)], resume: null } },
      })),
      serveLesson(() => ({ data: { data: makeLesson() } })),
    )
    const { screen, user, router } = await renderApp('/admin/dgtraining')
    const card = await screen.findByTestId('course-training')
    expect(within(card).getByText('1 of 3 done')).toBeTruthy()
    expect(within(card).getByRole('link', { name: /^Lesson 1 title \(Completed\)/ })).toBeTruthy()
    expect(
      within(card).getByRole('link', {
        name: /^Lesson 3 title \(Locked, opens December 1, 2026\)/,
      }),
    ).toBeTruthy()
    await user.click(within(card).getByRole('link', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH))
  })

  it('ends a module with its knowledge check and the best score, and asks for it before the certificate', async () => {
    storeSession()
    const lessons = [item(1, { completed: true }), item(2, { completed: true })]
    const withCheck = (best: number | null, passed: boolean) =>
      course(lessons, {
        modules: [
          {
            number: 1,
            title: 'Foundations',
            completion: { completed: 2, total: 2 },
            check: {
              path: '/admin/training/module1/check',
              title: 'Foundations: check',
              questions: 6,
              best,
              passed,
            },
          },
        ],
        completion: { completed: 2, total: 2 },
      })
    server.use(
      ...memberHandlers(),
      handle(contract.courses.list, () => ({
        data: { data: { courses: [withCheck(67, false)], resume: null } },
      })),
      handle(contract.certificates.list, () => ({ data: { data: [] } })),
    )
    const { screen } = await renderApp('/admin/dgtraining')
    const card = await screen.findByTestId('course-training')
    expect(
      within(card)
        .getByRole('link', { name: 'Knowledge check 6 questions · Best 67 %, not passed yet' })
        .getAttribute('href'),
    ).toBe('/admin/training/module1/check')
    expect(
      await within(card).findByText(
        'Complete every lesson and pass each module’s knowledge check to get a certificate of completion.',
      ),
    ).toBeTruthy()
  })

  it('offers the last lesson on the dashboard, at its position', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.courses.list, () => ({
        data: {
          data: {
            courses: [course([item(1, { completed: true }), item(2)])],
            resume: {
              path: PATH,
              title: 'Lesson 2 title',
              courseTitle: 'Digital-marketing training',
              position: 0.42,
              updatedAt: '2026-03-01T10:00:00.000Z',
            },
          },
        },
      })),
      serveLesson(() => ({ data: { data: makeLesson() } })),
    )
    const { screen, user, router } = await renderApp('/admin/dashboard')
    const card = await screen.findByTestId('resume-card')
    await within(card).findByRole('heading', { name: 'Continue where you left off' })
    expect(within(card).getByText(/42% read/)).toBeTruthy()
    await user.click(within(card).getByRole('link', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH))
  })

  it('after a finished course, offers the next course with that course’s own bar', async () => {
    storeSession()
    const bonus = course(
      [
        item(1, { path: '/admin/bonus/realworld/chapter1', title: 'Chapter one' }),
        item(2, { path: '/admin/bonus/realworld/chapter2', title: 'Chapter two' }),
      ],
      { key: 'realworld', title: 'The real-world affiliate playbook', overview: '/admin/bonus' },
    )
    server.use(
      ...memberHandlers(),
      handle(contract.courses.list, () => ({
        data: {
          data: {
            courses: [course([item(1, { completed: true }), item(2, { completed: true })]), bonus],
            resume: null,
          },
        },
      })),
    )
    const { screen } = await renderApp('/admin/dashboard')
    const card = await screen.findByTestId('resume-card')
    await within(card).findByRole('heading', { name: 'Start your next course' })
    expect(card.textContent).toContain('Chapter one · The real-world affiliate playbook')
    expect(
      within(card).getByRole('progressbar', {
        name: 'The real-world affiliate playbook completed',
      }),
    ).toBeTruthy()
    expect(within(card).getByText('0% · 0/2')).toBeTruthy()
    expect(within(card).queryByText('100% · 2/2')).toBeNull()
  })

  it('says the course is finished, with its certificate, when its last lesson is completed', async () => {
    storeSession()
    let done = false
    const lessons = () => [item(1, { completed: true }), item(2, { completed: done })]
    server.use(
      ...memberHandlers(),
      handle(contract.courses.list, () => ({
        data: { data: { courses: [course(lessons())], resume: null } },
      })),
      serveLesson(() => ({
        data: {
          data: makeLesson({
            course: {
              key: 'training',
              title: 'Digital-marketing training',
              overview: '/admin/dgtraining',
            },
          }),
        },
      })),
      handle(contract.courses.progress, () => {
        done = true
        return {
          data: { data: { ...makeLesson().progress, completedAt: '2026-03-01T10:05:00.000Z' } },
        }
      }),
    )
    const { screen, user } = await renderApp(PATH)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('heading', { name: /You finished/ })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Mark complete' }))
    expect(
      await screen.findByRole('heading', { name: 'You finished Digital-marketing training' }),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Get your certificate' }).getAttribute('href')).toBe(
      '/admin/dgtraining',
    )
  })
})
