import { Badge, Box, chakra, Heading, Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'

import type { CalendarEvent } from '@schemas/events'
import { PanelSkeleton } from '@/components/ui'
import { lazyDateFormat } from '@/lib/intl'
import { timeOfDay } from '@/lib/time-format'

import { agendaDays, type AgendaTime } from './agenda'
import { eventColorVar } from './event-colors'

const dayFormat = lazyDateFormat('en', { weekday: 'long', month: 'long', day: 'numeric' })

function timeText(time: AgendaTime) {
  switch (time.kind) {
    case 'allDay':
      return 'All day'
    case 'range':
      return time.end > time.start
        ? `${timeOfDay.format(time.start)} – ${timeOfDay.format(time.end)}`
        : timeOfDay.format(time.start)
    case 'from':
      return `From ${timeOfDay.format(time.start)}`
    case 'until':
      return `Until ${timeOfDay.format(time.end)}`
  }
}

const isSameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() &&
  a.getMonth() === b.getMonth() &&
  a.getDate() === b.getDate()

/** One event of a day: a button that opens it, with its colour, title, time and place. */
const EventButton = chakra('button', {
  base: {
    display: 'flex',
    gap: '3',
    width: 'full',
    textAlign: 'start',
    px: '3',
    py: '2',
    rounded: 'l2',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid var(--app-primary)', outlineOffset: '-2px' },
  },
})

/**
 * The month's events as a list of days, the calendar's first view on a phone: plain buttons a
 * phone draws at once, where a calendar grid library would spend a long task laying out a table.
 */
export function AgendaList({
  events,
  month,
  label,
  pending,
  onOpen,
}: {
  events: readonly CalendarEvent[]
  month: Date
  /** The list's accessible name: the month it shows. */
  label: string
  /** Whether `events` are still another month's: an empty month is not said to be empty yet. */
  pending: boolean
  onOpen: (event: CalendarEvent) => void
}) {
  const days = useMemo(() => agendaDays(events, month), [events, month])
  const now = new Date()
  if (days.length === 0) {
    if (pending) return <PanelSkeleton label="Loading the month's events" rows={3} height="12" />
    return (
      <Text color="fg.muted" fontSize="sm" role="status" py="6" textAlign="center">
        Nothing planned in this month. Use New event to add one.
      </Text>
    )
  }
  return (
    <Stack as="ol" gap="4" listStyleType="none" aria-label={label}>
      {days.map((day) => {
        const today = isSameDay(day.date, now)
        return (
          <li key={day.date.getTime()} aria-current={today ? 'date' : undefined}>
            <Heading
              as="h3"
              size="sm"
              bg={today ? 'primary.subtle' : 'bg.muted'}
              px="3"
              py="1.5"
              rounded="l2"
              display="flex"
              gap="2"
              alignItems="center"
            >
              <time dateTime={day.date.toISOString()}>{dayFormat.format(day.date)}</time>
              {today ? (
                <Badge colorPalette="primary" variant="solid" size="sm">
                  Today
                </Badge>
              ) : null}
            </Heading>
            <Stack as="ul" gap="0" listStyleType="none" mt="1">
              {day.entries.map(({ event, time }) => (
                <li key={event.id}>
                  <EventButton type="button" onClick={() => onOpen(event)}>
                    <Box
                      as="span"
                      aria-hidden
                      w="1"
                      flexShrink={0}
                      rounded="full"
                      style={{ background: eventColorVar(event.color) }}
                    />
                    <Box as="span" minW="0">
                      <Text as="span" display="block" fontWeight="medium" unicodeBidi="plaintext">
                        {event.title}
                      </Text>
                      <Text as="span" display="block" fontSize="sm" color="fg.muted">
                        {/* "17:00 – 18:00" reads left to right in a right-to-left page as well. */}
                        <bdi dir="ltr">{timeText(time)}</bdi>
                        {event.location ? ` · ${event.location}` : ''}
                      </Text>
                    </Box>
                  </EventButton>
                </li>
              ))}
            </Stack>
          </li>
        )
      })}
    </Stack>
  )
}
