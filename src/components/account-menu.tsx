import { Box, Menu, Portal, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import type { RefObject } from 'react'

/**
 * The account menu the top bar's profile button opens: who is signed in, and signing out. Loaded
 * on the first press of the button (see user-menu.tsx), so no page waits for the menu's code.
 */
export default function AccountMenu({
  anchor,
  open,
  onClose,
  name,
  email,
  error,
}: {
  anchor: RefObject<HTMLButtonElement | null>
  open: boolean
  onClose: () => void
  name: string
  email: string
  error?: string
}) {
  const navigate = useNavigate()
  return (
    <Menu.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      // The button toggles the menu itself: a press on it is not a press outside. The event is
      // the menu's own (its target is the menu); what was pressed is in its detail. Taken for a
      // press outside, it closed the menu a frame into the press and the click opened it again.
      onInteractOutside={(event) => {
        if (anchor.current?.contains(event.detail.target as Node)) event.preventDefault()
      }}
      positioning={{
        placement: 'bottom-end',
        getAnchorRect: () => anchor.current?.getBoundingClientRect() ?? null,
      }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="240px" aria-label="Account">
            <Box px="3" py="2">
              <Text fontWeight="semibold">{name || 'Your account'}</Text>
              <Text fontSize="sm" color="fg.muted">
                {email}
              </Text>
              {error ? (
                <Text fontSize="sm" color="fg.error">
                  Profile unavailable: {error}
                </Text>
              ) : null}
            </Box>
            <Menu.Separator />
            <Menu.Item value="sign-out" onSelect={() => void navigate({ to: '/admin/logout' })}>
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
