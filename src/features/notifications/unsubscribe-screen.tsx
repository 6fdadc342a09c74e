import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'

import type { ReminderKind } from '@schemas/reminders'
import { notificationsApi } from '@/api/notifications'
import { remindersApi } from '@/api/reminders'
import { FormError } from '@/components/form-fields'
import { Card } from '@/components/ui'
import { APP_NAME } from '@/lib/document-title'

const route = getRouteApi('/auth/unsubscribe')

/**
 * The page the unsubscribe link of a community or reminder e-mail opens, without signing in: one button
 * stops the e-mails (a link alone must not, as mail scanners open links).
 */
export function UnsubscribeScreen() {
  const { token, list } = route.useSearch()
  return list ? (
    <ReminderUnsubscribe token={token} kind={list} />
  ) : (
    <CommunityUnsubscribe token={token} />
  )
}

function CommunityUnsubscribe({ token }: { token: string | undefined }) {
  const stop = notificationsApi.unsubscribe.useMutation({ meta: { errorToast: false } })
  return (
    <Card>
      <Stack gap="4">
        <Heading as="h1" size="xl">
          Community e-mails
        </Heading>
        {stop.isSuccess ? (
          <Text role="status">{stop.data.data.message}</Text>
        ) : !token ? (
          <FormError message="This link is incomplete: open it again from the e-mail, or change your e-mail settings after signing in." />
        ) : (
          <>
            <FormError message={stop.error?.message} />
            <Text>
              Stop the e-mails {APP_NAME} sends when someone mentions you or replies in a thread you
              follow? You will still see them in the app.
            </Text>
            <Button
              alignSelf="start"
              colorPalette="primary"
              loading={stop.isPending}
              onClick={() =>
                stop.mutate({ query: { token }, body: { 'List-Unsubscribe': 'One-Click' } })
              }
            >
              Stop community e-mails
            </Button>
          </>
        )}
        <Button asChild variant="ghost" alignSelf="start" size="sm">
          <RouterLink to="/auth/login">Go to {APP_NAME}</RouterLink>
        </Button>
      </Stack>
    </Card>
  )
}

const REMINDER_NAMES: Record<ReminderKind, string> = {
  continue: '“Continue where you left off” e-mails',
  events: 'Event reminders',
  weekly: 'Weekly summaries',
}

/** The same for a reminder e-mail: one button stops that kind of reminder. */
function ReminderUnsubscribe({ token, kind }: { token: string | undefined; kind: ReminderKind }) {
  const stop = remindersApi.unsubscribeReminder.useMutation({ meta: { errorToast: false } })
  return (
    <Card>
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {REMINDER_NAMES[kind]}
        </Heading>
        {stop.isSuccess ? (
          <Text role="status">{stop.data.data.message}</Text>
        ) : !token ? (
          <FormError message="This link is incomplete: open it again from the e-mail, or change your reminders after signing in." />
        ) : (
          <>
            <FormError message={stop.error?.message} />
            <Text>
              Stop the {REMINDER_NAMES[kind].toLowerCase().replace('“c', '“C')} {APP_NAME} sends
              you? Your other reminders stay as they are.
            </Text>
            <Button
              alignSelf="start"
              colorPalette="primary"
              loading={stop.isPending}
              onClick={() =>
                stop.mutate({ query: { token, kind }, body: { 'List-Unsubscribe': 'One-Click' } })
              }
            >
              Stop these e-mails
            </Button>
          </>
        )}
        <Button asChild variant="ghost" alignSelf="start" size="sm">
          <RouterLink to="/auth/login">Go to {APP_NAME}</RouterLink>
        </Button>
      </Stack>
    </Card>
  )
}
