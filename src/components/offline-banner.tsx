import { Box } from '@chakra-ui/react'
import { useSyncExternalStore } from 'react'

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

/** Whether the browser says it has no connection. */
export const useOffline = () =>
  useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  )

/** What a screen that needs the server says without a connection. */
export const NEEDS_CONNECTION =
  'You are offline, and this needs the server: it loads again by itself when the connection returns.'

export const OFFLINE_MESSAGE =
  'You are offline: what needs the server, such as saving, works again when the connection returns.'

/**
 * A bar along the bottom of the window while the browser has no connection, over the page (it
 * moves nothing) and announced once to screen readers.
 */
/**
 * The bar's height as `--offline-bar` on the page, for what sits just above it (the button of
 * the changes waiting to be sent).
 */
function publishHeight(bar: HTMLDivElement | null) {
  if (!bar) return
  const root = document.documentElement
  const observer =
    typeof ResizeObserver === 'undefined'
      ? undefined
      : new ResizeObserver(() => root.style.setProperty('--offline-bar', `${bar.offsetHeight}px`))
  root.style.setProperty('--offline-bar', `${bar.offsetHeight}px`)
  observer?.observe(bar)
  return () => {
    observer?.disconnect()
    root.style.removeProperty('--offline-bar')
  }
}

export function OfflineBanner() {
  const offline = useOffline()
  return (
    <Box role="status" aria-live="polite">
      {offline ? (
        <Box
          ref={publishHeight}
          position="fixed"
          insetX="0"
          bottom="0"
          zIndex="toast"
          bg="gray.900"
          color="white"
          px="4"
          py="2"
          textAlign="center"
          fontSize="sm"
        >
          {OFFLINE_MESSAGE}
        </Box>
      ) : null}
    </Box>
  )
}
