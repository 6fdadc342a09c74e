import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** A page as the build draws it, its code listed `links` times, then prerendered.ts as a fresh module reads it. */
async function drawnPage(root: string, links: number) {
  listCode(links)
  document.body.innerHTML = `<div id="root">${root}</div>`
  vi.resetModules()
  return import('./prerendered')
}

/** The sign-in page. */
const visitorsPage = (links = 0) =>
  drawnPage(
    `<div data-prerendered="signed-out"><form>
    <input name="email" type="email"><button data-until-script disabled>Sign in</button>
  </form></div>`,
    links,
  )

/** The dashboard. */
const membersPage = (links: number) =>
  drawnPage('<div data-prerendered="signed-in"><h1>Dashboard</h1></div>', links)

/**
 * The build's links to the app's code, added to the head beside what is there (other tests'
 * styles share the document) and taken out by `unlistCode`.
 */
function listCode(count: number) {
  for (let i = 0; i < count; i++) {
    const link = document.createElement('link')
    link.dataset.fetchAtStart = ''
    link.dataset.test = ''
    link.href = `/assets/c${i}.js`
    document.head.append(link)
  }
}

const unlistCode = () =>
  document.head.querySelectorAll('link[data-test]').forEach((l) => l.remove())

/** How many of the listed links are asking for their code. */
const fetching = () => document.head.querySelectorAll('link[data-test][rel="modulepreload"]').length

const key = () =>
  document
    .querySelector('input')!
    .dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }))

/** Whether the promise has settled, without waiting for it. */
function settled(promise: Promise<void>) {
  const state = { done: false }
  void promise.then(() => (state.done = true))
  return state
}

describe('the start-up on a visitor’s page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('goes on at once when the visitor is not typing', async () => {
    const { afterTyping, visitorPageAsDrawn } = await visitorsPage()
    expect(visitorPageAsDrawn).toBe(true)
    const step = settled(afterTyping())
    await vi.advanceTimersByTimeAsync(1)
    expect(step.done).toBe(true)
  })

  it('waits for a pause in their typing', async () => {
    const { afterTyping } = await visitorsPage()
    key()
    const step = settled(afterTyping())
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(150)
      expect(step.done).toBe(false)
      key()
    }
    await vi.advanceTimersByTimeAsync(390)
    expect(step.done).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(step.done).toBe(true)
  })

  it('counts moving into a field as the start of typing', async () => {
    const { afterTyping } = await visitorsPage()
    document.querySelector('input')!.focus()
    const step = settled(afterTyping())
    await vi.advanceTimersByTimeAsync(390)
    expect(step.done).toBe(false)
    await vi.advanceTimersByTimeAsync(20)
    expect(step.done).toBe(true)
  })

  it('stops waiting once they send the form', async () => {
    const { afterTyping } = await visitorsPage()
    key()
    const step = settled(afterTyping())
    await vi.advanceTimersByTimeAsync(100)
    expect(step.done).toBe(false)
    // The button, held back until the script ran, can be pressed.
    expect(document.querySelector('button')!.disabled).toBe(false)
    document.querySelector('form')!.requestSubmit(document.querySelector('button'))
    await vi.advanceTimersByTimeAsync(0)
    expect(step.done).toBe(true)
    expect(document.querySelector('button')!.getAttribute('aria-busy')).toBe('true')
    // Keys pressed after sending hold back nothing.
    key()
    const next = settled(afterTyping())
    await vi.advanceTimersByTimeAsync(1)
    expect(next.done).toBe(true)
  })
})

describe('asking for the app’s code', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] })
  })
  afterEach(() => {
    vi.useRealTimers()
    unlistCode()
    document.body.innerHTML = ''
  })

  it('starts every fetch at once on a member’s painted screen', async () => {
    const { fetchAppCode, visitorPageAsDrawn } = await membersPage(30)
    expect(visitorPageAsDrawn).toBe(false)
    expect(fetching()).toBe(0)
    fetchAppCode()
    expect(fetching()).toBe(30)
    expect(document.head.querySelectorAll('link[data-test][data-fetch-at-start]')).toHaveLength(0)
  })

  it('starts them a few a task on a visitor’s page, in the order listed', async () => {
    const { fetchAppCode } = await visitorsPage(10)
    fetchAppCode()
    expect(fetching()).toBe(4)
    expect(
      document.head.querySelector('link[data-test][rel="modulepreload"]')!.getAttribute('href'),
    ).toBe('/assets/c0.js')
    await vi.runOnlyPendingTimersAsync()
    expect(fetching()).toBe(8)
    await vi.runOnlyPendingTimersAsync()
    expect(fetching()).toBe(10)
  })
})
