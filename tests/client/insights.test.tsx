import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import {
  insights,
  type CourseInsights,
  type LearningEarnings,
  type Nudge,
  type SaleGroup,
  type Timeline,
} from '@schemas/insights'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const ADMIN = makeProfile({ email: 'admin@example.com', role: 'admin' })

const courseFigures: CourseInsights = {
  members: 40,
  courses: [
    {
      key: 'training',
      title: 'Digital-marketing training',
      started: 12,
      completed: 3,
      medianDaysToComplete: 9.5,
      mostStopAt: { path: '/admin/training/module2/lesson1', title: 'Finding offers', members: 4 },
      lessons: [
        {
          path: '/admin/training/module1/lesson1',
          title: 'How affiliate marketing works',
          module: 1,
          order: 1,
          readingMinutes: 4,
          reached: 12,
          completed: 10,
          averagePosition: 0.92,
        },
        {
          path: '/admin/training/module2/lesson1',
          title: 'Finding offers',
          module: 2,
          order: 2,
          readingMinutes: 4,
          reached: 8,
          completed: 3,
          averagePosition: 0.41,
        },
      ],
    },
  ],
}

const group = (label: string, members: number | null, within30: number | null): SaleGroup => ({
  label,
  members,
  shown: members !== null,
  medianDaysToFirstSale: members === null ? null : 21,
  within30,
  within60: within30 === null ? null : Math.min(1, within30 + 0.2),
  within90: within30 === null ? null : Math.min(1, within30 + 0.3),
})

const earningsFigures: LearningEarnings = {
  course: { key: 'training', title: 'Digital-marketing training' },
  membersWithEarnings: 14,
  overall: group('All members with earnings', 14, 0.25),
  byCompletion: [
    group('Completed none', 6, 0.1),
    group('Completed some', 5, 0.4),
    group('Completed all', null, null),
  ],
  byModule: [],
}

const nudge: Nudge = {
  memberId: '22222222-2222-4222-8222-222222222222',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  kind: 'idle',
  subject: 'Digital-marketing training',
  detail: 'Completed 2 of 11 lessons',
  since: '2026-10-01T10:00:00.000Z',
  lastWrittenAt: null,
}

function adminSignedIn() {
  storeSession({ email: ADMIN.email, role: 'admin' })
  server.use(
    ...memberHandlers(ADMIN),
    handle(insights.courses, () => ({ data: { data: courseFigures } })),
  )
}

describe('/admin/insights', () => {
  it('shows each course as a funnel: started, reached and completed per lesson, where most stop', async () => {
    adminSignedIn()
    const { screen } = await renderApp('/admin/insights')
    await screen.findByRole('heading', { name: 'Insights', level: 1 })
    const card = await screen.findByRole('table', { name: 'Digital-marketing training: lessons' })
    const rows = within(card).getAllByRole('row')
    expect(rows).toHaveLength(3)
    expect(within(rows[2]!).getByLabelText('8 reached Finding offers')).toBeTruthy()
    expect(within(rows[2]!).getByLabelText('3 completed Finding offers')).toBeTruthy()
    expect(within(rows[2]!).getByText('41%')).toBeTruthy()
    expect(screen.getByText('Finding offers (4)')).toBeTruthy()
    expect(screen.getByText('9.5 days')).toBeTruthy()
    // The least-read lesson first.
    expect(screen.getByText('Read least far:').nextElementSibling!.textContent).toBe(
      'Finding offers · 41%',
    )
  })

  it('lists members who need a nudge and writes to one through the product mail', async () => {
    adminSignedIn()
    const sent: unknown[] = []
    server.use(
      handle(insights.nudges, ({ url }) => ({
        data: {
          data: {
            items: url.searchParams.get('kind') === 'idle' ? [nudge] : [],
            total: url.searchParams.get('kind') === 'idle' ? 1 : 0,
            page: 1,
            pageSize: 20,
          },
        },
      })),
      handle(insights.nudgeDraft, () => ({
        data: {
          data: {
            to: nudge.email,
            subject: 'Your next lesson is waiting',
            body: 'Hi Ada, you were on lesson 3.',
          },
        },
      })),
      handle(insights.sendNudge, ({ body }) => {
        sent.push(body)
        return { data: { data: { sentAt: '2026-11-28T10:00:00.000Z' } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/insights?tab=nudges')
    const table = await screen.findByRole('table', { name: 'No progress in 14 days' })
    expect(within(table).getByText('Completed 2 of 11 lessons')).toBeTruthy()
    await user.click(within(table).getByRole('button', { name: 'Write to Ada Lovelace' }))
    const dialog = await screen.findByRole('dialog', { name: 'Write to Ada Lovelace' })
    const subject = await within(dialog).findByLabelText(/Subject/)
    expect(subject).toHaveProperty('value', 'Your next lesson is waiting')
    await user.clear(subject)
    await user.type(subject, 'Lesson 3 is a short one')
    await user.click(within(dialog).getByRole('button', { name: 'Send e-mail' }))
    await waitFor(() =>
      expect(sent).toEqual([
        {
          memberId: nudge.memberId,
          kind: 'idle',
          subject: 'Lesson 3 is a short one',
          body: 'Hi Ada, you were on lesson 3.',
        },
      ]),
    )
    expect(await screen.findByText('E-mail sent to Ada Lovelace')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Stopped inside a module' }))
    expect(await screen.findByText('No one on this list')).toBeTruthy()
  })

  it('shows first sales by training completed, and nothing for a group under five members', async () => {
    adminSignedIn()
    server.use(handle(insights.learningEarnings, () => ({ data: { data: earningsFigures } })))
    const { screen } = await renderApp('/admin/insights?tab=earnings')
    expect(await screen.findByText(/14 members with a connected Digistore24/)).toBeTruthy()
    expect(screen.getByText('6 members · median 21 days to a first sale')).toBeTruthy()
    expect(screen.getByText('Completed all').nextElementSibling!.textContent).toBe(
      'Fewer than 5 members: not shown',
    )
    expect(screen.getAllByText('40%').length).toBeGreaterThan(0)
  })

  it("shows one member's timeline", async () => {
    adminSignedIn()
    const timeline: Timeline = {
      member: { id: nudge.memberId, name: 'Ada Lovelace', email: nudge.email },
      events: [
        { at: '2026-10-02T10:00:00.000Z', kind: 'firstSale', text: 'First sale on Digistore24' },
        { at: '2026-09-20T10:00:00.000Z', kind: 'lesson', text: 'Completed “Finding offers”' },
        { at: '2026-09-01T10:00:00.000Z', kind: 'joined', text: 'Joined' },
      ],
      counts: { lessonsCompleted: 2, notes: 7, aiUses: 12 },
      lastSeenAt: '2026-11-20T10:00:00.000Z',
    }
    server.use(handle(insights.timeline, () => ({ data: { data: timeline } })))
    const { screen } = await renderApp(`/admin/insights/member/${nudge.memberId}`)
    await screen.findByRole('heading', { name: 'Timeline of Ada Lovelace', level: 1 })
    const list = screen.getByRole('list', { name: 'Timeline' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('First sale on Digistore24'),
      expect.stringContaining('Completed “Finding offers”'),
      expect.stringContaining('Joined'),
    ])
    expect(screen.getByText('12')).toBeTruthy()
  })

  it('shows the server’s refusal to a member', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(insights.courses, () => ({
        status: 403,
        message: 'Only administrators may do this',
      })),
    )
    const { screen } = await renderApp('/admin/insights')
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Only administrators may do this',
    )
  })
})
