import { Alert, Badge, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import { useOwnProfile } from '@/api/members'
import { LaterPart, WhenNear } from '@/components/when-near'
import { useDocumentTitle } from '@/lib/document-title'
import { storedRole } from '@/lib/session'
import { useStages } from '@/lib/use-stages'

import { AdminOverview } from './admin-overview'
import { NotesKpi, NotesPanel } from './notes-panel'
import { RecentLeads } from './recent-leads'
import { NextEventKpi, UpcomingEvents } from './upcoming-events'

const ROLE_LABELS = { admin: 'Administrator', member: 'Member' } as const

/**
 * The welcome screen (also /admin/training/welcome): what members open most first, the course to
 * continue beside the member's level, and the headline figures (each tile a shortcut to its screen), then, for an
 * administrator, the membership, then the member's own earnings, then their notes, events and
 * leads side by side on a wide screen (built in the renders after the first, see useStages, and
 * only once scrolled near, see WhenNear: a phone opening the page builds its first screen, not
 * the lists below it). On a laptop it fits in two and a half screens. The route passes in what
 * other features draw (the earnings and training figures, the resume card, the level, the
 * earnings section). Each part is drawn in a placeholder of its own size, so the text paints early and
 * nothing on screen moves when the figures arrive.
 */
export function DashboardScreen({
  kpis,
  earnings,
  courses,
  level,
}: { kpis?: ReactNode; earnings?: ReactNode; courses?: ReactNode; level?: ReactNode } = {}) {
  useDocumentTitle('Dashboard')
  const role = storedRole()
  const profile = useOwnProfile()
  // The headline and the course first; the rest of the page in the renders that follow.
  const stage = useStages(2)
  const later = <LaterPart />
  const name = profile.data
    ? [profile.data.data.firstName, profile.data.data.lastName].filter(Boolean).join(' ')
    : ''

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Flex align="center" columnGap="3" rowGap="1" wrap="wrap" minW="0">
          <Heading as="h1" size="xl" minW="0" overflowWrap="anywhere">
            Welcome back{name ? `, ${name}` : ''}
          </Heading>
          {role === 'admin' || role === 'member' ? (
            // Not on a phone, where it would take a line of its own and move the page down.
            <Badge flexShrink={0} hideBelow="sm" aria-label={`Role: ${ROLE_LABELS[role]}`}>
              {ROLE_LABELS[role]}
            </Badge>
          ) : null}
        </Flex>
        {/* The same words for everyone: the page arrives with them, before any script or data. */}
        <Text color="fg.muted">
          <bdi>
            Pick up your training where you left off, and see this month&apos;s earnings, your
            notes, events and leads.
          </bdi>
        </Text>
        {profile.isError ? (
          <Alert.Root status="error" role="alert" mt="2">
            <Alert.Indicator />
            <Alert.Description>
              Your profile could not be loaded: {profile.error.message}
            </Alert.Description>
            <Button size="xs" variant="outline" ms="auto" onClick={() => void profile.refetch()}>
              Try again
            </Button>
          </Alert.Root>
        ) : null}
      </Stack>

      {/* Side by side on a laptop, where each is wide enough for its one line of text. */}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        {courses}
        {level}
      </SimpleGrid>

      <SimpleGrid
        as="section"
        aria-label="At a glance"
        columns={{ base: 2, md: 4 }}
        gap={{ base: '3', md: '5' }}
      >
        {kpis}
        <NextEventKpi />
        <NotesKpi />
      </SimpleGrid>

      {stage >= 1 ? (
        <WhenNear label={role === 'admin' ? 'Membership and earnings' : 'Earnings'}>
          {role === 'admin' ? <AdminOverview /> : null}
          {earnings}
        </WhenNear>
      ) : (
        later
      )}

      {stage >= 2 ? (
        <WhenNear label="Notes, events and leads">
          {/* Three columns on a wide screen; on a tablet the leads take the width under the other two. */}
          <SimpleGrid
            columns={{ base: 1, md: 2, lg: 3 }}
            gap="5"
            alignItems="start"
            css={{ '& > :last-child': { gridColumn: { md: 'span 2', lg: 'auto' } } }}
          >
            <NotesPanel />
            <UpcomingEvents />
            <RecentLeads />
          </SimpleGrid>
        </WhenNear>
      ) : (
        later
      )}
    </Stack>
  )
}
