// Every file has IndexedDB (the notes' copy, the waiting changes), whichever file ran first.
import 'fake-indexeddb/auto'

import { cleanup, configure } from '@testing-library/react'
import { MotionGlobalConfig } from 'framer-motion'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'

import { contract } from '@schemas/index'
import { dropNotesCopy } from '@/lib/notes-copy'
import { resetToasts } from '@/lib/toast'
import { forgetLoadedWrites } from '@/lib/write-queue'
import { useAppearance } from '@/stores/appearance'
import { useAuthStore } from '@/stores/auth'

import { handle, liveStream, server } from './msw'

// A wait ends as soon as what it looks for shows; its limit only tells a broken screen from a busy
// machine. Two suites and a browser on two cores took correct screens past 5 s (7 s at most), so
// every findBy and waitFor waits up to fifteen: a passing test is not slowed by it.
configure({ asyncUtilTimeout: 15_000 })

// jsdom has no layout: animations would only wait, and window.scrollTo does nothing there.
MotionGlobalConfig.skipAnimations = true
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo

// The screens are drawn as on a desktop 1440 px wide: a `(min-width: …px)` query matches up to
// that width, and any other query does not.
const DESKTOP_WIDTH = 1440
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: Number(/^\(min-width: (\d+)px\)$/.exec(query)?.[1] ?? Infinity) <= DESKTOP_WIDTH,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver

/**
 * Lists that signed-in screens load on the side (the dashboard's widgets) answer empty unless a
 * test says otherwise, so no test depends on a request it does not mean to make.
 */
const quietDefaults = [
  handle(contract.notes.list, () => ({ data: { data: [] } })),
  handle(contract.events.list, () => ({ data: { data: [] } })),
  // No calendar feed made yet.
  handle(contract.calendarFeed.feed, () => ({ data: { data: { url: null } } })),
  handle(contract.momentum.momentum, () => ({
    data: {
      data: {
        points: 25,
        level: 3,
        next: { level: 4, at: 65, missing: 40 },
        streak: { days: 2, today: true },
        timeZone: 'Europe/Berlin',
        listed: false,
        remindersChosen: true,
      },
    },
  })),
  handle(contract.leaderboard.areaUnlocks, () => ({ data: { data: [] } })),
  handle(contract.reminders.reminders, () => ({
    data: { data: { continue: true, events: true, weekly: false, chosen: true } },
  })),
  handle(contract.leads.list, () => ({
    data: { data: { items: [], total: 0, page: 1, pageSize: 20 } },
  })),
  // No affiliate account connected: the dashboard's earnings section shows its empty state.
  handle(contract.members.memberInfo, () => ({
    data: {
      data: {
        member: { id: 'member-1', email: 'member@example.com', allMember: [] },
        clickbank: null,
      },
    },
  })),
  handle(contract.accounts.dgMemberInfo, () => ({ data: { data: { digistore24: null } } })),
  // The live stream says hello (nothing unread) and stays quiet.
  liveStream(contract.notifications.stream, [{ event: { type: 'hello', unread: 0 } }]).handler,
  // A lesson's discussion has no questions yet.
  handle(contract.community.lesson, () => ({
    data: { data: { pinned: [], items: [], nextCursor: null } },
  })),
  // No course progress yet: the dashboard's resume card offers nothing to continue.
  handle(contract.courses.list, () => ({ data: { data: { courses: [], resume: null } } })),
]

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => server.resetHandlers(...quietDefaults))
// Test files share a worker's modules (isolate: false), so what a test leaves in module state is
// put back here, as a fresh page would have it.
afterEach(async () => {
  cleanup()
  await dropNotesCopy()
  // A test that set the clock (tests/client/clock.ts) leaves the next one the real one.
  vi.useRealTimers()
  // A test that ends with a dialog or palette open leaves what the dialog set on <body>
  // (pointer events off, scrolling locked) when its screen is taken away; a fresh page has none.
  document.body.removeAttribute('style')
  server.resetHandlers()
  resetToasts()
  forgetLoadedWrites()
  useAppearance.getState().reset()
  localStorage.clear()
  sessionStorage.clear()
  useAuthStore.getState().check()
})
afterAll(() => server.close())
