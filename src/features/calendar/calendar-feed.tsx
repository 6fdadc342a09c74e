import { Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import { calendarFeedApi } from '@/api/calendar-feed'
import { FormError } from '@/components/form-fields'
import { Card, ConfirmDialog, PanelError, PanelSkeleton } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { useQuery } from '@/lib/use-deferred-query'

type Asking = 'renew' | 'stop' | null

/**
 * The member's events in their own calendar app: a private address (iCalendar) that Google
 * Calendar, Apple Calendar or Outlook subscribe to, to copy, to replace, or to turn off.
 */
export function CalendarFeedPanel() {
  const feed = useQuery(calendarFeedApi.feed.queryOptions())
  const [asking, setAsking] = useState<Asking>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const done = { onSuccess: () => setAsking(null), onError: (e: Error) => setProblem(e.message) }
  const start = calendarFeedApi.startFeed.useMutation({ meta: { errorToast: false }, ...done })
  const stop = calendarFeedApi.stopFeed.useMutation({ meta: { errorToast: false }, ...done })
  const make = () => {
    setProblem(null)
    // All-day events are the days where this browser is.
    start.mutate({ body: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } })
  }
  const url = feed.data?.data.url ?? null

  return (
    <Card>
      <Stack gap="3" as="section" aria-labelledby="calendar-feed-heading">
        <Heading as="h2" size="md" id="calendar-feed-heading">
          Your events in your calendar app
        </Heading>
        {feed.isPending ? (
          <PanelSkeleton label="Loading your calendar address" rows={1} />
        ) : feed.isError ? (
          <PanelError
            message={`Your calendar address could not be loaded: ${feed.error.message}`}
            onRetry={() => void feed.refetch()}
            retrying={feed.isFetching}
          />
        ) : url ? (
          <>
            <Field.Root>
              <Field.Label>Your private calendar address</Field.Label>
              <Flex gap="2" w="full" direction={{ base: 'column', sm: 'row' }}>
                <Input value={url} readOnly onFocus={(event) => event.target.select()} />
                <Button variant="outline" onClick={() => void copyText(url, 'Address')}>
                  Copy
                </Button>
              </Flex>
              <Field.HelperText>
                In Google Calendar choose “Other calendars”, then “From URL”; in Apple Calendar
                “File”, then “New Calendar Subscription”. Anyone with this address sees your events:
                keep it to yourself. Calendar apps fetch it again every few hours.
              </Field.HelperText>
            </Field.Root>
            <Flex gap="2" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setAsking('renew')}>
                Make a new address
              </Button>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                onClick={() => setAsking('stop')}
              >
                Turn off
              </Button>
            </Flex>
          </>
        ) : (
          <Stack gap="2" align="flex-start">
            <Text color="fg.muted">
              See these events in Google Calendar, Apple Calendar or Outlook: make a private address
              and subscribe to it there. Changes here reach them at their next refresh.
            </Text>
            <Button size="sm" colorPalette="primary" onClick={make} loading={start.isPending}>
              Make a private address
            </Button>
          </Stack>
        )}
        <FormError message={problem} />
      </Stack>
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'stop' ? 'Turn the calendar address off?' : 'Make a new address?'}
        description={
          asking === 'stop'
            ? 'Calendar apps subscribed to it stop getting your events.'
            : 'The address you have now stops working: calendar apps subscribed to it need the new one.'
        }
        confirmLabel={asking === 'stop' ? 'Turn off' : 'Make a new address'}
        onConfirm={() => (asking === 'stop' ? stop.mutate(undefined) : make())}
        onCancel={() => setAsking(null)}
        pending={start.isPending || stop.isPending}
      />
    </Card>
  )
}
