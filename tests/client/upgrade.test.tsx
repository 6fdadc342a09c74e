import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { AREAS } from '@schemas/access'
import { contract } from '@schemas/index'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their code on demand; a busy machine needs more than the default second.

describe('/admin/upgrade', () => {
  it('lists every area that gives something today, marks the included ones and offers contact for the others', async () => {
    storeSession()
    server.use(...memberHandlers(makeProfile({ areas: ['training', 'viralLeads'] })))
    const { screen, user, router } = await renderApp('/admin/upgrade')
    const catalogue = await screen.findByRole('list', { name: 'Membership areas' })
    const items = within(catalogue).getAllByRole('listitem')
    expect(items).toHaveLength(AREAS.length)
    const training = items.find((li) =>
      within(li).queryByRole('heading', { name: 'Digital-marketing training' }),
    )!
    expect(within(training).getByText('Included')).toBeTruthy()
    expect(within(training).queryByRole('link')).toBeNull()
    const coaching = items.find((li) =>
      within(li).queryByRole('heading', { name: 'Upgrade 3: coaching' }),
    )!
    expect(within(coaching).getByText('Paid upgrade')).toBeTruthy()
    await user.click(within(coaching).getByRole('link', { name: 'Contact us to upgrade' }))
    server.use(handle(contract.support.list, () => ({ data: { data: [] } })))
    expect(await screen.findByRole('heading', { name: 'Contact us', level: 1 })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/admin/contactus')
    expect((screen.getByLabelText(/^Subject/) as HTMLInputElement).value).toBe(
      'Upgrade request: Upgrade 3: coaching',
    )
  })

  it('shows an administrator every area as included', async () => {
    storeSession({ role: 'admin' })
    server.use(...memberHandlers(makeProfile({ role: 'admin', areas: [] })))
    const { screen } = await renderApp('/admin/upgrade')
    expect(await screen.findAllByText('Included')).toHaveLength(AREAS.length)
  })

  it('shows a spinner, then an error with retry when the profile fails', async () => {
    storeSession()
    let fail = true
    server.use(
      handle(contract.members.profile, () =>
        fail
          ? { status: 500, message: 'Profile store down' }
          : { data: { data: makeProfile({ areas: [] }) } },
      ),
      ...memberHandlers().slice(1),
    )
    const { screen, user } = await renderApp('/admin/upgrade')
    expect(await screen.findByRole('status', { name: 'Loading your membership' })).toBeTruthy()
    expect(await screen.findByText('Profile store down')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findAllByText('Paid upgrade')).toHaveLength(
      AREAS.filter((a) => !a.free).length,
    )
  })
})
