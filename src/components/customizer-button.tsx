import { IconButton } from '@chakra-ui/react'
import { lazy, Suspense, useState } from 'react'

import { AppIcon } from './layout/icons'

// The drawer and its settings load on first use: the shell's first paint does not wait.
const CustomizerDrawer = lazy(() => import('./customizer'))

/** The top bar's "Customize" button and the appearance settings it opens. */
export function CustomizerButton() {
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  return (
    <>
      <IconButton
        variant="ghost"
        aria-label="Customize appearance"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true)
          setOpen(true)
        }}
      >
        <AppIcon name="settings" />
      </IconButton>
      {loaded ? (
        <Suspense fallback={null}>
          <CustomizerDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}
