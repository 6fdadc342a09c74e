import {
  Alert,
  Badge,
  Button,
  Card,
  Heading,
  List,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { authApi } from '../../api/auth'
import { membersApi } from '../../api/members'
import { visibleNavGroups } from '../../components/layout/nav-items'
import { useDocumentTitle } from '../../lib/document-title'
import { storedEmail } from '../../lib/session'
import { NotesPanel } from './notes-panel'
import { RecentLeads } from './recent-leads'
import { UpcomingEvents } from './upcoming-events'

const ROLE_LABELS = { admin: 'Administrator', member: 'Member' } as const

/**
 * The welcome screen (also /admin/training/welcome): who is signed in and what is here. The
 * route passes in the courses' resume card and the earnings section (features of their own).
 */
export function DashboardScreen({
  earnings,
  courses,
}: { earnings?: ReactNode; courses?: ReactNode } = {}) {
  useDocumentTitle('Dashboard')
  const email = storedEmail() ?? ''
  const profile = useQuery({
    ...membersApi.profile.queryOptions({ params: { email } }),
    enabled: email !== '',
  })
  const current = authApi.current.useQuery()

  const name = profile.data
    ? [profile.data.data.firstName, profile.data.data.lastName].filter(Boolean).join(' ')
    : ''
  const areas = visibleNavGroups()
    .flatMap((group) => group.items.map((item) => ({ ...item, group: group.label })))
    .filter((item) => item.path !== '/admin/dashboard' && item.path !== '/admin/logout')

  return (
    <Stack gap="6">
      <Card.Root>
        <Card.Body p="15px">
          <Stack gap="3">
            {profile.isPending && email ? (
              <>
                <Skeleton height="8" width="60%" />
                <SkeletonText noOfLines={1} width="40%" />
              </>
            ) : profile.isError || !email ? (
              <Stack gap="3" align="start">
                <Heading as="h1" size="xl">
                  Welcome to Members Area
                </Heading>
                <Alert.Root status="error" role="alert">
                  <Alert.Indicator />
                  <Alert.Description>
                    Your profile could not be loaded
                    {profile.error ? `: ${profile.error.message}` : '.'}
                  </Alert.Description>
                </Alert.Root>
                {email ? (
                  <Button size="sm" variant="outline" onClick={() => void profile.refetch()}>
                    Try again
                  </Button>
                ) : null}
              </Stack>
            ) : (
              <Heading as="h1" size="xl">
                Welcome back{name ? `, ${name}` : ''}
              </Heading>
            )}
            <Text color="fg.muted" display="flex" gap="2" alignItems="center" flexWrap="wrap">
              Signed in as {email || 'a member'}
              {current.data ? (
                <Badge aria-label={`Role: ${ROLE_LABELS[current.data.role]}`}>
                  {ROLE_LABELS[current.data.role]}
                </Badge>
              ) : current.isPending ? (
                <Skeleton as="span" height="5" width="16" display="inline-block" />
              ) : (
                <Text as="span" color="fg.error">
                  (role unavailable: {current.error?.message})
                </Text>
              )}
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>

      {courses}

      {earnings}

      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="6" alignItems="start">
        <NotesPanel />
        <UpcomingEvents />
        <RecentLeads />
      </SimpleGrid>

      <Card.Root>
        <Card.Body p="15px">
          <Stack gap="3">
            <Heading as="h2" size="md">
              What is here
            </Heading>
            <List.Root gap="2" ps="5">
              {areas.map((item) => (
                <List.Item key={item.path}>
                  <Link to={item.path}>{item.label}</Link> <Text as="span">({item.group})</Text>
                </List.Item>
              ))}
              <List.Item>
                Appearance: light or dark mode, text direction, colour theme, corner radius and
                language, from the settings button in the top bar.
              </List.Item>
              <List.Item>
                Your account: your name and e-mail, and signing out, from the menu at the top right.
              </List.Item>
            </List.Root>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}
