import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'

import type { CalendarEvent } from '@schemas/events'
import { eventsApi } from '@/api/events'
import { Card, PanelQuery, StatTile } from '@/components/ui'
import { lazyDateFormat } from '@/lib/intl'
import { timeOfDay } from '@/lib/time-format'
import { useQuery } from '@/lib/use-deferred-query'

export const UPCOMING_DAYS = 14
const SHOWN = 6

/** From the start of today, so the key stays the same all day and events of today still show. */
function upcomingRange(now = new Date()) {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const to = new Date(from)
  to.setDate(to.getDate() + UPCOMING_DAYS)
  return { from: from.toISOString(), to: to.toISOString() }
}

const dayFormat = lazyDateFormat('en', { weekday: 'short', day: 'numeric', month: 'short' })

function when(event: CalendarEvent) {
  const start = new Date(event.start)
  if (event.allDay) return `${dayFormat.format(start)} · All day`
  const end = new Date(event.end)
  const times =
    end.getTime() > start.getTime()
      ? `${timeOfDay.format(start)}–${timeOfDay.format(end)}`
      : timeOfDay.format(start)
  return `${dayFormat.format(start)} · ${times}`
}

/** Events of the next two weeks that have not ended yet, soonest first. */
function useUpcomingEvents() {
  const [range] = useState(upcomingRange)
  const events = useQuery(eventsApi.list.queryOptions({ query: range }))
  // Events that had ended when the list arrived are left out (render stays pure).
  const loadedAt = events.dataUpdatedAt
  const upcoming = (events.data?.data ?? [])
    .filter((event) => Date.parse(event.end) >= loadedAt)
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  return { events, upcoming }
}

/** The dashboard's headline figure for the calendar: the next event. */
export function NextEventKpi() {
  const { events, upcoming } = useUpcomingEvents()
  const label = 'Next event'
  const to = '/admin/calendar'
  if (events.isPending) return <StatTile label={label} to={to} loading testId="kpi-next-event" />
  if (events.isError) {
    return <StatTile label={label} to={to} error={events.error.message} testId="kpi-next-event" />
  }
  const next = upcoming[0]
  if (!next) {
    return (
      <StatTile
        label={label}
        to={to}
        value="None planned"
        detail={`Nothing in the next ${UPCOMING_DAYS} days`}
        testId="kpi-next-event"
      />
    )
  }
  return (
    <StatTile
      label={label}
      to={to}
      value={next.title}
      detail={<time dateTime={next.start}>{when(next)}</time>}
      testId="kpi-next-event"
    />
  )
}

/** Events of the next two weeks that have not ended yet. */
export function UpcomingEvents() {
  const { events, upcoming } = useUpcomingEvents()

  return (
    <Card
      title="Upcoming events"
      action={
        <Link asChild fontSize="sm" color="primary.fg">
          <RouterLink to="/admin/calendar">Open calendar</RouterLink>
        </Link>
      }
    >
      <PanelQuery query={events} loading="Loading events" failed="Events could not be loaded">
        {() =>
          upcoming.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              Nothing planned for the next {UPCOMING_DAYS} days.{' '}
              <Link asChild color="primary.fg">
                <RouterLink to="/admin/calendar">Plan an event</RouterLink>
              </Link>
            </Text>
          ) : (
            <Stack
              as="ul"
              gap="3"
              listStyleType="none"
              aria-label={`Events in the next ${UPCOMING_DAYS} days`}
            >
              {upcoming.slice(0, SHOWN).map((event) => (
                <HStack as="li" key={event.id} gap="3" align="flex-start">
                  <Box
                    colorPalette={event.color}
                    bg="colorPalette.solid"
                    w="1"
                    alignSelf="stretch"
                    rounded="full"
                    flexShrink={0}
                  />
                  <Stack gap="0" minW="0">
                    <Text fontWeight="medium" truncate>
                      {event.title}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      <time dateTime={event.start}>{when(event)}</time>
                      {event.location ? ` · ${event.location}` : ''}
                    </Text>
                  </Stack>
                </HStack>
              ))}
            </Stack>
          )
        }
      </PanelQuery>
    </Card>
  )
}
