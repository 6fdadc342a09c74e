import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

import { OFFLINE_MESSAGE } from '@/components/offline-banner'
import { LESSON_CACHE } from '@/lib/offline-caches'
import { RELOAD_TO_UPDATE, UPDATE_READY } from '@/lib/service-worker'

import { baseURL, useSession } from './support'

// The service worker is blocked in every other spec (see playwright.config.ts).
const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => use(baseURL()),
})
test.use({ serviceWorkers: 'allow' })

/**
 * A member's first visit: signed in, the dashboard on screen, and the service worker installed
 * (the app precached) and active.
 */
async function firstVisit(page: Page, request: APIRequestContext) {
  const token = await useSession(page, request, 'member')
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible()
  const state = await page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active!
    if (worker.state !== 'activated') {
      await new Promise((done) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && done(null)),
      )
    }
    return worker.state
  })
  expect(state).toBe('activated')
  return token
}

/** The paths of the lessons the service worker keeps, in the order it kept them. */
const keptLessonsOf = (page: Page) =>
  page.evaluate(async (name) => {
    if (!(await caches.has(name))) return []
    const cache = await caches.open(name)
    return (await cache.keys()).map((request) => new URL(request.url).searchParams.get('path'))
  }, LESSON_CACHE)

/** How many changes wait in this browser for the connection. */
const queuedWrites = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done, fail) => {
        const open = indexedDB.open('members-area-writes')
        open.onerror = () => fail(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('writes')) return done(0)
          const count = db.transaction('writes').objectStore('writes').count()
          count.onsuccess = () => done(count.result)
          count.onerror = () => fail(count.error)
        }
      }),
  )

test.describe('installable, and the app opens without a connection', () => {
  test('the manifest names the app, its start page and icons a phone asks for', async ({
    page,
    request,
  }) => {
    await page.goto('/auth/login')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    const res = await request.get(href!)
    expect(res.ok()).toBe(true)
    expect(res.headers()['content-type']).toContain('manifest+json')
    const manifest = (await res.json()) as {
      name: string
      start_url: string
      display: string
      theme_color: string
      icons: { src: string; sizes: string; purpose?: string }[]
    }
    expect(manifest).toMatchObject({
      name: 'Members Area',
      start_url: '/admin/dashboard',
      display: 'standalone',
    })
    expect(manifest.icons.map((i) => i.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    )
    expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true)
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src)
      expect(image.headers()['content-type']).toBe('image/png')
    }
  })

  test('Chromium finds it installable, and after one visit the app opens offline: the screen, other screens, and the offline bar', async ({
    page,
    context,
    request,
  }) => {
    await firstVisit(page, request)
    await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0)
    // What Chromium checks before it offers to install the app: nothing is missing but a
    // browser window of one's own (a test's context is a private one, where nothing installs).
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
    expect(installabilityErrors.map((e) => e.errorId)).toEqual(['in-incognito'])
    await cdp.detach()

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible()
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible()
    // A screen whose code this tab had not loaded comes from the cache too.
    await page.goto('/admin/notes')
    await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible()
    // Screens that need the server, or whose code this device does not keep (the worker keeps
    // the screens read offline and those opened before), say so by name instead of waiting.
    for (const [path, name] of [
      ['/admin/chatbot', 'Course chatbot'],
      ['/admin/accountdetail', 'Affiliate accounts'],
      ['/admin/calendar', 'Calendar'],
    ] as const) {
      await page.goto(path)
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: `${name} needs a connection` })
          .first(),
      ).toBeVisible()
    }

    // With the connection back, the screen loads by itself.
    await context.setOffline(false)
    await expect(page.getByText(OFFLINE_MESSAGE)).toHaveCount(0)
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  })

  test("the first install keeps the app's start and the screens read offline; another screen's code is kept once it is opened", async ({
    page,
    context,
    request,
  }) => {
    await firstVisit(page, request)
    const cachedScripts = () =>
      page.evaluate(async () => {
        const names = await caches.keys()
        const kept: Record<string, string[]> = {}
        for (const name of names) {
          const keys = await (await caches.open(name)).keys()
          kept[name.startsWith('workbox-precache') ? 'precache' : name] = keys
            .map((request) => new URL(request.url).pathname)
            .filter((path) => path.endsWith('.js'))
        }
        return kept
      })
    const first = await cachedScripts()
    expect(first.precache!.some((path) => /^\/assets\/notes-/.test(path))).toBe(true)
    expect(first.precache!.some((path) => /^\/assets\/calendar-/.test(path))).toBe(false)

    await page.goto('/admin/calendar')
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
    await expect
      .poll(async () => (await cachedScripts())['app-code'] ?? [])
      .toContainEqual(expect.stringMatching(/^\/assets\/calendar-/))
    await context.setOffline(true)
    await page.reload()
    // Its code from this device; its events need the server.
    await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
    await expect(
      page.getByRole('alert').filter({ hasText: 'Calendar needs a connection' }).first(),
    ).toBeVisible()
    await context.setOffline(false)
  })

  test("the worker installs only once the first screen's data has arrived, not while it is on its way", async ({
    page,
    request,
  }) => {
    await useSession(page, request, 'member')
    // The dashboard's notes are held: the screen is still arriving.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/notes**', async (route) => {
      await held
      await route.continue()
    })
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible()
    const registered = () =>
      page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))
    // The page has loaded and its main thread idles meanwhile: long enough for the worker to
    // have been registered were that all it waited for.
    await page.evaluate(() => new Promise((done) => setTimeout(done, 3000)))
    expect(await registered()).toBe(false)
    release()
    await expect.poll(registered, { timeout: 15_000 }).toBe(true)
  })

  test('the first visit is kept too: the new worker takes the page at once, so a lesson it opens next is read offline', async ({
    page,
    request,
  }) => {
    await firstVisit(page, request)
    await expect
      .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true)
    // Moving within the same page: no new document, which the worker would answer anyway.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Digital-marketing training' })
      .click()
    await page
      .getByRole('link', { name: /How affiliate marketing works/ })
      .first()
      .click()
    const title = page.getByRole('heading', { level: 1, name: 'How affiliate marketing works' })
    await expect(title).toBeVisible()
    await expect.poll(() => keptLessonsOf(page)).toContain('/admin/training/module1/lesson1')
  })

  test('a course overview that is the first page opened offers "Keep this course offline" once the worker takes it', async ({
    page,
    request,
  }) => {
    await useSession(page, request, 'member')
    await page.goto('/admin/dgtraining')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Keep this course offline' })).toBeVisible({
      timeout: 30_000,
    })
  })

  test('a lesson opened online, and the next one, are marked on their course and read offline; signing out, even offline, deletes the copies', async ({
    page,
    context,
    request,
  }) => {
    await firstVisit(page, request)
    const lesson = '/admin/training/module1/lesson1'
    await page.goto(lesson)
    const title = page.getByRole('heading', { level: 1 })
    await expect(title).toBeVisible()
    const titleText = await title.textContent()
    const keptLessons = () => keptLessonsOf(page)
    // The lesson, and the next one of the course kept ahead while the member reads.
    const next = '/admin/training/module1/lesson2'
    await expect.poll(keptLessons).toEqual([lesson, next])
    // The course's overview says which lessons this browser keeps, and only those.
    await page.goto('/admin/dgtraining')
    const kept = page.getByRole('link', { name: /readable offline/ })
    await expect(kept).toHaveCount(2)
    await expect(kept.first()).toContainText(titleText!)
    await expect(kept.first().getByText('Readable offline', { exact: true })).toBeVisible()
    await page.goto(lesson)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: titleText! })).toBeVisible()
    await expect(page.getByText(OFFLINE_MESSAGE)).toBeVisible()

    // Signing out without a connection still forgets the member here, the copy with it.
    await page.goto('/admin/logout')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect.poll(keptLessons).toEqual([])
    await context.setOffline(false)
  })

  test('"Keep this course offline" keeps every lesson the member may open, and one never opened reads offline', async ({
    page,
    context,
    request,
  }) => {
    await firstVisit(page, request)
    await page.goto('/admin/dgtraining')
    await page.getByRole('button', { name: 'Keep this course offline' }).click()
    await expect(page.getByText(/^All \d+ lessons you can open are readable offline/)).toBeVisible({
      timeout: 30_000,
    })
    const all = await keptLessonsOf(page)
    expect(all).toContain('/admin/training/module3/lesson6')

    await context.setOffline(true)
    await page.goto('/admin/training/module3/lesson6')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await context.setOffline(false)
  })

  test('a note written offline waits on this device and is saved once when the connection returns; signing out offline deletes what waits', async ({
    page,
    context,
    request,
  }) => {
    const token = await firstVisit(page, request)
    await page.goto('/admin/notes')
    await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible()

    // The list of notes reads offline, and a new note waits.
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Notes', level: 1 })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    const title = `Written on the train ${Date.now()}`
    const write = async (name: string) => {
      await page.getByRole('button', { name: 'New note' }).click()
      const dialog = page.getByRole('dialog', { name: 'New note' })
      await dialog.getByLabel(/Title/).fill(name)
      await dialog.getByRole('button', { name: 'Add note' }).click()
      await expect(page.getByRole('article', { name })).toContainText('Waiting to be sent')
    }
    await write(title)
    await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible()
    expect(await queuedWrites(page)).toBe(1)

    await context.setOffline(false)
    await expect(page.getByRole('button', { name: /change waiting/ })).toHaveCount(0)
    await expect(page.getByRole('article', { name: title })).not.toContainText('Waiting to be sent')
    const notes = (await (
      await request.get('/api/notes', { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { data: { id: string; title: string }[] }
    const saved = notes.data.filter((n) => n.title === title)
    expect(saved).toHaveLength(1)
    expect(await queuedWrites(page)).toBe(0)
    await request.delete(`/api/notes/${saved[0]!.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    })

    // Signed out without a connection: nothing waits to be sent in the member's name.
    await context.setOffline(true)
    await write(`${title}, never sent`)
    expect(await queuedWrites(page)).toBe(1)
    await page.goto('/admin/logout')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expect.poll(() => queuedWrites(page)).toBe(0)
    await context.setOffline(false)
  })

  test('a thread read online reads offline, and a reply written offline is sent once when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    const token = await firstVisit(page, request)
    const auth = { headers: { Authorization: `Bearer ${token}` } }
    const feed = (await (await request.get('/api/community/posts', auth)).json()) as {
      data: { items: { id: string; title: string }[] }
    }
    const thread = feed.data.items[0]!
    await page.goto(`/admin/community/${thread.id}`)
    await expect(page.getByRole('heading', { name: thread.title, level: 1 })).toBeVisible()

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: thread.title, level: 1 })).toBeVisible()
    const words = `Written on the train ${Date.now()}`
    await page.getByRole('combobox', { name: 'Write a reply' }).fill(words)
    await page.getByRole('button', { name: 'Reply', exact: true }).click()
    await expect(page.getByRole('button', { name: '1 change waiting' })).toBeVisible()
    expect(await queuedWrites(page)).toBe(1)

    await context.setOffline(false)
    await expect(page.getByRole('button', { name: /change waiting/ })).toHaveCount(0)
    await expect(page.getByText(words)).toBeVisible()
    const read = (await (await request.get(`/api/community/posts/${thread.id}`, auth)).json()) as {
      data: { replies: { id: string; body: string }[] }
    }
    const sent = read.data.replies.filter((r) => r.body === words)
    expect(sent).toHaveLength(1)
    await request.delete(`/api/community/replies/${sent[0]!.id}`, auth)
  })

  test('a new version deployed while the app is open is offered with "Reload to update"', async ({
    page,
    request,
  }) => {
    // The worker as the build wrote it, with the compressed copies the server sends.
    const files = ['sw.js', 'sw.js.br', 'sw.js.gz'].map((name) =>
      join(process.env.E2E_STATIC_DIR!, name),
    )
    const deployed = files.map((file) => readFileSync(file))
    try {
      await firstVisit(page, request)
      const first = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return registration.active!.scriptURL
      })
      expect(first).toContain('/sw.js')
      // A member who comes back: the page is one the worker answered.
      await page.reload()
      expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

      // The next deploy: a worker with other contents at the same address.
      const next = Buffer.concat([deployed[0]!, Buffer.from(`\n// deployed ${Date.now()}\n`)])
      writeFileSync(files[0]!, next)
      writeFileSync(files[1]!, brotliCompressSync(next))
      writeFileSync(files[2]!, gzipSync(next))
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update())
      await expect(page.getByText(UPDATE_READY)).toBeVisible({ timeout: 20_000 })
      // Waited for from before the click: the reload can be over before the click returns.
      await Promise.all([
        page.waitForEvent('load'),
        page.getByRole('button', { name: RELOAD_TO_UPDATE }).click(),
      ])
      await expect(page.getByRole('heading', { name: /^Welcome back/ })).toBeVisible()
      // The new worker controls the reloaded page, and nothing waits any more.
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        return {
          waiting: Boolean(registration.waiting),
          controlled: Boolean(navigator.serviceWorker.controller),
        }
      })
      expect(after).toEqual({ waiting: false, controlled: true })
      await expect(page.getByText(UPDATE_READY)).toHaveCount(0)
    } finally {
      files.forEach((file, i) => writeFileSync(file, deployed[i]!))
    }
  })
})
