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
import { keepPreviousData } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'

import { eventsApi } from '@/api/events'
import { AppIcon } from '@/components/layout/icons'
import { Card, ErrorState, PageHeader, PanelSkeleton } from '@/components/ui'
import { lazyDateFormat } from '@/lib/intl'
import { prefetch } from '@/lib/prefetch'
import { useQuery } from '@/lib/use-deferred-query'
import { useOpenedOnce } from '@/lib/use-opened-once'

import { monthOf, stepMonth } from './agenda'
import { AgendaList } from './agenda-list'
import { CalendarFeedPanel } from './calendar-feed'
import type { CalendarGridHandle, GridDates } from './calendar-grid'
import type { EventDraft } from './event-dialog'
import { firstDatesShown, VIEWS, type GridViewId, type ViewId } from './event-time'

/** The buttons that step back and forth by the view's unit; their arrows follow the reading direction. */
const STEPS = [
  { go: 'prev', step: -1, label: 'Previous', icon: 'chevronLeft' },
  { go: 'next', step: 1, label: 'Next', icon: 'chevronRight' },
] as const

/**
 * The month and week grids load when one is first shown: a phone opens on the agenda, and its
 * first screen does not evaluate and lay out a calendar library it may never use.
 */
const loadGrid = () => import('./calendar-grid')
const CalendarGrid = lazy(loadGrid)

/** The event form (with the dialog's focus trap and the form's fields) loads after the screen. */
const loadDialog = () => import('./event-dialog')
const EventDialog = lazy(() => loadDialog().then((module) => ({ default: module.EventDialog })))

const monthTitle = lazyDateFormat('en', { month: 'long', year: 'numeric' })

const isGrid = (view: ViewId): view is GridViewId => view !== 'listMonth'

/** The member's events in month, week and agenda views; only the visible range is fetched. */
export function CalendarScreen() {
  const grid = useRef<CalendarGridHandle>(null)
  // A phone's month grid has no room for titles: the agenda is the better first view there.
  const [view, setView] = useState<ViewId>(() => {
    const first = window.matchMedia('(max-width: 599px)').matches ? 'listMonth' : 'dayGridMonth'
    // The grid's code is fetched beside the first dates' events, not after them.
    if (isGrid(first)) prefetch(loadGrid)
    return first
  })
  // A date in the period shown: the agenda shows its month, a grid opens on it.
  const [date, setDate] = useState(() => new Date())
  // What the grid last showed; the agenda's month is worked out here.
  const [gridDates, setGridDates] = useState<Omit<GridDates, 'date'>>(() => ({
    title: '',
    range: firstDatesShown(view, date),
  }))
  const [draft, setDraft] = useState<EventDraft | null>(null)
  const dialogOpened = useOpenedOnce(draft !== null)
  // Fetched once the screen has drawn, so that an event opens at once when it is chosen.
  useEffect(() => {
    const timer = setTimeout(() => prefetch(loadDialog), 1000)
    return () => clearTimeout(timer)
  }, [])

  const month = useMemo(() => monthOf(date), [date])
  const range = isGrid(view) ? gridDates.range : firstDatesShown('listMonth', month)
  const events = useQuery({
    ...eventsApi.list.queryOptions({ query: range }),
    placeholderData: keepPreviousData,
  })
  const list = events.data?.data

  const unit = VIEWS.find((v) => v.id === view)?.unit ?? 'month'
  const title = isGrid(view) ? gridDates.title : monthTitle.format(month)

  const step = (go: 'prev' | 'next', by: number) =>
    isGrid(view) ? grid.current?.[go]() : setDate(stepMonth(month, by))
  const today = () => (isGrid(view) ? grid.current?.today() : setDate(new Date()))

  const chooseView = (next: ViewId) => {
    if (next === view) return
    // From the agenda a grid opens on the agenda's month, and asks for its dates at once.
    if (isGrid(next) && !isGrid(view)) {
      prefetch(loadGrid)
      // Until the grid has drawn, the heading keeps the month the member was looking at.
      setGridDates({ title: monthTitle.format(month), range: firstDatesShown(next, date) })
    }
    if (isGrid(next) && isGrid(view)) grid.current?.changeView(next)
    setView(next)
  }

  const onGridDates = ({ title: shown, range: next, date: at }: GridDates) => {
    setGridDates((current) =>
      current.title === shown && current.range.from === next.from && current.range.to === next.to
        ? current
        : { title: shown, range: next },
    )
    setDate(at)
  }

  const newEvent = () => {
    const start = new Date()
    start.setMinutes(0, 0, 0)
    start.setHours(start.getHours() + 1)
    setDraft({ kind: 'new', start, end: new Date(start.getTime() + 60 * 60 * 1000), allDay: false })
  }

  const isEmpty = events.isSuccess && list?.length === 0 && !events.isPlaceholderData
  // A grid draws once, with the first dates' events (or without them when they could not be
  // loaded): drawn empty and again when they arrived, each drawing of a month held a phone's
  // main thread for a few hundred milliseconds.
  const loaded = list !== undefined || events.isError
  const skeleton = <PanelSkeleton label="Loading the calendar" rows={6} height="16" />

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
              {STEPS.map((item) => (
                <IconButton
                  key={item.go}
                  variant="outline"
                  size="sm"
                  aria-label={`${item.label} ${unit}`}
                  onClick={() => step(item.go, item.step)}
                >
                  <AppIcon
                    name={item.icon}
                    size="18px"
                    css={{ '[dir=rtl] &': { rotate: '180deg' } }}
                  />
                </IconButton>
              ))}
              <Button variant="outline" size="sm" onClick={today}>
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
                  // A grid's code starts loading as the pointer or focus reaches its button.
                  onPointerEnter={isGrid(option.id) ? () => prefetch(loadGrid) : undefined}
                  onFocus={isGrid(option.id) ? () => prefetch(loadGrid) : undefined}
                  onClick={() => chooseView(option.id)}
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
          {isEmpty && isGrid(view) ? (
            <Text color="fg.muted" fontSize="sm" role="status">
              Nothing planned here yet. Click a day or a time slot, or use New event.
            </Text>
          ) : null}
          {!loaded ? (
            skeleton
          ) : isGrid(view) ? (
            <Suspense fallback={skeleton}>
              <CalendarGrid
                ref={grid}
                view={view}
                initialDate={date}
                events={list ?? []}
                onDates={onGridDates}
                onDraft={setDraft}
              />
            </Suspense>
          ) : list ? (
            <AgendaList
              events={list}
              month={month}
              // Another month's events stand in while this month's load.
              pending={events.isPlaceholderData}
              label={`Events in ${title}`}
              onOpen={(event) => setDraft({ kind: 'edit', event })}
            />
          ) : null}
        </Stack>
      </Card>
      {/* Below the calendar once its events are in: drawn before, it moved as they arrived. */}
      {loaded ? (
        <Box mt="6">
          <CalendarFeedPanel />
        </Box>
      ) : null}
      {dialogOpened ? (
        <Suspense fallback={null}>
          <EventDialog draft={draft} onClose={() => setDraft(null)} />
        </Suspense>
      ) : null}
    </Box>
  )
}
