import { startTransition, StrictMode } from 'react'

// Chakra's global CSS, written down from the theme (npm run theme:generate): a stylesheet the
// page links in its head, so the system built at start inserts none (src/theme/system.ts).
import './theme/generated/chakra-global.css'

import { evaluateInSteps } from './lib/evaluate-in-steps'
import { afterPaint, nextTask } from './lib/next-task'
import {
  afterTyping,
  arrivedPrerendered,
  fetchAppCode,
  firstAct,
  handOverPrerendered,
  visitorPageAsDrawn,
} from './lib/prerendered'
import { warmLocaleData } from './lib/warm-locale-data'

// A visitor's page works as drawn until they act on it (see firstAct); a member's prerendered
// screen paints before the app's code is asked for, so the code does not compete with the HTML
// and CSS for a slow connection.
if (visitorPageAsDrawn) await firstAct()
else if (arrivedPrerendered) await afterPaint()
fetchAppCode()
const member = document.documentElement.hasAttribute('data-session')
// On a visitor's page, each step waits for a pause in their typing (see afterTyping).
const step = visitorPageAsDrawn ? afterTyping : nextTask
// The first fetches, the locale data's worker and the request for React's renderer (with its
// preloads) each take a low-end phone's main thread a moment: a task each, not one long task
// right after the first paint.
await step()
// A member's screen formats numbers and dates: the browser's locale data is loaded meanwhile, on
// a thread of its own (see warmLocaleData).
const localeDataLoaded = member ? warmLocaleData() : undefined
await step()

// Start-up in steps, each a task of its own, so a phone's main thread is never held for the
// whole of it: the list of steps (src/start-up.ts), React's renderer, then Chakra (STYLING_CODE),
// then the app's own start-up code (APP_CODE), then the app. A module imported here is evaluated here, in its own task, instead of
// with everything else that imports it (see evaluateInSteps).
const { loadRenderer, STYLING_CODE, APP_CODE, loadApp } = await import('./start-up')
await step()
const { createRoot } = await loadRenderer()
await step()
await evaluateInSteps(STYLING_CODE, step)
if (member) {
  // A member's screen formats numbers and dates, and Chakra reads the reading direction from the
  // locale: the first of each still takes the main thread a moment once the locale data is
  // loaded, which would otherwise land inside a longer task (a screen's render, a module's
  // evaluation). Made here, each is a short task of its own. A visitor's page needs none of them.
  await localeDataLoaded
  ;(0).toLocaleString('en')
  await nextTask()
  new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(0)
  await nextTask()
  new Intl.Locale('en-US').maximize()
  await nextTask()
}
await evaluateInSteps(APP_CODE, step)
const { App, createApp, createAppClient, createBrowserHistory, listenForChunkErrors } =
  await loadApp()
await step()

// The QueryClient, the browser's history, then the router (its tree of routes), a task each.
const client = createAppClient()
await step()
const history = createBrowserHistory()
await step()
const app = createApp({ history, client })
const container = document.getElementById('root')!
listenForChunkErrors(() => app.router.state.status === 'pending')
// Matching the address is a task of its own.
await step()

// The first screen's route is loaded (its code, its guard) before React renders anything. Its
// first render is then the transition below, which React renders in slices. A route's code that
// arrived after the first render would update the router's store instead, and React renders a
// store's update at once, in one task: on a phone, an AI tool's whole screen in 100 ms or more.
// A prerendered screen stays on show meanwhile, and is replaced by the same screen, finished;
// any other page shows its loading screen.
await app.router.load()
if (arrivedPrerendered) handOverPrerendered(container)
if (visitorPageAsDrawn) await afterTyping()

// A transition lets React render the first screen in slices of a few milliseconds, yielding
// to the browser between them, instead of one long task that holds a phone's main thread.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App {...app} />
    </StrictMode>,
  )
})

// The service worker, which keeps the app openable offline, exists in a build only. It installs
// once the first screen's data has arrived (see registerWhenIdle).
if (import.meta.env.PROD) {
  void import('./lib/service-worker').then((sw) => sw.registerWhenIdle(app.queryClient))
}
