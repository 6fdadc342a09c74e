import type { Page, Request } from '@playwright/test'

/**
 * Requests that stay open on purpose while a signed-in page is shown: the live notifications
 * stream. Playwright's `networkidle` would wait for them forever; `networkQuiet` does not.
 */
const STAYS_OPEN = /\/api\/notifications\/stream(?:\?|$)/

const pending = new WeakMap<Page, Set<Request>>()

/** Follows a page's requests from now on (the first call on a page starts it). */
export function watchRequests(page: Page) {
  let open = pending.get(page)
  if (open) return open
  const requests = new Set<Request>()
  pending.set(page, (open = requests))
  page.on('request', (request) => {
    if (!STAYS_OPEN.test(request.url())) requests.add(request)
  })
  const done = (request: Request) => requests.delete(request)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return open
}

/**
 * Waits until no request of the page (but the live stream) has been under way for `quietMs`, as
 * Playwright's `networkidle` does for every request.
 */
export async function networkQuiet(page: Page, { quietMs = 500, timeoutMs = 30_000 } = {}) {
  const open = watchRequests(page)
  const deadline = Date.now() + timeoutMs
  let quietSince = open.size === 0 ? Date.now() : Infinity
  for (;;) {
    if (open.size > 0) quietSince = Infinity
    else if (quietSince === Infinity) quietSince = Date.now()
    if (Date.now() - quietSince >= quietMs) return
    if (Date.now() > deadline) {
      throw new Error(
        `the page kept requesting for ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`,
      )
    }
    await page.waitForTimeout(50)
  }
}

/** Opens `url` and waits for the network to go quiet (the live stream aside). */
export async function gotoQuiet(page: Page, url: string) {
  watchRequests(page)
  await page.goto(url)
  await networkQuiet(page)
}
