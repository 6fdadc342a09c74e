import { onlineManager } from '@tanstack/react-query'
import { createMemoryHistory, lazyRouteComponent } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { API_PREFIX, contract } from '@schemas/index'
import { App, createApp } from '@/app'
import { NEEDS_CONNECTION, OFFLINE_MESSAGE } from '@/components/offline-banner'
import { keepNotesCopy, readNotesCopy } from '@/lib/notes-copy'
import { useAppearance } from '@/stores/appearance'
import { colourThemes } from '@/theme/themes'

import { makeNote, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

/** The browser going offline or back online, as its events and navigator.onLine tell it. */
function setConnection(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

afterEach(() => {
  vi.restoreAllMocks()
  onlineManager.setOnline(true)
})

describe('without a connection', () => {
  it('shows the offline bar while the browser is offline, and takes it away after', async () => {
    storeSession()
    server.use(...memberHandlers())
    const { screen } = await renderApp('/admin/notes')
    await screen.findByRole('heading', { name: 'Notes', level: 1 })
    expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull()
    setConnection(false)
    expect(await screen.findByText(OFFLINE_MESSAGE)).toBeTruthy()
    setConnection(true)
    await vi.waitFor(() => expect(screen.queryByText(OFFLINE_MESSAGE)).toBeNull())
  })

  it('says a load failed at once instead of waiting, asks once, and loads when the connection returns', async () => {
    storeSession()
    let calls = 0
    let reachable = false
    server.use(
      ...memberHandlers(),
      http.get(`${API_PREFIX}/notes`, () => {
        calls++
        return reachable ? undefined : HttpResponse.error()
      }),
      handle(contract.notes.list, () => ({ data: { data: [makeNote({ title: 'Kept note' })] } })),
    )
    setConnection(false)
    const { screen } = await renderApp('/admin/notes')
    const alert = await screen.findByRole('alert')
    // The screen says it needs the server, by its name, and that it comes back by itself.
    await vi.waitFor(() => expect(alert.textContent).toContain('Notes needs a connection'))
    expect(alert.textContent).toContain(NEEDS_CONNECTION)
    expect(alert.textContent).not.toContain('Network Error')
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy()
    // No retries while the browser knows it is offline.
    expect(calls).toBe(1)

    reachable = true
    setConnection(true)
    expect(await screen.findByRole('article', { name: 'Kept note' })).toBeTruthy()
  })
})

describe('a screen whose code this device does not keep', () => {
  it('says, without a connection, that it needs one, by its name, inside the layout', async () => {
    storeSession()
    server.use(...memberHandlers())
    setConnection(false)
    const app = createApp({ history: createMemoryHistory({ initialEntries: ['/admin/calendar'] }) })
    // The calendar's code as the browser answers it offline, after the router's one reload.
    const failure = new TypeError(
      'Failed to fetch dynamically imported module: http://localhost/assets/calendar-0.js',
    )
    const reloadKey = `tanstack_router_reload:${failure.message}`
    sessionStorage.setItem(reloadKey, '1')
    // The tree of routes is the module's own, shared by every app this file makes: put back after.
    const calendar = app.router.routesById['/admin/calendar']
    const component = calendar.options.component
    calendar.update({ component: lazyRouteComponent(() => Promise.reject(failure)) })
    try {
      render(<App {...app} />)
      const alert = await screen.findByRole('alert')
      await vi.waitFor(() => expect(alert.textContent).toContain('Calendar needs a connection'))
      expect(alert.textContent).toContain(NEEDS_CONNECTION)
      expect(within(alert).queryByRole('button')).toBeNull()
      // Around it, the app as ever: the navigation works offline.
      expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy()
    } finally {
      calendar.update({ component })
      sessionStorage.removeItem(reloadKey)
    }
  })
})

describe('the top bar without a connection', () => {
  it('names the member as their profile last did, not by their e-mail', async () => {
    storeSession()
    server.use(...memberHandlers())
    const online = await renderApp('/admin/notes')
    await online.screen.findByRole('button', { name: 'Mia Member, account menu' })
    online.view.unmount()

    server.use(http.get(`${API_PREFIX}/profile/*`, () => HttpResponse.error()))
    setConnection(false)
    const { screen } = await renderApp('/admin/notes')
    await screen.findByRole('heading', { name: 'Notes', level: 1 })
    expect(await screen.findByRole('button', { name: 'Mia Member, account menu' })).toBeTruthy()
  })
})

describe('notes without a connection', () => {
  it('reads the notes this device last loaded, and shows a note written offline among them', async () => {
    storeSession()
    let reachable = true
    server.use(
      ...memberHandlers(),
      http.all(`${API_PREFIX}/notes*`, () => (reachable ? undefined : HttpResponse.error())),
      handle(contract.notes.list, () => ({ data: { data: [makeNote({ title: 'Kept note' })] } })),
    )
    const online = await renderApp('/admin/notes')
    await online.screen.findByRole('article', { name: 'Kept note' })
    await vi.waitFor(async () => expect(await readNotesCopy('member@example.com')).toBeDefined())
    online.view.unmount()

    // Later, on the train: the notes open from this device's copy, not as an error.
    reachable = false
    setConnection(false)
    const { screen, user } = await renderApp('/admin/notes')
    expect(await screen.findByRole('article', { name: 'Kept note' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText(/these are your notes as last loaded on this device/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'New note' }))
    const dialog = await screen.findByRole('dialog', { name: 'New note' })
    await user.type(within(dialog).getByLabelText(/Title/), 'Written on the train')
    await user.click(within(dialog).getByRole('button', { name: 'Add note' }))
    const card = await screen.findByRole('article', { name: 'Written on the train' })
    expect(within(card).getByText('Waiting to be sent')).toBeTruthy()
    expect(screen.getByRole('article', { name: 'Kept note' })).toBeTruthy()
  })

  it('never shows another member the notes copy this device keeps', async () => {
    await keepNotesCopy('someone@example.com', { data: [makeNote({ title: 'Not yours' })] })
    storeSession()
    server.use(
      ...memberHandlers(),
      http.all(`${API_PREFIX}/notes*`, () => HttpResponse.error()),
    )
    setConnection(false)
    const { screen } = await renderApp('/admin/notes')
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.queryByText('Not yours')).toBeNull()
  })
})

describe('installed', () => {
  it("colours the browser's and the installed app's bar with the active theme, dark in dark mode", async () => {
    storeSession()
    server.use(...memberHandlers())
    const { screen } = await renderApp('/admin/notes')
    await screen.findByRole('heading', { name: 'Notes', level: 1 })
    const bar = () => document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content
    expect(bar()).toBe(colourThemes.BLUE_THEME.light.primary.main)
    useAppearance.getState().setTheme('GREEN_THEME')
    await vi.waitFor(() => expect(bar()).toBe(colourThemes.GREEN_THEME.light.primary.main))
    useAppearance.getState().setMode('dark')
    await vi.waitFor(() => expect(bar()).toBe('#1E2736'))
  })
})
