import { waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'

import type { Certificate, Verification } from '@schemas/certificates'
import type { Course, LessonItem } from '@schemas/courses'
import { API_PREFIX, contract } from '@schemas/index'
import type { MemberSummary } from '@schemas/members'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { chooseFromMenu, renderApp } from './render-app'

const ID = '7K3QD-M9XWB-1F0ZA-QQ4TR'

const verification = (overrides: Partial<Verification> = {}): Verification => ({
  id: ID,
  status: 'genuine',
  memberName: 'Анна Каренина',
  courseTitle: 'Digital-marketing training',
  completedAt: '2026-11-20T10:00:00.000Z',
  issuedAt: '2026-11-21T08:00:00.000Z',
  revokedAt: null,
  ...overrides,
})

const certificate = (overrides: Partial<Certificate> = {}): Certificate => ({
  id: ID,
  courseKey: 'training',
  courseTitle: 'Digital-marketing training',
  memberName: 'Mia Member',
  completedAt: '2026-11-20T10:00:00.000Z',
  issuedAt: '2026-11-21T08:00:00.000Z',
  revokedAt: null,
  ...overrides,
})

describe('/verify/$id', () => {
  it('shows a genuine certificate with its name, course and dates, without signing in', async () => {
    const asked: string[] = []
    server.use(
      handle(contract.certificates.verify, ({ params }) => {
        asked.push(params.id)
        return { data: { data: verification() } }
      }),
    )
    // Typed by hand: lower case, no dashes.
    const { screen, router } = await renderApp(`/verify/${ID.replace(/-/g, '').toLowerCase()}`)
    expect(await screen.findByRole('heading', { name: 'Genuine certificate' })).toBeTruthy()
    expect(asked).toEqual([ID])
    expect(screen.getByText('Анна Каренина completed Digital-marketing training.')).toBeTruthy()
    expect(screen.getByText('Анна Каренина')).toBeTruthy()
    expect(screen.getByText('November 20, 2026')).toBeTruthy()
    expect(screen.getByText('November 21, 2026')).toBeTruthy()
    expect(screen.getByText(ID)).toBeTruthy()
    expect(screen.queryByText(/revoked/i)).toBeNull()
    expect(router.state.location.pathname).toMatch(/^\/verify\//)
  })

  it('says when a certificate was revoked', async () => {
    server.use(
      handle(contract.certificates.verify, () => ({
        data: {
          data: verification({ status: 'revoked', revokedAt: '2026-12-02T12:00:00.000Z' }),
        },
      })),
    )
    const { screen } = await renderApp(`/verify/${ID}`)
    expect(await screen.findByRole('heading', { name: 'Revoked certificate' })).toBeTruthy()
    expect(screen.getByText('This certificate was revoked on December 2, 2026.')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Genuine certificate' })).toBeNull()
  })

  it('says that no certificate has an unknown id', async () => {
    server.use(
      handle(contract.certificates.verify, () => ({
        status: 404,
        message: 'No certificate has this id',
      })),
    )
    const { screen } = await renderApp(`/verify/${ID}`)
    expect(await screen.findByRole('heading', { name: 'No certificate has this id' })).toBeTruthy()
    expect(screen.getByText(ID)).toBeTruthy()
  })

  it('asks nothing for an id that cannot be one, and says no certificate has it', async () => {
    // No handler answers a check: a request would fail the test.
    const { screen } = await renderApp('/verify/not-a-certificate')
    expect(await screen.findByRole('heading', { name: 'No certificate has this id' })).toBeTruthy()
    expect(screen.getByText('not-a-certificate')).toBeTruthy()
  })

  it('offers a retry when the check fails for another reason', async () => {
    let calls = 0
    server.use(
      handle(contract.certificates.verify, () =>
        ++calls === 1
          ? { status: 429, message: 'Too many attempts. Try again later.' }
          : { data: { data: verification() } },
      ),
    )
    const { screen, user } = await renderApp(`/verify/${ID}`)
    expect(
      await screen.findByRole('heading', { name: 'The certificate could not be checked' }),
    ).toBeTruthy()
    expect(screen.getByText('Too many attempts. Try again later.')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Genuine certificate' })).toBeTruthy()
  })
})

const lessons = (completed: number): LessonItem[] =>
  [1, 2].map((n) => ({
    path: `/admin/training/module1/lesson${n}`,
    kind: 'lesson',
    title: `Lesson ${n} title`,
    summary: `What lesson ${n} teaches`,
    module: 1,
    order: n,
    readingMinutes: 4,
    hasVideo: false,
    completed: n <= completed,
    locked: false,
    lockedReason: null,
    opensAt: null,
  }))

const course = (completed: number): Course => ({
  key: 'training',
  title: 'Digital-marketing training',
  summary: 'From the basics to your first campaign.',
  area: 'training',
  overview: '/admin/dgtraining',
  locked: false,
  modules: [{ number: 1, title: 'Foundations', completion: { completed, total: 2 }, check: null }],
  lessons: lessons(completed),
  completion: { completed, total: 2 },
})

const overview = (completed: number, own: Certificate[]) => [
  ...memberHandlers(makeProfile({ areas: ['training'] })),
  handle(contract.courses.list, () => ({
    data: { data: { courses: [course(completed)], resume: null } },
  })),
  handle(contract.certificates.list, () => ({ data: { data: own } })),
]

describe('the certificate on the course overview', () => {
  it('downloads the certificate of a completed course as a PDF and shows where to check it', async () => {
    storeSession()
    const sent: { id: string; auth: string | null }[] = []
    server.use(
      ...overview(2, [certificate()]),
      http.get(`${API_PREFIX}${contract.certificates.pdf.path}`, ({ params, request }) => {
        sent.push({ id: String(params.id), auth: request.headers.get('authorization') })
        return new HttpResponse(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="certificate-training.pdf"',
          },
        })
      }),
    )
    const saved: Blob[] = []
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob)
      return 'blob:certificate'
    })
    URL.revokeObjectURL = vi.fn()
    const names: string[] = []
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download)
    })
    try {
      const { screen, user } = await renderApp('/admin/dgtraining')
      const card = await screen.findByTestId('course-training')
      const panel = await within(card).findByRole('region', { name: 'Certificate of completion' })
      expect(await within(panel).findByText('Mia Member')).toBeTruthy()
      const link = within(panel).getByRole('link', {
        name: `${window.location.origin}/verify/${ID}`,
      })
      expect(link.getAttribute('href')).toBe(`${window.location.origin}/verify/${ID}`)
      await user.click(within(panel).getByRole('button', { name: 'Download certificate' }))
      await waitFor(() => expect(names).toEqual(['certificate-training.pdf']))
      expect(sent).toEqual([{ id: ID, auth: expect.stringMatching(/^Bearer /) }])
      expect(await saved[0]!.text()).toBe('%PDF-')
    } finally {
      click.mockRestore()
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke })
    }
  })

  it('shows no certificate for a course with lessons left, and asks for none', async () => {
    storeSession()
    const asked: string[] = []
    server.use(
      ...overview(1, []),
      handle(contract.certificates.list, () => {
        asked.push('list')
        return { data: { data: [] } }
      }),
    )
    const { screen } = await renderApp('/admin/dgtraining')
    const card = await screen.findByTestId('course-training')
    expect(
      within(card).getByText('Complete every lesson to get a certificate of completion.'),
    ).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Download certificate' })).toBeNull()
    expect(within(card).queryByRole('region', { name: 'Certificate of completion' })).toBeNull()
    expect(asked).toEqual([])
  })

  it('says that a revoked certificate was revoked, with nothing to download', async () => {
    storeSession()
    server.use(...overview(2, [certificate({ revokedAt: '2026-12-02T12:00:00.000Z' })]))
    const { screen } = await renderApp('/admin/dgtraining')
    const card = await screen.findByTestId('course-training')
    expect(
      await within(card).findByText(/This certificate was revoked on December 2, 2026\./),
    ).toBeTruthy()
    expect(within(card).queryByRole('button', { name: 'Download certificate' })).toBeNull()
  })
})

describe('certificates on the administrator’s members screen', () => {
  const ADMIN = 'admin@example.com'
  const member: MemberSummary = {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'member@example.com',
    role: 'member',
    firstName: 'Mia',
    lastName: 'Member',
    areas: ['training'],
    createdAt: '2026-01-05T10:00:00.000Z',
  }

  it('revokes a certificate after a confirmation, and restores it', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    let held = certificate()
    const calls: string[] = []
    server.use(
      ...memberHandlers(makeProfile({ id: 'admin-1', email: ADMIN, role: 'admin' })),
      handle(contract.members.memberInfo, () => ({
        data: {
          data: {
            member: { id: 'admin-1', email: ADMIN, allMember: [{ email: ADMIN }] },
            clickbank: null,
          },
        },
      })),
      handle(contract.members.list, () => ({
        data: { data: { items: [member], total: 1, page: 1, pageSize: 20 } },
      })),
      handle(contract.members.audit, () => ({
        data: { data: { items: [], total: 0, page: 1, pageSize: 10 } },
      })),
      handle(contract.certificates.ofMember, ({ params }) => {
        calls.push(`list ${params.memberId}`)
        return { data: { data: [held] } }
      }),
      handle(contract.certificates.revoke, ({ params }) => {
        calls.push(`revoke ${params.id}`)
        held = { ...held, revokedAt: '2026-12-02T12:00:00.000Z' }
        return { data: { data: held } }
      }),
      handle(contract.certificates.restore, ({ params }) => {
        calls.push(`restore ${params.id}`)
        held = { ...held, revokedAt: null }
        return { data: { data: held } }
      }),
    )
    const { screen, user } = await renderApp('/admin/updateaccess')
    await chooseFromMenu(user, `More actions for ${member.email}`, 'Certificates')
    const dialog = await screen.findByRole('dialog', { name: `Certificates of ${member.email}` })
    expect(await within(dialog).findByText('Digital-marketing training')).toBeTruthy()
    expect(within(dialog).getByText('Genuine')).toBeTruthy()
    expect(within(dialog).getByText(ID)).toBeTruthy()

    await user.click(
      within(dialog).getByRole('button', {
        name: 'Revoke the certificate for Digital-marketing training',
      }),
    )
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Revoke the certificate for Digital-marketing training?',
    })
    // Cancelling revokes nothing.
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(calls).toEqual([`list ${member.id}`])
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Revoke the certificate for Digital-marketing training',
      }),
    )
    const again = await screen.findByRole('alertdialog', {
      name: 'Revoke the certificate for Digital-marketing training?',
    })
    await user.click(within(again).getByRole('button', { name: 'Revoke' }))
    expect(
      await screen.findByText('The certificate for Digital-marketing training was revoked'),
    ).toBeTruthy()
    expect(await within(dialog).findByText('Revoked December 2, 2026')).toBeTruthy()
    expect(calls).toContain(`revoke ${ID}`)

    await user.click(
      within(dialog).getByRole('button', {
        name: 'Restore the certificate for Digital-marketing training',
      }),
    )
    expect(await within(dialog).findByText('Genuine')).toBeTruthy()
    expect(calls).toContain(`restore ${ID}`)
  })
})
