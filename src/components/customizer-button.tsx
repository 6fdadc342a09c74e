import { IconButton } from '@chakra-ui/react'
import { lazy } from 'react'

import { AppIcon } from './layout/icons'
import { LazyOverlay, useLazyOverlay } from './lazy-overlay'

// The drawer and its settings load on first use: the shell's first paint does not wait.
const CustomizerDrawer = lazy(() => import('./customizer'))

/** The top bar's "Customize" button and the appearance settings it opens. */
export function CustomizerButton() {
  const drawer = useLazyOverlay()
  return (
    <>
      <IconButton
        variant="ghost"
        aria-label="Customize appearance"
        aria-haspopup="dialog"
        aria-expanded={drawer.open}
        onClick={drawer.show}
      >
        <AppIcon name="settings" />
      </IconButton>
      <LazyOverlay loaded={drawer.loaded}>
        <CustomizerDrawer open={drawer.open} onClose={() => drawer.setOpen(false)} />
      </LazyOverlay>
    </>
  )
}
