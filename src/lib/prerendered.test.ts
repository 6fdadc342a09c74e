import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** The sign-in page as the build draws it, then prerendered.ts as a fresh module reads it. */
async function visitorsPage() {
  document.body.innerHTML = `<div id="root"><div data-prerendered="signed-out"><form>
    <input name="email" type="email"><button data-until-script disabled>Sign in</button>
  </form></div></div>`
  vi.resetModules()
  return import('./prerendered')
}

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
