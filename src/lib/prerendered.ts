import { nextTask } from './next-task'

/**
 * The pages the build renders ahead (build/vite-plugins/pages-ahead.ts) arrive with their first
 * screen already in #root, shown until the app's first render replaces it.
 */
const prerendered =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLElement>('#root > [data-prerendered]')

/** Whether this page load shows a prerendered screen until the app renders. */
export const arrivedPrerendered = prerendered !== null

/**
 * Whether the app may wait for the visitor before it starts: a visitor's page (the sign-in
 * form, the forgot-password form …) shown as drawn, at its plain address (a `?via=link` or any
 * other choice but `redirect` draws another screen, which the app must render at once), and not
 * hidden by index.html's styles (a session, another language).
 */
export const visitorPageAsDrawn =
  prerendered?.dataset.prerendered === 'signed-out' &&
  getComputedStyle(prerendered).display !== 'none' &&
  [...new URLSearchParams(location.search).keys()].every((key) => key === 'redirect')

/**
 * Asks for the app's code, all at once so it arrives in one round instead of module by module.
 * A prerendered page lists it without fetching it (`data-fetch-at-start` links, written by the
 * build): a visitor's page is read and filled in without it, and a visitor who only reads it is
 * not sent it; a member's screen paints first (src/main.tsx waits for it).
 */
export function fetchAppCode() {
  if (typeof document === 'undefined') return
  const listed = [...document.querySelectorAll<HTMLLinkElement>('link[data-fetch-at-start]')]
  // Each fetch takes a moment of the main thread to start. On a visitor's page they start a few
  // at a time (eight took a low-end phone 55 ms), in the order listed (the start-up's steps
  // first), a task each, so none lands between two of the visitor's keys. A member's screen has
  // painted and waits for nothing else: there they all start in one task, which on a low-end
  // phone blocked less than fourteen tasks of four did (each one waiting its turn beside the
  // fetches it had started), and the code arrives in one round.
  const perTask = visitorPageAsDrawn ? FETCHES_PER_TASK : listed.length
  void (async () => {
    for (let from = 0; from < listed.length; from += perTask) {
      if (from > 0) await nextTask()
      for (const link of listed.slice(from, from + perTask)) {
        link.removeAttribute('data-fetch-at-start')
        link.rel = 'modulepreload'
      }
    }
  })()
}

const FETCHES_PER_TASK = 4

/** A visitor sent the prerendered form before the app had replaced it. */
let sentEarly = false

/** The start-up's steps waiting for the visitor to stop typing (see afterTyping). */
const waitingForPause = new Set<() => void>()

if (visitorPageAsDrawn && prerendered) {
  // The form's button, held back by the build until this script runs (without it, a press of
  // Enter would send the fields in the address), can be pressed now: a form sent before the
  // app has taken over is sent again by the app's own form once it has (handOverPrerendered).
  prerendered.addEventListener('submit', (event) => {
    event.preventDefault()
    sentEarly = true
    // Shown as pressed until the app, now started without waiting, sends it (index.html's styles).
    event.submitter?.setAttribute('aria-busy', 'true')
    for (const go of waitingForPause) go()
  })
  for (const button of prerendered.querySelectorAll('button[data-until-script]')) {
    button.removeAttribute('disabled')
  }
}

/**
 * When the visitor last pressed a key on their page as drawn, or moved into a field, which is
 * where typing starts (performance.now()).
 */
let lastKeyAt = -Infinity

if (visitorPageAsDrawn) {
  const typing = (event: Event) => {
    if (event.type === 'keydown' || event.target instanceof HTMLInputElement) {
      lastKeyAt = performance.now()
    }
  }
  for (const type of ['keydown', 'focusin']) {
    window.addEventListener(type, typing, { capture: true, passive: true })
  }
}

/** A pause between keys this long is a visitor done typing for now (quick typists: 100–250 ms). */
const TYPING_PAUSE_MS = 400

/**
 * The next task once the visitor is not typing: on their page as drawn, each step of the app's
 * start-up (a module's evaluation, the first render) waits for a pause in their typing, so it does
 * not land between two keys and hold back the second's echo on a slow phone. The fields work as
 * drawn meanwhile, and a form sent meanwhile stops the waiting: the app is then what they wait for.
 * Elsewhere it is the next task.
 */
export function afterTyping(): Promise<void> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout>
    const go = () => {
      clearTimeout(timer)
      waitingForPause.delete(go)
      resolve()
    }
    const check = () => {
      const wait = lastKeyAt + TYPING_PAUSE_MS - performance.now()
      if (sentEarly || wait <= 0) go()
      else timer = setTimeout(check, wait)
    }
    waitingForPause.add(go)
    timer = setTimeout(check, 0)
  })
}

/** What a visitor does first on a page: a key, a touch, the pointer, the focus, a scroll. */
const FIRST_ACTS = [
  'keydown',
  'pointerdown',
  'pointermove',
  'touchstart',
  'focusin',
  'wheel',
  'submit',
]

/**
 * Resolves at the visitor's first act on the page. A visitor's page reads and fills in as drawn
 * (its fields are real fields): the app's start-up, a phone's longest work, waits until the
 * visitor is there to need it, instead of holding the main thread while they read the page.
 * What was typed meanwhile is carried over (`handOverPrerendered`).
 */
export function firstAct(): Promise<void> {
  return new Promise((resolve) => {
    const act = () => {
      for (const type of FIRST_ACTS) window.removeEventListener(type, act, true)
      resolve()
    }
    for (const type of FIRST_ACTS) {
      window.addEventListener(type, act, { capture: true, passive: true })
    }
    // Focus already inside the page (a field the browser focused while it loaded) is an act.
    if (prerendered?.contains(document.activeElement)) act()
  })
}

/**
 * Carries what the visitor did on the prerendered screen into the app's, once the app's first
 * render has replaced it: the text typed into its fields, the field that had the focus, and a
 * press of the form's button.
 */
export function handOverPrerendered(container: HTMLElement) {
  if (!prerendered) return
  const focusedNow = document.activeElement as HTMLInputElement | null
  let focusedName = prerendered.contains(focusedNow) ? focusedNow?.name || undefined : undefined
  const onFocus = (event: FocusEvent) => {
    focusedName = (event.target as HTMLInputElement).name || undefined
  }
  prerendered.addEventListener('focusin', onFocus)
  const observer = new MutationObserver(() => {
    if (prerendered.isConnected) return
    observer.disconnect()
    prerendered.removeEventListener('focusin', onFocus)
    for (const typed of prerendered.querySelectorAll<HTMLInputElement>('input[name]')) {
      const field = container.querySelector<HTMLInputElement>(`input[name="${typed.name}"]`)
      if (!field || !typed.value || field.value) continue
      // The value through the element's own setter, then the event React listens to, so the
      // form's state takes it as if typed.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
        field,
        typed.value,
      )
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
    if (focusedName) container.querySelector<HTMLElement>(`[name="${focusedName}"]`)?.focus()
    if (sentEarly) container.querySelector('form')?.requestSubmit()
  })
  observer.observe(container, { childList: true })
}
