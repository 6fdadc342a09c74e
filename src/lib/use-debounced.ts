import { useEffect, useEffectEvent, useState } from 'react'

/** `value` once it has stayed the same for `ms` milliseconds (typing that pauses, say). */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/**
 * A search box whose text is kept elsewhere (in the address): the box shows each keystroke at
 * once, and `onSettle` gets the trimmed text once typing pauses for `ms`. A `value` that changes
 * from elsewhere (back, forward, a link, a "clear" button) replaces what the box shows.
 */
export function useSettledText(value: string, onSettle: (text: string) => void, ms = 300) {
  const [text, setText] = useState(value)
  const settled = useDebounced(text.trim(), ms)
  // A settled text typed before a value came from elsewhere: that value replaced it, so it is
  // no longer this box's own until the box settles again.
  const [outdated, setOutdated] = useState<string | null>(null)
  const [seenSettled, setSeenSettled] = useState(settled)
  let stale = outdated
  if (settled !== seenSettled) {
    setSeenSettled(settled)
    setOutdated(null)
    stale = null
  }
  // A new value is this box's own text coming back from `onSettle`, or it came from elsewhere.
  const [seen, setSeen] = useState(value)
  if (value !== seen) {
    setSeen(value)
    if (value !== settled || settled === stale) {
      setText(value)
      setOutdated(settled)
    }
  }
  const settle = useEffectEvent((next: string) => {
    if (next !== value.trim()) onSettle(next)
  })
  useEffect(() => settle(settled), [settled])
  return [text, setText] as const
}
