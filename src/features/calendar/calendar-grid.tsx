import { Box } from '@chakra-ui/react'
import type {
  DateSelectArg,
  DatesSetArg,
  EventChangeArg,
  EventClickArg,
  EventInput,
} from '@fullcalendar/core'
import dayGridPlugin from '@fullcalendar/daygrid'
import interactionPlugin from '@fullcalendar/interaction'
import FullCalendar from '@fullcalendar/react'
import timeGridPlugin from '@fullcalendar/timegrid'
import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react'

import type { CalendarEvent } from '@schemas/events'
import { clockIsHour12 } from '@/lib/time-format'
import { useAppearance } from '@/stores/appearance'

import { eventColorVar, eventTextColorVar } from './event-colors'
import type { EventDraft } from './event-dialog'
import { addDays, type GridViewId } from './event-time'
import { useMoveEvent } from './use-event-mutations'

const plugins = [dayGridPlugin, timeGridPlugin, interactionPlugin]
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
  '--fc-today-bg-color': 'color-mix(in srgb, var(--app-primary) 10%, transparent)',
  '--fc-highlight-color': 'color-mix(in srgb, var(--app-primary) 18%, transparent)',
  '--fc-now-indicator-color': 'var(--chakra-colors-red-500)',
  '--fc-event-bg-color': 'var(--app-primary)',
  '--fc-event-border-color': 'var(--app-primary)',
  '--fc-event-text-color': 'var(--app-primary-contrast)',
  '& .fc': { fontSize: 'sm' },
  '& .fc a': { color: 'inherit', textDecoration: 'none' },
  '& .fc .fc-col-header-cell-cushion, & .fc .fc-daygrid-day-number': { color: 'fg.muted' },
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
  '& .fc .fc-event-title': { unicodeBidi: 'plaintext' },
  '& .fc .fc-daygrid-event .fc-event-title': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  // Time ranges are written left to right ("17:00 - 18:00") in a right-to-left page as well.
  '& .fc .fc-event-time, & .fc .fc-timegrid-slot-label-cushion': {
    direction: 'ltr',
    unicodeBidi: 'isolate',
  },
} as const

/** What the screen's toolbar asks of the grid. */
export interface CalendarGridHandle {
  prev: () => void
  next: () => void
  today: () => void
  changeView: (view: GridViewId) => void
}

/** The dates the grid shows: its title, the range to fetch, and the date it is at. */
export interface GridDates {
  title: string
  range: { from: string; to: string }
  date: Date
}

/**
 * The month and week grids (FullCalendar, a module of its own that loads when one is first
 * shown): choosing a day or a time slot starts a new event, an event opens on a click, and
 * dragging or resizing one moves it.
 */
export default function CalendarGrid({
  ref,
  view,
  initialDate,
  events,
  onDates,
  onDraft,
}: {
  ref: Ref<CalendarGridHandle>
  view: GridViewId
  initialDate: Date
  events: readonly CalendarEvent[]
  onDates: (dates: GridDates) => void
  onDraft: (draft: EventDraft) => void
}) {
  const calendar = useRef<FullCalendar>(null)
  const direction = useAppearance((state) => state.activeDir)
  const move = useMoveEvent()
  const api = () => calendar.current?.getApi()
  useImperativeHandle(ref, () => ({
    prev: () => api()?.prev(),
    next: () => api()?.next(),
    today: () => api()?.today(),
    changeView: (next) => api()?.changeView(next),
  }))

  const inputs = useMemo<EventInput[]>(
    () =>
      events.map((event) => ({
        id: event.id,
        title: event.title,
        start: event.start,
        end: event.end,
        allDay: event.allDay,
        backgroundColor: eventColorVar(event.color),
        borderColor: eventColorVar(event.color),
        textColor: eventTextColorVar(event.color),
      })),
    [events],
  )

  // The week opens at the start of a working day, also when it is chosen after the month: the
  // calendar's own scroll runs before the week's fixed height applies, and lands at midnight.
  useEffect(() => {
    if (view === 'timeGridWeek') api()?.scrollToTime(WORKDAY_START)
  }, [view])

  const onDatesSet = (arg: DatesSetArg) =>
    onDates({
      title: arg.view.title,
      range: { from: arg.start.toISOString(), to: arg.end.toISOString() },
      date: arg.view.calendar.getDate(),
    })

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect()
    onDraft({ kind: 'new', start: arg.start, end: arg.end, allDay: arg.allDay })
  }

  const onEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault()
    const event = events.find((item) => item.id === arg.event.id)
    if (event) onDraft({ kind: 'edit', event })
  }

  const onEventChange = (arg: EventChangeArg) => {
    const event = events.find((item) => item.id === arg.event.id)
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

  return (
    <Box css={calendarTheme}>
      <FullCalendar
        ref={calendar}
        plugins={plugins}
        initialView={view}
        initialDate={initialDate}
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
  )
}
