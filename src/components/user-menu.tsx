import { Button, chakra, Skeleton, Text, useSlotRecipe } from '@chakra-ui/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'

import { useOwnProfile } from '@/api/members'
import { storedEmail, storedName, storeName } from '@/lib/session'

// The menu loads on the first press of the button: no page's first paint waits for it.
const AccountMenu = lazy(() => import('./account-menu'))

/** "Maya Member" → "MM", "maya@example.com" → "M", as Chakra's avatar writes them. */
const initialsOf = (name: string) => {
  const words = name.trim().split(/\s+/)
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase()
}

/**
 * The member's photo, or their initials until it has loaded (and if it fails to), drawn with
 * Chakra's avatar recipe. Chakra's Avatar runs a state machine per avatar to follow the image's
 * loading; the top bar, on every signed-in page's first screen, does with the image's own events.
 */
export function PhotoOrInitials({
  photoUrl,
  initials,
}: {
  photoUrl?: string | null
  initials: string
}) {
  const styles = useSlotRecipe({ key: 'avatar' })({ size: 'sm' })
  const [loaded, setLoaded] = useState(false)
  return (
    <chakra.span css={styles.root} aria-hidden="true">
      {loaded ? null : (
        // The initials are drawn by CSS, so they are not a second text of the name beside the
        // name itself (the button's label must contain what it shows).
        <chakra.span
          css={styles.fallback}
          data-initials={initials}
          _before={{ content: 'attr(data-initials)' }}
        />
      )}
      {photoUrl ? (
        <chakra.img
          css={styles.image}
          src={photoUrl}
          alt=""
          hidden={!loaded}
          onLoad={() => setLoaded(true)}
          onError={() => setLoaded(false)}
        />
      ) : null}
    </chakra.span>
  )
}

/** The top bar's profile button: the member's photo (or initials) and a menu to sign out. */
export function UserMenu() {
  const email = storedEmail() ?? ''
  const profile = useOwnProfile()
  const button = useRef<HTMLButtonElement>(null)
  const [open, setOpen] = useState(false)
  const [loaded, setLoaded] = useState(false)
  const data = profile.data?.data
  const name = data ? [data.firstName, data.lastName].filter(Boolean).join(' ') : storedName()
  useEffect(() => {
    if (data) storeName(name)
  }, [data, name])
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
        <PhotoOrInitials
          key={data?.photoUrl}
          photoUrl={data?.photoUrl}
          initials={initialsOf(name || email)}
        />
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
