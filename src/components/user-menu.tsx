import { Avatar, Box, Button, Menu, Portal, Skeleton, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'

import { membersApi } from '../api/members'
import { storedEmail } from '../lib/session'

/** The top bar's profile button: the member's photo (or initials) and a menu to sign out. */
export function UserMenu() {
  const navigate = useNavigate()
  const email = storedEmail() ?? ''
  const profile = useQuery({
    ...membersApi.profile.queryOptions({ params: { email } }),
    enabled: email !== '',
  })
  const data = profile.data?.data
  const name = data ? [data.firstName, data.lastName].filter(Boolean).join(' ') : ''
  const shown = name || email || 'Account'

  if (profile.isPending && email) {
    return <Skeleton boxSize="10" borderRadius="full" aria-label="Loading your profile" />
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" px="1" borderRadius="full" aria-label={`Account menu for ${shown}`}>
          <Avatar.Root size="sm">
            <Avatar.Fallback name={name || email} />
            {data?.photoUrl ? <Avatar.Image src={data.photoUrl} alt="" /> : null}
          </Avatar.Root>
          <Text as="span" display={{ base: 'none', md: 'inline' }} fontWeight="medium">
            {shown}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="240px">
            <Box px="3" py="2">
              <Text fontWeight="semibold">{name || 'Your account'}</Text>
              <Text fontSize="sm" color="fg.muted">
                {email}
              </Text>
              {profile.isError ? (
                <Text fontSize="sm" color="fg.error">
                  Profile unavailable: {profile.error.message}
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
