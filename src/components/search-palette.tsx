import { IconButton } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, useState } from 'react'

import { AppIcon } from './layout/icons'

// The dialog, its search and its list load on first use: the shell's first paint does not wait.
const SearchPaletteDialog = lazy(() => import('./search-palette-dialog'))

/**
 * The top bar's search button and the Ctrl K / ⌘ K shortcut: a palette to jump to any screen,
 * lesson or note.
 */
export function SearchPaletteButton() {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault()
        setLoaded(true)
        setOpen(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])

  return (
    <>
      <IconButton
        variant="ghost"
        aria-label="Search (Ctrl K)"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
      >
        <AppIcon name="search" />
      </IconButton>
      {loaded ? (
        <Suspense fallback={null}>
          <SearchPaletteDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
