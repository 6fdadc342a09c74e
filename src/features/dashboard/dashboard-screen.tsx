import { Alert, Badge, Box, Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { membersApi } from '../../api/members'
import { useDocumentTitle } from '../../lib/document-title'
import { storedEmail, storedRole } from '../../lib/session'
import { AdminOverview } from './admin-overview'
import { NotesKpi, NotesPanel } from './notes-panel'
import { RecentLeads } from './recent-leads'
import { NextEventKpi, UpcomingEvents } from './upcoming-events'

const ROLE_LABELS = { admin: 'Administrator', member: 'Member' } as const

/**
 * The welcome screen (also /admin/training/welcome): the headline figures first, then, for an
 * administrator, the membership, then the member's own courses, earnings, notes, events and
 * leads. The route passes in what other features draw (the earnings and training figures, the
 * resume card, the earnings section). Everything is drawn at once, each part in a placeholder of
 * its own size, so the text paints early and nothing moves when the figures arrive.
 */
export function DashboardScreen({
  kpis,
  earnings,
  courses,
}: { kpis?: ReactNode; earnings?: ReactNode; courses?: ReactNode } = {}) {
  useDocumentTitle('Dashboard')
  const email = storedEmail() ?? ''
  const role = storedRole()
  const profile = useQuery({
    ...membersApi.profile.queryOptions({ params: { email } }),
    enabled: email !== '',
  })
  const name = profile.data
    ? [profile.data.data.firstName, profile.data.data.lastName].filter(Boolean).join(' ')
    : ''

  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl" truncate>
          Welcome back{name ? `, ${name}` : ''}
        </Heading>
        <Text color="fg.muted" display="flex" gap="2" alignItems="center" flexWrap="wrap">
          Signed in as {email || 'a member'}
          {role === 'admin' || role === 'member' ? (
            <Badge aria-label={`Role: ${ROLE_LABELS[role]}`}>{ROLE_LABELS[role]}</Badge>
          ) : null}
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

      <SimpleGrid
        as="section"
        aria-label="At a glance"
        columns={{ base: 2, lg: 4 }}
        gap={{ base: '3', md: '6' }}
      >
        {kpis}
        <NextEventKpi />
        <NotesKpi />
      </SimpleGrid>

      {role === 'admin' ? <AdminOverview /> : null}

      {courses}

      {earnings}

      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" alignItems="start">
        <NotesPanel />
        <UpcomingEvents />
        <Box gridColumn={{ md: 'span 2', xl: 'auto' }}>
          <RecentLeads />
        </Box>
      </SimpleGrid>
    </Stack>
  )
}
