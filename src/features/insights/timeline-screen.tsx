import { Badge, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'

import type { Timeline } from '@schemas/insights'
import { insightsApi } from '@/api/insights'
import { guardQuery } from '@/components/query-guard'
import { Card, EmptyState, PageHeader, PanelSkeleton, StatTile } from '@/components/ui'
import { lazyDateFormat } from '@/lib/intl'

import { exportTable } from './export'

const whenFormat = lazyDateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dayFormat = lazyDateFormat(undefined, { dateStyle: 'medium' })
const timeFormat = lazyDateFormat(undefined, { timeStyle: 'short' })

const KIND_LABELS: Record<Timeline['events'][number]['kind'], string> = {
  joined: 'Joined',
  access: 'Access',
  lesson: 'Lesson',
  certificate: 'Certificate',
  nudge: 'Nudge',
  firstSale: 'First sale',
  lastSeen: 'Last seen',
}

const crumbs = [
  { label: 'Home', to: '/admin/dashboard' as const },
  { label: 'Members and access', to: '/admin/updateaccess' as const },
  { label: 'Timeline' },
]

/** One member's path through the product, newest first, with the counts beside it. */
export function TimelineScreen({ memberId }: { memberId: string }) {
  const query = insightsApi.timeline.useQuery({ params: { memberId } })
  const shown = guardQuery(query, {
    loading: <PanelSkeleton label="Loading the timeline" rows={6} />,
    errorTitle: 'The timeline could not be loaded',
  })
  if (!shown.ready) {
    return (
      <>
        <PageHeader title="Timeline" crumbs={crumbs} />
        {shown.view}
      </>
    )
  }
  const timeline = shown.data.data
  const exportCsv = () =>
    exportTable(
      `timeline-${timeline.member.email}.csv`,
      ['When', 'What', 'Detail'],
      timeline.events.map((e) => [e.at, KIND_LABELS[e.kind], e.text]),
    )
  return (
    <>
      <PageHeader
        title={`Timeline of ${timeline.member.name}`}
        crumbs={crumbs}
        actions={
          <Button size="sm" variant="outline" onClick={exportCsv}>
            Export CSV
          </Button>
        }
      />
      <Stack gap="6">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          <StatTile label="Lessons completed" value={timeline.counts.lessonsCompleted} />
          <StatTile label="Notes" value={timeline.counts.notes} />
          <StatTile label="AI uses" value={timeline.counts.aiUses} />
          <StatTile
            label="Last seen"
            value={
              timeline.lastSeenAt ? dayFormat.format(new Date(timeline.lastSeenAt)) : 'Not yet'
            }
            detail={
              timeline.lastSeenAt ? timeFormat.format(new Date(timeline.lastSeenAt)) : undefined
            }
          />
        </SimpleGrid>
        <Card title={timeline.member.email}>
          {timeline.events.length === 0 ? (
            <EmptyState title="Nothing recorded yet" />
          ) : (
            <Stack as="ol" gap="3" listStyleType="none" aria-label="Timeline">
              {timeline.events.map((event, index) => (
                <HStack
                  as="li"
                  key={`${event.at}:${index}`}
                  align="baseline"
                  gap="3"
                  wrap="wrap"
                  borderBottomWidth={index === timeline.events.length - 1 ? 0 : '1px'}
                  pb="3"
                >
                  <Text fontSize="sm" color="fg.muted" minW="40" fontVariantNumeric="tabular-nums">
                    <time dateTime={event.at}>{whenFormat.format(new Date(event.at))}</time>
                  </Text>
                  <Badge variant="subtle">{KIND_LABELS[event.kind]}</Badge>
                  <Text flex="1" minW="48">
                    {event.text}
                  </Text>
                </HStack>
              ))}
            </Stack>
          )}
        </Card>
      </Stack>
    </>
  )
}
