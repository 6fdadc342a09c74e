import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contactsKey, emptyContact, type Contact } from '@/stores/contacts'

import { storeSession } from './factories'
import { memberHandlers } from './handlers'
import { server } from './msw'
import { renderApp } from './render-app'

// Screens load their code on demand; a busy machine needs more than the default second.

const OWNER = 'member@example.com'

function contact(overrides: Partial<Contact>): Contact {
  return { ...emptyContact, id: crypto.randomUUID(), ...overrides }
}

function seed(list: Contact[], owner = OWNER) {
  localStorage.setItem(contactsKey(owner), JSON.stringify(list))
}

const stored = (owner = OWNER) =>
  JSON.parse(localStorage.getItem(contactsKey(owner)) ?? '[]') as Contact[]

async function open(path = '/admin/contacts') {
  storeSession()
  server.use(...memberHandlers())
  const app = await renderApp(path)
  await app.screen.findByRole('heading', { name: 'Contacts', level: 1 })
  return app
}

describe('/admin/contacts', () => {
  it('starts empty with a way to add the first contact, kept for this e-mail only', async () => {
    seed([contact({ firstname: 'Other', lastname: 'Person' })], 'someone@example.com')
    const { screen, user } = await open()
    expect(screen.getByText('No contacts yet')).toBeTruthy()
    // Links, not buttons: each opens in a new tab too.
    const adds = screen.getAllByRole('link', { name: 'Add contact' })
    expect(adds.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/contacts?id=new',
      '/admin/contacts?id=new',
    ])
    await user.click(adds[0]!)
    const form = await screen.findByRole('form', { name: 'Add contact' })
    await user.click(within(form).getByRole('button', { name: 'Add contact' }))
    expect(await within(form).findByText('Give at least a name or an e-mail address')).toBeTruthy()
    await user.type(within(form).getByLabelText(/^First name/), 'Linus')
    await user.type(within(form).getByLabelText(/^Company/), 'Kernel Ltd')
    await user.type(within(form).getByLabelText(/^E-mail/), 'not-an-email')
    await user.click(within(form).getByRole('button', { name: 'Add contact' }))
    expect(await within(form).findByText('Enter a valid e-mail address')).toBeTruthy()
    await user.clear(within(form).getByLabelText(/^E-mail/))
    await user.type(within(form).getByLabelText(/^E-mail/), 'linus@example.com')
    await user.click(within(form).getByRole('button', { name: 'Add contact' }))
    expect(await screen.findByText('Linus added')).toBeTruthy()
    expect(stored()).toMatchObject([
      { firstname: 'Linus', company: 'Kernel Ltd', email: 'linus@example.com', deleted: false },
    ])
    expect(stored('someone@example.com')).toHaveLength(1)
  })

  it('filters: all by default, starred, frequently contacted', async () => {
    seed([
      contact({ firstname: 'Sam', starred: true }),
      contact({ firstname: 'Fran', frequentlycontacted: true }),
      contact({ firstname: 'Gone', deleted: true }),
    ])
    const { screen, user } = await open()
    const list = () => screen.getByRole('list', { name: /contacts|Starred|Frequently|Deleted/i })
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2)
    const filters = screen.getByRole('navigation', { name: 'Contact filters' })
    const all = within(filters).getByRole('link', { name: /^All/ })
    expect(all.getAttribute('aria-current')).toBe('page')
    const starred = within(filters).getByRole('link', { name: /^Starred/ })
    expect(starred.getAttribute('href')).toBe('/admin/contacts?filter=starred')
    expect(starred.getAttribute('aria-current')).toBeNull()
    await user.click(starred)
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1))
    expect(within(list()).getByText('Sam')).toBeTruthy()
    expect(starred.getAttribute('aria-current')).toBe('page')
    await user.click(within(filters).getByRole('link', { name: /^Frequently contacted/ }))
    await waitFor(() => expect(within(list()).getByText('Fran')).toBeTruthy())
    await user.click(within(filters).getByRole('link', { name: /^Deleted/ }))
    await waitFor(() => expect(within(list()).getByText('Gone')).toBeTruthy())
  })

  it('keeps the search in the address, through a change of filter', async () => {
    seed([
      contact({ firstname: 'Sam', company: 'Acme', starred: true }),
      contact({ firstname: 'Sue', company: 'Acme' }),
      contact({ firstname: 'Fran', company: 'Globex' }),
    ])
    const { screen, user, router } = await open('/admin/contacts?search=acme')
    const box = screen.getByRole('searchbox', { name: 'Search contacts' }) as HTMLInputElement
    expect(box.value).toBe('acme')
    const list = () => screen.getByRole('list', { name: /contacts|Starred/i })
    expect(within(list()).getAllByRole('listitem')).toHaveLength(2)

    await user.click(screen.getByRole('link', { name: /^Starred/ }))
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(1))
    expect(router.state.location.search).toEqual({ search: 'acme', filter: 'starred' })

    await user.clear(box)
    await user.type(box, 'globex')
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ search: 'globex', filter: 'starred' }),
    )
    expect(screen.getByText('No contacts match your search')).toBeTruthy()
  })

  it('stars from the list, edits in edit mode, deletes softly and restores', async () => {
    const ann = contact({ firstname: 'Ann', lastname: 'Lee', company: 'Acme' })
    seed([ann])
    const { screen, user } = await open()
    await user.click(screen.getByRole('button', { name: 'Star Ann Lee' }))
    expect(stored()[0]!.starred).toBe(true)
    expect(screen.getAllByRole('button', { name: 'Unstar Ann Lee' }).length).toBeGreaterThan(0)

    const openAnn = screen.getByRole('link', { name: /^Ann Lee/ })
    expect(openAnn.getAttribute('href')).toBe(`/admin/contacts?id=${ann.id}`)
    await user.click(openAnn)
    expect(await screen.findByRole('heading', { name: 'Ann Lee', level: 2 })).toBeTruthy()
    expect(openAnn.getAttribute('aria-current')).toBe('page')
    await user.click(screen.getByRole('button', { name: 'Edit' }))
    const form = await screen.findByRole('form', { name: 'Save contact' })
    await user.type(within(form).getByLabelText(/^Department/), 'Sales')
    await user.click(within(form).getByRole('button', { name: 'Save contact' }))
    expect(await screen.findByText('Contact saved')).toBeTruthy()
    expect(stored()[0]!.department).toBe('Sales')

    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Ann Lee?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Ann Lee moved to Deleted')).toBeTruthy()
    expect(stored()[0]!.deleted).toBe(true)
    expect(screen.getByText('No contacts yet')).toBeTruthy()

    await user.click(screen.getByRole('link', { name: /^Deleted/ }))
    await user.click(await screen.findByRole('link', { name: /^Ann Lee/ }))
    await user.click(await screen.findByRole('button', { name: 'Restore' }))
    expect(await screen.findByText('Ann Lee restored')).toBeTruthy()
    expect(stored()[0]!.deleted).toBe(false)
  })

  it('ignores unreadable stored data instead of breaking', async () => {
    localStorage.setItem(contactsKey(OWNER), '{not json')
    const { screen } = await open()
    expect(screen.getByText('No contacts yet')).toBeTruthy()
  })

  it('says so when the contact in the address is not here', async () => {
    const { screen, user } = await open('/admin/contacts?filter=starred&id=missing')
    expect(await screen.findByText('This contact is not here')).toBeTruthy()
    const back = screen.getByRole('link', { name: 'Back to contacts' })
    expect(back.getAttribute('href')).toBe('/admin/contacts?filter=starred')
    await user.click(back)
    expect(await screen.findByText('No starred contacts')).toBeTruthy()
  })
})
