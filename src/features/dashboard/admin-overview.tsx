import { Badge, Box, Flex, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { type UseQueryResult } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'

import { AUDIT_ACTION_LABELS, type MemberStats } from '@schemas/members'
import { membersApi } from '@/api/members'
import { Card, PanelQuery, StatTile } from '@/components/ui'
import { lazyDateFormat } from '@/lib/intl'
import { useQuery } from '@/lib/use-deferred-query'

import { PersonItem } from './person-item'

const SHOWN = 5
const whenFormat = lazyDateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const weekFormat = lazyDateFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en')} ${n === 1 ? one : many}`

const auditLink = (
  <Link asChild fontSize="sm" color="primary.fg">
    <RouterLink to="/admin/updateaccess">Members and access</RouterLink>
  </Link>
)

/**
 * The administrator's part of the dashboard: the membership at a glance, sign-ups week by week,
 * the newest members and the latest changes administrators made.
 */
export function AdminOverview() {
  const stats = useQuery(membersApi.stats.queryOptions({}))
  const data = stats.data?.data
  const tile = (
    label: string,
    value: (d: MemberStats) => string,
    detail: (d: MemberStats) => string,
  ) =>
    data ? (
      <StatTile label={label} value={value(data)} detail={detail(data)} />
    ) : (
      <StatTile label={label} loading={stats.isPending} error={stats.error?.message} />
    )

  return (
    <Stack as="section" gap="5" aria-label="Membership">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '3', md: '5' }}>
        {tile(
          'Members',
          (d) => d.total.toLocaleString('en'),
          (d) => plural(d.admins, 'administrator', 'administrators'),
        )}
        {tile(
          'Joined, last 30 days',
          (d) => d.joinedLast30Days.toLocaleString('en'),
          (d) => `${d.joinedPrevious30Days.toLocaleString('en')} in the 30 days before`,
        )}
        {tile(
          'Administrators’ changes, 7 days',
          (d) => d.adminChangesLast7Days.toLocaleString('en'),
          () => 'Recorded in the audit log',
        )}
        {tile(
          'Joined this week',
          (d) => (d.weeks.at(-1)?.count ?? 0).toLocaleString('en'),
          (d) => `${(d.weeks.at(-2)?.count ?? 0).toLocaleString('en')} the week before`,
        )}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="5" alignItems="start">
        <SignUps stats={stats} />
        <NewestMembers />
        <RecentChanges />
      </SimpleGrid>
    </Stack>
  )
}

function SignUps({ stats }: { stats: UseQueryResult<{ data: MemberStats }> }) {
  const weeks = stats.data?.data.weeks ?? []
  const most = Math.max(1, ...weeks.map((w) => w.count))
  return (
    <Card title="Sign-ups per week">
      <PanelQuery query={stats} loading="Loading sign-ups">
        {() => (
          <Stack gap="2">
            <Flex
              as="ol"
              listStyleType="none"
              h="32"
              gap="1.5"
              align="flex-end"
              aria-label={`Sign-ups in each of the last ${weeks.length} weeks`}
            >
              {weeks.map((week) => {
                const label = `Week of ${weekFormat.format(new Date(`${week.start}T00:00:00Z`))}: ${plural(week.count, 'sign-up', 'sign-ups')}`
                return (
                  <Box
                    as="li"
                    key={week.start}
                    flex="1"
                    h="full"
                    display="flex"
                    alignItems="flex-end"
                    title={label}
                    aria-label={label}
                  >
                    <Box
                      w="full"
                      h={`${Math.max(2, (week.count / most) * 100)}%`}
                      bg={week.count > 0 ? 'primary.solid' : 'border'}
                      roundedTop="sm"
                    />
                  </Box>
                )
              })}
            </Flex>
            <Flex justify="space-between" fontSize="xs" color="fg.muted" aria-hidden="true">
              <span>
                {weeks[0] ? weekFormat.format(new Date(`${weeks[0].start}T00:00:00Z`)) : ''}
              </span>
              <span>This week</span>
            </Flex>
          </Stack>
        )}
      </PanelQuery>
    </Card>
  )
}

function NewestMembers() {
  const list = useQuery(
    membersApi.list.queryOptions({
      query: { page: 1, pageSize: SHOWN, sort: 'createdAt', order: 'desc' },
    }),
  )
  return (
    <Card title="Newest members" action={auditLink}>
      <PanelQuery query={list} loading="Loading the newest members">
        {({ data }) => (
          <Stack as="ul" gap="3" listStyleType="none">
            {data.items.map((member) => {
              const name = [member.firstName, member.lastName].filter(Boolean).join(' ')
              return (
                <PersonItem
                  key={member.id}
                  title={name || member.email}
                  detail={name ? member.email : undefined}
                  createdAt={member.createdAt}
                />
              )
            })}
          </Stack>
        )}
      </PanelQuery>
    </Card>
  )
}

function RecentChanges() {
  const audit = useQuery(membersApi.audit.queryOptions({ query: { page: 1, pageSize: SHOWN } }))
  return (
    <Card title="Recent changes" action={auditLink}>
      <PanelQuery query={audit} loading="Loading recent changes">
        {({ data }) =>
          data.items.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No changes yet. Creating, changing or deleting a member is recorded here.
            </Text>
          ) : (
            <Stack as="ul" gap="3" listStyleType="none">
              {data.items.map((entry) => (
                <Stack as="li" key={entry.id} gap="0.5" minW="0">
                  <HStack gap="2" minW="0">
                    <Badge flexShrink={0}>{AUDIT_ACTION_LABELS[entry.action]}</Badge>
                    <Text truncate>{entry.targetEmail}</Text>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    <time dateTime={entry.createdAt}>
                      {whenFormat.format(new Date(entry.createdAt))}
                    </time>{' '}
                    by {entry.actorEmail}
                  </Text>
                </Stack>
              ))}
            </Stack>
          )
        }
      </PanelQuery>
    </Card>
  )
}
