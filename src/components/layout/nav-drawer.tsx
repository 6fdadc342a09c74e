import { CloseButton, Drawer, Portal } from '@chakra-ui/react'

import { SidebarContent } from './sidebar'
import { SIDEBAR_WIDTH } from './sizes'

/** The navigation below `lg`: the sidebar's content in a drawer from the start side. */
export default function NavDrawer({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop hideFrom="lg" />
        <Drawer.Positioner hideFrom="lg">
          <Drawer.Content maxW={`${SIDEBAR_WIDTH}px`} bg="bg.panel">
            <Drawer.Title srOnly>Navigation</Drawer.Title>
            <SidebarContent onNavigate={() => onOpenChange(false)} />
            <Drawer.CloseTrigger asChild top="4" insetEnd="3">
              <CloseButton size="sm" aria-label="Close navigation" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
