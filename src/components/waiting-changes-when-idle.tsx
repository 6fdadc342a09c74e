import { lazy, Suspense, useEffect, useState } from 'react'

import { hasWaitingWrites, WRITES_QUEUED } from '@/lib/write-queue-signal'

const WaitingChanges = lazy(() => import('@/components/waiting-changes'))

/**
 * The changes made offline that still wait, loaded once the main thread is idle and only when
 * some wait (from an earlier visit, or kept since): no screen's first paint carries them or the
 * browser storage they are read from.
 */
export function WaitingChangesWhenIdle() {
  const [wanted, setWanted] = useState(false)
  useEffect(() => {
    const want = () => setWanted(true)
    window.addEventListener(WRITES_QUEUED, want)
    const check = () => hasWaitingWrites() && want()
    if (!('requestIdleCallback' in window)) {
      const timer = setTimeout(check, 0)
      return () => {
        clearTimeout(timer)
        window.removeEventListener(WRITES_QUEUED, want)
      }
    }
    const handle = requestIdleCallback(check, { timeout: 10_000 })
    return () => {
      cancelIdleCallback(handle)
      window.removeEventListener(WRITES_QUEUED, want)
    }
  }, [])
  return wanted ? (
    <Suspense fallback={null}>
      <WaitingChanges />
    </Suspense>
  ) : null
}
