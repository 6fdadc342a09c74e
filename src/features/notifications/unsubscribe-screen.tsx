import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import type { ReminderKind } from '@schemas/reminders'
import { notificationsApi } from '@/api/notifications'
import { remindersApi } from '@/api/reminders'
import { FormError } from '@/components/form-fields'
import { Card } from '@/components/ui'
import { APP_NAME } from '@/lib/document-title'

const route = getRouteApi('/auth/unsubscribe')

const REMINDER_NAMES: Record<ReminderKind, string> = {
  continue: '“Continue where you left off” e-mails',
  events: 'Event reminders',
  weekly: 'Weekly summaries',
}

const ONE_CLICK = { 'List-Unsubscribe': 'One-Click' } as const

/**
 * The page the unsubscribe link of a community or reminder e-mail opens, without signing in:
 * one button stops the e-mails (a link alone must not, as mail scanners open links). A reminder's
 * link names its kind (`list`), which alone stops.
 */
export function UnsubscribeScreen() {
  const { token, list } = route.useSearch()
  const community = notificationsApi.unsubscribe.useMutation({ meta: { errorToast: false } })
  const reminder = remindersApi.unsubscribeReminder.useMutation({ meta: { errorToast: false } })
  if (list) {
    return (
      <UnsubscribeCard
        title={REMINDER_NAMES[list]}
        token={token}
        stop={reminder}
        onStop={(t) => reminder.mutate({ query: { token: t, kind: list }, body: ONE_CLICK })}
        button="Stop these e-mails"
      >
        Stop the {REMINDER_NAMES[list].replace(/^E/, 'e').replace(/^W/, 'w')} {APP_NAME} sends you?
        Your other reminders stay as they are.
      </UnsubscribeCard>
    )
  }
  return (
    <UnsubscribeCard
      title="Community e-mails"
      token={token}
      stop={community}
      onStop={(t) => community.mutate({ query: { token: t }, body: ONE_CLICK })}
      button="Stop community e-mails"
    >
      Stop the e-mails {APP_NAME} sends when someone mentions you or replies in a thread you follow?
      You will still see them in the app.
    </UnsubscribeCard>
  )
}

function UnsubscribeCard({
  title,
  token,
  stop,
  onStop,
  button,
  children,
}: {
  title: string
  token: string | undefined
  stop: {
    isSuccess: boolean
    isPending: boolean
    data: { data: { message: string } } | undefined
    error: Error | null
  }
  onStop: (token: string) => void
  button: string
  children: ReactNode
}) {
  return (
    <Card>
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {stop.isSuccess ? (
          <Text role="status">{stop.data?.data.message}</Text>
        ) : !token ? (
          <FormError message="This link is incomplete: open it again from the e-mail, or change your e-mail settings after signing in." />
        ) : (
          <>
            <FormError message={stop.error?.message} />
            <Text>{children}</Text>
            <Button
              alignSelf="start"
              colorPalette="primary"
              loading={stop.isPending}
              onClick={() => onStop(token)}
            >
              {button}
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
