import { Avatar, Button, Skeleton, Text } from '@chakra-ui/react'
import { lazy, Suspense, useRef, useState } from 'react'

import { useOwnProfile } from '@/api/members'
import { storedEmail } from '@/lib/session'

// The menu loads on the first press of the button: no page's first paint waits for it.
const AccountMenu = lazy(() => import('./account-menu'))

/** "Maya Member" → "MM", "maya@example.com" → "M", as Chakra's avatar writes them. */
const initialsOf = (name: string) => {
  const words = name.trim().split(/\s+/)
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase()
}

/** The top bar's profile button: the member's photo (or initials) and a menu to sign out. */
export function UserMenu() {
  const email = storedEmail() ?? ''
  const profile = useOwnProfile()
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const data = profile.data?.data
  const name = data ? [data.firstName, data.lastName].filter(Boolean).join(' ') : ''
  const shown = name || email || 'Account'

  if (profile.isPending && email) {
    return (
      <Skeleton
        boxSize="10"
        borderRadius="full"
        role="status"
        aria-label="Loading your account menu"
      />
    )
  }

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        px="1"
        borderRadius="full"
        aria-label={`${shown}, account menu`}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => {
          setLoaded(true)
          setOpen((was) => !was)
        }}
      >
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
      {loaded ? (
        <Suspense fallback={null}>
          <AccountMenu
            anchor={button}
            open={open}
            onClose={() => {
              setOpen(false)
              button.current?.focus()
            }}
            name={name}
            email={email}
            error={profile.isError ? profile.error.message : undefined}
          />
        </Suspense>
      ) : null}
    </>
  )
}
