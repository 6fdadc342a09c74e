import { type QueryClient } from '@tanstack/react-query'

import type { CalendarEvent } from '@schemas/events'
import { eventsApi } from '@/api/events'
import { toast } from '@/lib/toast'

type EventList = { data: CalendarEvent[] }
type Snapshot = [readonly unknown[], EventList | undefined][]

/** Every cached range (the calendar's and the dashboard's) holds its own copy of an event. */
const listPrefix = [...eventsApi.key, 'list']

async function changeEverywhere(
  client: QueryClient,
  change: (events: CalendarEvent[]) => CalendarEvent[],
) {
  await client.cancelQueries({ queryKey: listPrefix })
  const previous: Snapshot = client.getQueriesData<EventList>({ queryKey: listPrefix })
  client.setQueriesData<EventList>({ queryKey: listPrefix }, (old) =>
    old ? { data: change(old.data) } : old,
  )
  return { previous }
}

function restore(client: QueryClient, result: unknown) {
  const previous = (result as { previous?: Snapshot } | undefined)?.previous
  for (const [key, data] of previous ?? []) client.setQueryData(key, data)
}

/** A deleted event leaves every visible range at once and comes back if the server refuses. */
export function useDeleteEvent(onDeleted?: () => void) {
  return eventsApi.remove.useMutation({
    onMutate: ({ params }, { client }) =>
      changeEverywhere(client, (events) => events.filter((event) => event.id !== params.id)),
    onError: (_error, _variables, result, { client }) => restore(client, result),
    onSuccess: () => {
      toast.success('Event deleted')
      onDeleted?.()
    },
  })
}

/** Dragging an event moves it in the cache first, so it does not jump back while saving. */
export function useMoveEvent() {
  return eventsApi.update.useMutation({
    onMutate: ({ params, body }, { client }) =>
      changeEverywhere(client, (events) =>
        events.map((event) =>
          event.id === params.id
            ? { ...event, start: body.start, end: body.end, allDay: body.allDay ?? event.allDay }
            : event,
        ),
      ),
    onError: (_error, _variables, result, { client }) => restore(client, result),
    onSuccess: () => {
      toast.success('Event moved')
    },
  })
}
