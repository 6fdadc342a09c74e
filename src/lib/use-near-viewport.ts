import { startTransition, useEffect, useState, type RefObject } from 'react'

/**
 * Whether an element is on screen or about to be (within `margin` of the viewport); once true it
 * stays true. For parts below the fold whose code or work can wait until the member scrolls.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '300px') {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          // A transition: React builds what now shows in slices, not in one long task.
          startTransition(() => setNear(true))
          observer.disconnect()
        }
      },
      { rootMargin: margin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
