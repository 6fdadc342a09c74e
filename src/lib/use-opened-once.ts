import { useState } from 'react'

/**
 * Whether `open` has been true at least once: a dialog whose code loads on demand is mounted
 * from its first opening on (so it closes with its animation), and not before.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}
