import { waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { FREE_AREAS } from '@schemas/access'
import { contract } from '@schemas/index'
import type { AuditEntry, MemberSummary } from '@schemas/members'

import { OnScreenObserver } from './earnings-fixtures'
import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { chooseFromMenu, renderApp } from './render-app'

// Screens load their code on demand; a busy machine needs more than the default second.

const ADMIN = 'admin@example.com'
const admin = makeProfile({ id: 'admin-1', email: ADMIN, role: 'admin', firstName: 'Ada' })

function summary(overrides: Partial<MemberSummary> = {}): MemberSummary {
  return {
    id: 'member-1',
    email: 'member@example.com',
    role: 'member',
    firstName: 'Mia',
    lastName: 'Member',
    areas: ['training', 'viralLeads'],
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  }
}

const info = (allMember: string[]) =>
  handle(contract.members.memberInfo, () => ({
    data: {
      data: {
        member: {
          id: '00000000-0000-4000-8000-000000000001',
          email: ADMIN,
          allMember: allMember.map((email) => ({ email })),
        },
        clickbank: null,
      },
    },
  }))

/** Members the handlers list, change and delete like the real API. */
function membersBackend(initial: MemberSummary[], audit: AuditEntry[] = []) {
  const members = [...initial]
  const calls: { op: string; body?: unknown; url?: URL }[] = []
  return {
    members,
    calls,
    handlers: [
      info([ADMIN]),
      handle(contract.members.list, ({ url }) => {
        calls.push({ op: 'list', url })
        const search = (url.searchParams.get('search') ?? '').toLowerCase()
        const found = members.filter((m) => m.email.includes(search))
        return { data: { data: { items: found, total: found.length, page: 1, pageSize: 20 } } }
      }),
      handle(contract.members.audit, () => ({
        data: { data: { items: audit, total: audit.length, page: 1, pageSize: 10 } },
      })),
      handle(contract.members.updatePageAccess, ({ body }) => {
        calls.push({ op: 'access', body })
        const member = members.find((m) => m.email === body.email)!
        member.areas = body.areas
        return { data: { data: member } }
      }),
      handle(contract.members.createMember, ({ body }) => {
        calls.push({ op: 'create', body })
        const member = summary({
          id: 'new-1',
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName ?? '',
          areas: body.areas ?? [],
        })
        members.push(member)
        return { status: 201, data: { data: member } }
      }),
      handle(contract.members.updateEmail, ({ url }) => {
        calls.push({ op: 'email', url })
        const member = members.find((m) => m.email === url.searchParams.get('oldEmail'))!
        member.email = url.searchParams.get('newEmail')!
        return { data: { data: member } }
      }),
      handle(contract.members.deleteMember, ({ params }) => {
        calls.push({ op: 'delete' })
        members.splice(
          members.findIndex((m) => m.email === params.email),
          1,
        )
        return { data: { data: { message: 'Member deleted' } } }
      }),
    ],
  }
}

// The parts below the members list are built once scrolled near: here, at once.
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', OnScreenObserver)
  return () => vi.unstubAllGlobals()
})

describe('/admin/updateaccess', () => {
  it('shows a spinner until the member info is loaded', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    server.use(
      ...memberHandlers(admin),
      handle(contract.members.memberInfo, () => new Promise(() => {})),
    )
    const { screen } = await renderApp('/admin/updateaccess')
    expect(await screen.findByRole('status', { name: 'Checking your access' })).toBeTruthy()
  })

  it('sends a member whose e-mail is not in allMember to /auth/404, replacing the entry', async () => {
    storeSession()
    server.use(...memberHandlers(), info([]))
    const { screen, router, history } = await renderApp('/admin/updateaccess')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/404'))
    expect(history.length).toBe(1)
    expect(screen.queryByRole('table', { name: 'Members' })).toBeNull()
  })

  it('shows the members and an empty audit log to an administrator', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const backend = membersBackend([summary(), summary({ id: 'a', email: ADMIN, role: 'admin' })])
    server.use(...memberHandlers(admin), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/updateaccess')
    const table = await screen.findByRole('table', { name: 'Members' })
    expect(within(table).getByText('member@example.com')).toBeTruthy()
    expect(within(table).getByText('All areas')).toBeTruthy()
    // The further actions are in the row's "⋯" menu.
    await user.click(
      within(table).getByRole('button', { name: 'More actions for member@example.com' }),
    )
    const menu = await screen.findByRole('menu', { name: 'More actions for member@example.com' })
    const accounts = within(menu).getByRole('menuitem', { name: 'Affiliate accounts' })
    expect(accounts.getAttribute('href')).toBe('/admin/accountdetail?member_id=member-1')
    expect(within(menu).getByRole('menuitem', { name: 'Timeline' }).getAttribute('href')).toBe(
      '/admin/insights/member/member-1',
    )

    expect(await screen.findByText('No changes yet')).toBeTruthy()
  })

  it('saves a member’s areas from the Access editor', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const backend = membersBackend([summary()])
    server.use(...memberHandlers(admin), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/updateaccess')
    await user.click(await screen.findByRole('button', { name: 'Access of member@example.com' }))
    const dialog = await screen.findByRole('dialog', { name: 'Access of member@example.com' })
    // Each area says its kind, and one whose screens are still to be built says so.
    expect(within(dialog).getByRole('checkbox', { name: 'Chatbot (paid)' })).toBeTruthy()
    const viral = within(dialog).getByRole('checkbox', {
      name: 'Viral leads (free)',
    }) as HTMLInputElement
    expect(viral.checked).toBe(true)
    await user.click(within(dialog).getByText('Viral leads'))
    await user.click(within(dialog).getByText('Chatbot'))
    await user.click(within(dialog).getByRole('button', { name: 'Save access' }))
    expect(await screen.findByText('Access saved for member@example.com')).toBeTruthy()
    expect(backend.calls.find((c) => c.op === 'access')?.body).toEqual({
      email: 'member@example.com',
      areas: ['training', 'chatbot'],
    })
  })

  it('creates a member and says an invitation was e-mailed', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const backend = membersBackend([summary()])
    server.use(...memberHandlers(admin), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/updateaccess')
    await screen.findByRole('table', { name: 'Members' })
    await user.click(screen.getAllByRole('button', { name: 'Create member' })[0]!)
    const dialog = await screen.findByRole('dialog', { name: 'Create member' })
    await user.type(within(dialog).getByLabelText(/^E-mail/), 'Newbie@Example.com')
    await user.type(within(dialog).getByLabelText(/^First name/), 'Newt')
    await user.click(within(dialog).getByRole('button', { name: 'Create member' }))
    expect(
      await screen.findByText(
        'newbie@example.com was created. We e-mailed them an invitation to set a password.',
      ),
    ).toBeTruthy()
    expect(backend.calls.find((c) => c.op === 'create')?.body).toMatchObject({
      email: 'newbie@example.com',
      firstName: 'Newt',
      role: 'member',
      areas: FREE_AREAS,
    })
  })

  it('changes a member’s e-mail', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const backend = membersBackend([summary()])
    server.use(...memberHandlers(admin), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/updateaccess')
    await chooseFromMenu(user, 'More actions for member@example.com', 'Change e-mail')
    const dialog = await screen.findByRole('dialog', { name: 'Change e-mail' })
    await user.type(within(dialog).getByLabelText(/^New e-mail/), 'mia@example.com')
    await user.click(within(dialog).getByRole('button', { name: 'Change e-mail' }))
    expect(await screen.findByText('The member now signs in as mia@example.com')).toBeTruthy()
    const url = backend.calls.find((c) => c.op === 'email')!.url!
    expect(url.searchParams.get('oldEmail')).toBe('member@example.com')
    expect(url.searchParams.get('newEmail')).toBe('mia@example.com')
  })

  it('deletes a member after confirmation and takes the row away at once', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const backend = membersBackend([summary(), summary({ id: 'b', email: 'bo@example.com' })])
    server.use(...memberHandlers(admin), ...backend.handlers)
    const { screen, user } = await renderApp('/admin/updateaccess')
    await chooseFromMenu(user, 'More actions for bo@example.com', 'Delete member')
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete bo@example.com?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByText('bo@example.com')).toBeNull())
    expect(await screen.findByText('bo@example.com was deleted')).toBeTruthy()
    expect(backend.members.map((m) => m.email)).toEqual(['member@example.com'])
  })

  it('opens the members list filtered, sorted and paged as its address says', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const many = Array.from({ length: 25 }, (_, i) =>
      summary({ id: `m-${i}`, email: `person${i}@example.com` }),
    )
    const audit = Array.from({ length: 15 }, (_, i) => ({
      id: `audit-${i}`,
      actorEmail: ADMIN,
      action: 'member.access' as const,
      targetEmail: `person${i}@example.com`,
      detail: `Change ${i}`,
      createdAt: '2026-01-05T10:00:00.000Z',
    }))
    const backend = membersBackend([...many, summary({ id: 'b', email: 'bo@example.com' })], audit)
    server.use(...memberHandlers(admin), ...backend.handlers)

    const filtered = await renderApp('/admin/updateaccess?search=bo')
    const table = await filtered.screen.findByRole('table', { name: 'Members' })
    expect(within(table).getByText('bo@example.com')).toBeTruthy()
    expect(within(table).queryByText('person1@example.com')).toBeNull()
    expect(filtered.screen.getByRole('searchbox', { name: 'Search members' })).toHaveProperty(
      'value',
      'bo',
    )
    expect(backend.calls.at(-1)?.url?.searchParams.get('search')).toBe('bo')
    filtered.view.unmount()

    const { screen } = await renderApp(
      '/admin/updateaccess?search=person&sort=email&order=asc&page=2&auditPage=2',
    )
    const paged = await screen.findByRole('table', { name: 'Members' })
    expect(screen.getByText('21–25 of 25')).toBeTruthy()
    expect(
      within(paged)
        .getByRole('columnheader', { name: /^E-mail/ })
        .getAttribute('aria-sort'),
    ).toBe('ascending')
    const query = backend.calls.at(-1)!.url!.searchParams
    expect(Object.fromEntries(query)).toMatchObject({
      search: 'person',
      sort: 'email',
      order: 'asc',
      page: '2',
    })
    await screen.findByRole('table', { name: 'Audit log' })
    expect(screen.getByText('11–15 of 15')).toBeTruthy()
  })

  it('keeps the search and sort in the address, so back and forward restore them', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const backend = membersBackend([summary(), summary({ id: 'b', email: 'bo@example.com' })])
    server.use(...memberHandlers(admin), ...backend.handlers)
    const { screen, user, router } = await renderApp('/admin/updateaccess')
    const table = await screen.findByRole('table', { name: 'Members' })
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'bo')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ search: 'bo' }))
    await waitFor(() => expect(within(table).queryByText('member@example.com')).toBeNull())
    await user.click(within(table).getByRole('button', { name: /^First name/ }))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({
        search: 'bo',
        sort: 'firstName',
        order: 'asc',
      }),
    )

    // Another view of the list, then back to this one.
    await router.navigate({ to: '/admin/updateaccess', search: { search: 'member' } })
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveProperty(
        'value',
        'member',
      ),
    )
    expect(await screen.findByText('member@example.com')).toBeTruthy()
    router.history.back()
    await waitFor(() =>
      expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveProperty(
        'value',
        'bo',
      ),
    )
    await waitFor(() => expect(screen.queryByText('member@example.com')).toBeNull())
    expect(
      screen.getByRole('columnheader', { name: /^First name/ }).getAttribute('aria-sort'),
    ).toBe('ascending')
  })

  it('shows the member list error with a retry', async () => {
    storeSession({ email: ADMIN, role: 'admin' })
    const backend = membersBackend([summary()])
    let fail = true
    server.use(
      ...memberHandlers(admin),
      handle(contract.members.list, () =>
        fail
          ? { status: 500, message: 'Members table locked' }
          : { data: { data: { items: [summary()], total: 1, page: 1, pageSize: 20 } } },
      ),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp('/admin/updateaccess')
    expect(await screen.findByText('Members table locked')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('table', { name: 'Members' })).toBeTruthy()
  })
})
