import { lazy, Suspense, useEffect, useState } from 'react'

const WaitingChanges = lazy(() => import('@/components/waiting-changes'))

/**
 * The changes made offline that still wait, loaded once the main thread is idle: no screen's
 * first paint carries them or the browser storage they are read from.
 */
export function WaitingChangesWhenIdle() {
  const [idle, setIdle] = useState(false)
  useEffect(() => {
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(() => setIdle(true), 0)
      return () => clearTimeout(timer)
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 10_000 })
    return () => cancelIdleCallback(handle)
  }, [])
  return idle ? (
    <Suspense fallback={null}>
      <WaitingChanges />
    </Suspense>
  ) : null
}
