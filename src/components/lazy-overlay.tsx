import { Suspense, useState, type ReactNode } from 'react'

/**
 * The open state of an overlay (a drawer, a dialog) whose code loads on its first opening: it
 * stays loaded afterwards, so it can close with its animation and open again at once.
 */
export function useLazyOverlay() {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const show = () => {
    setLoaded(true)
    setOpen(true)
  }
  return { open, setOpen, loaded, show }
}

/** Renders a lazily loaded overlay once it has been opened; nothing shows while its code loads. */
export function LazyOverlay({ loaded, children }: { loaded: boolean; children: ReactNode }) {
  return loaded ? <Suspense fallback={null}>{children}</Suspense> : null
}
