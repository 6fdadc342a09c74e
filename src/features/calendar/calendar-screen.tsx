import {
  Box,
  Button,
  ButtonGroup,
  Flex,
  Heading,
  HStack,
  IconButton,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react'
import type {
  DateSelectArg,
  DatesSetArg,
  EventChangeArg,
  EventClickArg,
  EventInput,
} from '@fullcalendar/core'
import dayGridPlugin from '@fullcalendar/daygrid'
import interactionPlugin from '@fullcalendar/interaction'
import listPlugin from '@fullcalendar/list'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { keepPreviousData } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'

import { eventsApi } from '@/api/events'
import { AppIcon } from '@/components/layout/icons'
import { Card, ErrorState, PageHeader, PanelSkeleton } from '@/components/ui'
import { clockIsHour12 } from '@/lib/time-format'
import { useQuery } from '@/lib/use-deferred-query'
import { useAppearance } from '@/stores/appearance'

import { eventColorVar, eventTextColorVar } from './event-colors'
import { EventDialog, type EventDraft } from './event-dialog'
import { addDays, firstDatesShown, VIEWS, type ViewId } from './event-time'
import { useMoveEvent } from './use-event-mutations'

/** The buttons that step back and forth by the view's unit; their arrows follow the reading direction. */
const STEPS = [
  { go: 'prev', label: 'Previous', icon: 'chevronLeft' },
  { go: 'next', label: 'Next', icon: 'chevronRight' },
] as const

const plugins = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]
const WORKDAY_START = '07:00:00'

/**
 * FullCalendar draws with its own CSS variables: they are pointed at the theme's tokens so the
 * grid follows light and dark mode and the colour theme.
 */
const calendarTheme = {
  '--fc-border-color': 'var(--chakra-colors-border)',
  '--fc-page-bg-color': 'var(--chakra-colors-bg-panel)',
  '--fc-neutral-bg-color': 'var(--chakra-colors-bg-muted)',
  '--fc-neutral-text-color': 'var(--chakra-colors-fg-muted)',
  '--fc-list-event-hover-bg-color': 'var(--chakra-colors-bg-muted)',
  '--fc-today-bg-color': 'color-mix(in srgb, var(--app-primary) 10%, transparent)',
  '--fc-highlight-color': 'color-mix(in srgb, var(--app-primary) 18%, transparent)',
  '--fc-now-indicator-color': 'var(--chakra-colors-red-500)',
  '--fc-event-bg-color': 'var(--app-primary)',
  '--fc-event-border-color': 'var(--app-primary)',
  '--fc-event-text-color': 'var(--app-primary-contrast)',
  '& .fc': { fontSize: 'sm' },
  '& .fc a': { color: 'inherit', textDecoration: 'none' },
  '& .fc .fc-col-header-cell-cushion, & .fc .fc-daygrid-day-number': { color: 'fg.muted' },
  '& .fc .fc-list-day-cushion': { bg: 'bg.muted' },
  // Days of the next and last month: a lighter colour instead of FullCalendar's 30 % opacity,
  // which leaves their numbers at 1.5:1.
  '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1 },
  '& .fc .fc-day-other .fc-daygrid-day-number': { color: 'fg.subtle' },
  '& .fc .fc-event:focus-visible': {
    outline: '2px solid var(--app-primary)',
    outlineOffset: '2px',
  },
  '& .fc .fc-daygrid-day-frame': { minHeight: { base: '16', md: '24' } },
  // An event's title takes its direction from its own words, so an English title in a
  // right-to-left page is cut at its end, not its start; in a day cell it ends in an ellipsis.
  '& .fc .fc-event-title, & .fc .fc-list-event-title': { unicodeBidi: 'plaintext' },
  '& .fc .fc-daygrid-event .fc-event-title': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  // Time ranges are written left to right ("17:00 - 18:00") in a right-to-left page as well.
  '& .fc .fc-list-event-time, & .fc .fc-event-time, & .fc .fc-timegrid-slot-label-cushion': {
    direction: 'ltr',
    unicodeBidi: 'isolate',
  },
  // The agenda hides its header row at left: -10000px, which widens a right-to-left page.
  '& .fc .fc-list-table thead': {
    left: 'auto',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
  },
} as const

/** The member's events in month, week and agenda views; only the visible range is fetched. */
export function CalendarScreen() {
  const calendar = useRef<FullCalendar>(null)
  const direction = useAppearance((state) => state.activeDir)
  // A phone's month grid has no room for titles: the agenda is the better first view there.
  const [view, setView] = useState<ViewId>(() =>
    window.matchMedia('(max-width: 599px)').matches ? 'listMonth' : 'dayGridMonth',
  )
  const [title, setTitle] = useState('')
  // The first dates' events are asked for at once, not once FullCalendar has drawn them.
  const [range, setRange] = useState(() => firstDatesShown(view, new Date()))
  const [draft, setDraft] = useState<EventDraft | null>(null)
  const move = useMoveEvent()

  const events = useQuery({
    ...eventsApi.list.queryOptions({ query: range }),
    placeholderData: keepPreviousData,
  })
  // FullCalendar draws once, with the first dates' events (or without them when they could not
  // be loaded): drawn empty and again when they arrived, each drawing of the month held a
  // phone's main thread for a few hundred milliseconds.
  const [drawn, setDrawn] = useState(false)
  if (!drawn && (events.data !== undefined || events.isError)) setDrawn(true)

  const list = events.data?.data
  const inputs = useMemo<EventInput[]>(
    () =>
      (list ?? []).map((event) => ({
        id: event.id,
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.allDay,
        backgroundColor: eventColorVar(event.color),
        borderColor: eventColorVar(event.color),
        textColor: eventTextColorVar(event.color),
      })),
    [list],
  )

  const api = () => calendar.current?.getApi()
  // The week opens at the start of a working day, also when it is chosen after the month: the
  // calendar's own scroll runs before the week's fixed height applies, and lands at midnight.
  useEffect(() => {
    if (view === 'timeGridWeek') calendar.current?.getApi().scrollToTime(WORKDAY_START)
  }, [view])
  const unit = VIEWS.find((v) => v.id === view)?.unit ?? 'month'

  const onDatesSet = (arg: DatesSetArg) => {
    setTitle(arg.view.title)
    const next = { from: arg.start.toISOString(), to: arg.end.toISOString() }
    setRange((current) =>
      current && current.from === next.from && current.to === next.to ? current : next,
    )
  }

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect()
    setDraft({ kind: 'new', start: arg.start, end: arg.end, allDay: arg.allDay })
  }

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault()
    const event = list?.find((item) => item.id === arg.event.id)
    if (event) setDraft({ kind: 'edit', event })
  }

  const onEventChange = (arg: EventChangeArg) => {
    const event = list?.find((item) => item.id === arg.event.id)
    const start = arg.event.start
    if (!event || !start) {
      arg.revert()
      return
    }
    // An event without length has no end in FullCalendar; all-day events span at least a day.
    const end = arg.event.end ?? (arg.event.allDay ? addDays(start, 1) : start)
    move.mutate(
      {
        params: { id: event.id },
        body: {
          title: event.title,
          description: event.description,
          location: event.location,
          color: event.color,
          allDay: arg.event.allDay,
          start: start.toISOString(),
          end: end.toISOString(),
        },
      },
      { onError: () => arg.revert() },
    )
  }

  const newEvent = () => {
    const start = new Date()
    start.setMinutes(0, 0, 0)
    start.setHours(start.getHours() + 1)
    setDraft({ kind: 'new', start, end: new Date(start.getTime() + 60 * 60 * 1000), allDay: false })
  }

  const isEmpty = events.isSuccess && list?.length === 0 && !events.isPlaceholderData

  return (
    <Box>
      <PageHeader
        title="Calendar"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Calendar' }]}
        actions={
          <Button onClick={newEvent}>
            <AppIcon name="plus" size="18px" />
            New event
          </Button>
        }
      />
      <Card>
        <Stack gap="4">
          <Flex
            gap="3"
            align={{ base: 'stretch', md: 'center' }}
            justify="space-between"
            direction={{ base: 'column', md: 'row' }}
          >
            <HStack gap="2">
              {STEPS.map((step) => (
                <IconButton
                  key={step.go}
                  variant="outline"
                  size="sm"
                  aria-label={`${step.label} ${unit}`}
                  onClick={() => api()?.[step.go]()}
                >
                  <AppIcon
                    name={step.icon}
                    size="18px"
                    css={{ '[dir=rtl] &': { rotate: '180deg' } }}
                  />
                </IconButton>
              ))}
              <Button variant="outline" size="sm" onClick={() => api()?.today()}>
                Today
              </Button>
              <Heading as="h2" size="lg" ms="2" aria-live="polite">
                {title}
              </Heading>
              {events.isFetching ? (
                <Spinner
                  size="sm"
                  color="primary.solid"
                  role="status"
                  aria-label="Loading events"
                />
              ) : null}
            </HStack>
            <ButtonGroup size="sm" variant="outline" attached role="group" aria-label="View">
              {VIEWS.map((option) => (
                <Button
                  key={option.id}
                  aria-pressed={view === option.id}
                  variant={view === option.id ? 'solid' : 'outline'}
                  onClick={() => {
                    setView(option.id)
                    api()?.changeView(option.id)
                  }}
                >
                  {option.label}
                </Button>
              ))}
            </ButtonGroup>
          </Flex>
          {events.isError ? (
            <ErrorState
              title="Events could not be loaded"
              message={events.error.message}
              onRetry={() => void events.refetch()}
              retrying={events.isFetching}
            />
          ) : null}
          {isEmpty && view !== 'listMonth' ? (
            <Text color="fg.muted" fontSize="sm" role="status">
              Nothing planned here yet. Click a day or a time slot, or use New event.
            </Text>
          ) : null}
          {drawn ? (
            <Box css={calendarTheme}>
              <FullCalendar
                ref={calendar}
                plugins={plugins}
                initialView={view}
                headerToolbar={false}
                direction={direction}
                // The week's 24 hours scroll inside the card, opening at the start of a working day.
                height={view === 'timeGridWeek' ? 720 : 'auto'}
                scrollTime={WORKDAY_START}
                events={inputs}
                datesSet={onDatesSet}
                selectable
                selectMirror
                editable
                dayMaxEvents={3}
                nowIndicator
                select={onSelect}
                eventClick={onEventClick}
                eventDrop={onEventChange}
                eventResize={onEventChange}
                noEventsContent="Nothing planned in this month. Use New event to add one."
                // Times as the reader's locale writes them, in every view and on the dashboard.
                eventTimeFormat={{ hour: 'numeric', minute: '2-digit', hour12: clockIsHour12() }}
                slotLabelFormat={{ hour: 'numeric', minute: '2-digit', hour12: clockIsHour12() }}
                // A day cell is named by its date link alone, while it also holds the day's events:
                // without the reference the cell reads out everything it shows.
                dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
                // A title cut short in a day cell shows whole on hover.
                eventDidMount={({ el, event }) => {
                  el.title = event.title
                }}
              />
            </Box>
          ) : (
            <PanelSkeleton label="Loading the calendar" rows={6} height="16" />
          )}
        </Stack>
      </Card>
      <EventDialog draft={draft} onClose={() => setDraft(null)} />
    </Box>
  )
}
