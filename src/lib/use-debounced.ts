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
 * from elsewhere (back, forward, a link, a "clear" button) replaces what the box shows; the
 * box's own text coming back as `value` does not, even when more has been typed since it was
 * sent (a slow device, a busy page).
 */
export function useSettledText(value: string, onSettle: (text: string) => void, ms = 300) {
  const [text, setText] = useState(value)
  // What this box has handed to `onSettle` and not yet seen come back as `value`.
  const [sent, setSent] = useState<readonly string[]>([])
  const [seen, setSeen] = useState(value)
  if (value !== seen) {
    setSeen(value)
    const echo = sent.indexOf(value)
    if (echo >= 0) {
      setSent(sent.slice(echo + 1))
    } else {
      setText(value)
      setSent([])
    }
  }
  const settle = useEffectEvent((next: string) => {
    if (next === value.trim()) return
    setSent((current) => [...current, next])
    onSettle(next)
  })
  useEffect(() => {
    const timer = setTimeout(() => settle(text.trim()), ms)
    return () => clearTimeout(timer)
  }, [text, ms])
  return [text, setText] as const
}
