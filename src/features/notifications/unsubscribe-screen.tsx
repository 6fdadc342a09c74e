import { Button, Heading, Stack, Text } from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'

import { notificationsApi } from '@/api/notifications'
import { FormError } from '@/components/form-fields'
import { Card } from '@/components/ui'
import { APP_NAME } from '@/lib/document-title'

const route = getRouteApi('/auth/unsubscribe')

/**
 * The page the unsubscribe link of a community e-mail opens, without signing in: one button
 * stops the e-mails (a link alone must not, as mail scanners open links).
 */
export function UnsubscribeScreen() {
  const { token } = route.useSearch()
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
