import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { type ReactNode } from 'react'

import {
  areaLabel,
  areaRequestSubject,
  AREAS,
  hasArea,
  lockedMessage,
  type AreaKey,
} from '@schemas/access'
import { useOwnProfile } from '@/api/members'
import { isApiError } from '@/lib/api-error'

import { AppIcon, type IconName } from './layout/icons'
import { Card, PageSpinner } from './ui'

/**
 * Shows `children` only to a member whose profile includes `area` (administrators have every
 * area). It reads the same profile query the app starts at sign-in, so it costs no extra call.
 * The server still decides: a screen whose call answers 403 shows the same panel through
 * `lockedAreaOf`.
 */
export function AreaGate({ area, children }: { area: AreaKey; children: ReactNode }) {
  const profile = useOwnProfile()

  if (profile.isLoading) return <PageSpinner label="Checking your membership" />
  const data = profile.data?.data
  // Without a readable profile the screen's own calls decide (their 403 shows the panel).
  if (!data || hasArea(data, area)) return <>{children}</>
  return <UpgradePanel area={area} />
}

/** What a member sees in place of a screen that is not open to them, and where to go instead. */
export function LockPanel({
  icon = 'lock',
  title,
  message,
  action,
  testId,
}: {
  icon?: IconName
  title: string
  message: string
  action: ReactNode
  testId: string
}) {
  return (
    <Card maxW="xl" mx="auto" mt={{ base: '4', md: '10' }} data-testid={testId}>
      <Stack gap="4" align="center" textAlign="center" py="4">
        <Stack color="primary.solid" aria-hidden>
          <AppIcon name={icon} size="40px" />
        </Stack>
        <Heading as="h2" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        {action}
      </Stack>
    </Card>
  )
}

/**
 * What a member sees in place of an area they have not been granted: a free area is asked for,
 * a paid one leads to the upgrade options, in the words the upgrade page uses.
 */
export function UpgradePanel({ area }: { area: AreaKey }) {
  const free = AREAS.find((a) => a.key === area)?.free
  return (
    <LockPanel
      title={areaLabel(area)}
      message={lockedMessage(area)}
      testId="upgrade-panel"
      action={
        free ? (
          <Button asChild colorPalette="primary">
            <Link to="/admin/contactus" search={{ subject: areaRequestSubject(area) }}>
              Ask us to open it
            </Link>
          </Button>
        ) : (
          <Button asChild colorPalette="primary">
            <Link to="/admin/upgrade">See upgrade options</Link>
          </Button>
        )
      }
    />
  )
}

/** The area an error locks, when it is the server's 403 "membership does not include" answer. */
export function lockedAreaOf(error: unknown): AreaKey | null {
  if (!isApiError(error) || error.status !== 403) return null
  return AREAS.find((a) => lockedMessage(a.key) === error.message)?.key ?? null
}

/**
 * For screens whose calls may answer 403 in an area: the upgrade panel when `error` is that
 * answer, otherwise null so the screen shows its own error state.
 */
export function lockedPanelFor(error: unknown): ReactNode {
  const area = lockedAreaOf(error)
  return area ? <UpgradePanel area={area} /> : null
}
