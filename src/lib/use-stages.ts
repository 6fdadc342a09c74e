import { startTransition, useEffect, useState } from 'react'

/**
 * For a long page: which of its parts to build yet. The first render (and the page prerendered
 * at build time) holds stage 0 only; each later stage follows in a render of its own, one task
 * after the stage before it has been drawn, as a transition a key press can interrupt. So a
 * phone paints the first screen and answers input while the parts below it are built, instead
 * of building the whole page in one long task.
 */
export function useStages(last: number): number {
  const [stage, setStage] = useState(0)
  useEffect(() => {
    if (stage >= last) return
    const timer = setTimeout(() => startTransition(() => setStage((s) => s + 1)), 0)
    return () => clearTimeout(timer)
  }, [stage, last])
  return stage
}
