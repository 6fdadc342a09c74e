import { Avatar, Box, Button, Menu, Portal, Skeleton, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'

import { membersApi } from '../api/members'
import { storedEmail } from '../lib/session'

/** "Maya Member" → "MM", "maya@example.com" → "M", as Chakra's avatar writes them. */
const initialsOf = (name: string) => {
  const words = name.trim().split(/\s+/)
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase()
}

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
        <Button variant="ghost" px="1" borderRadius="full" aria-label={`${shown}, account menu`}>
          <Avatar.Root size="sm" aria-hidden="true">
            {/* The initials are drawn by CSS, so they are not a second text of the name beside
                the name itself (the button's label must contain what it shows). */}
            <Avatar.Fallback
              data-initials={initialsOf(name || email)}
              _before={{ content: 'attr(data-initials)' }}
            >
              <></>
            </Avatar.Fallback>
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
