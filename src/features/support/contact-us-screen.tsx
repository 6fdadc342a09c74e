import { Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'

import { supportBodySchema } from '@schemas/support'
import { supportApi } from '@/api/support'
import { FormAlert, TextAreaField, TextField } from '@/components/form-fields'
import { guardQuery } from '@/components/query-guard'
import { Screen } from '@/components/screen'
import { StackedForm } from '@/components/stacked-form'
import { Card, EmptyState } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { onFirstUse } from '@/lib/intl'
import { toast } from '@/lib/toast'

const route = getRouteApi('/admin/contactus')

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

/** Write to support (subject prefilled from `?subject=`) and read back what was sent. */
export function ContactUsScreen() {
  return (
    <Screen title="Contact us">
      <Stack gap="6" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Card title="Send a message" flex="1" minW="0">
          <MessageForm />
        </Card>
        <Card title="Your earlier messages" flex="1" minW="0">
          <SentMessages />
        </Card>
      </Stack>
    </Screen>
  )
}

function MessageForm() {
  const search = route.useSearch()
  const send = supportApi.send.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      toast.success('Message sent. We will answer by e-mail.')
      form.reset({ subject: '', message: '' })
    },
  })
  const form = useContractForm({
    schema: supportBodySchema,
    initial: { subject: search.subject ?? '', message: '' },
    onSubmit: (body) => send.mutate({ body }),
    error: send.error,
  })

  return (
    <StackedForm
      form={form}
      submitLabel="Send message"
      pending={send.isPending}
      pendingText="Sending…"
      alignSubmit="start"
    >
      {send.isSuccess ? (
        <FormAlert status="success" title="Message sent">
          Thank you. “{send.data.data.subject}” reached our support team and a copy is on its way to
          your inbox.
        </FormAlert>
      ) : null}
      <TextField label="Subject" required maxLength={150} {...form.field('subject')} />
      <TextAreaField
        label="Message"
        required
        rows={7}
        maxLength={5000}
        helperText="At least 10 characters."
        {...form.field('message')}
      />
    </StackedForm>
  )
}

function SentMessages() {
  const shown = guardQuery(supportApi.list.useQuery(), {
    loading: (
      <Stack gap="3" aria-label="Loading your messages" role="status">
        <Skeleton height="14" />
        <Skeleton height="14" />
      </Stack>
    ),
    errorTitle: 'Your messages could not be loaded',
  })
  if (!shown.ready) return shown.view
  const messages = shown.data.data
  if (messages.length === 0) {
    return (
      <EmptyState
        title="No messages yet"
        description="Questions, upgrade requests or feedback: use the form to write to us."
      />
    )
  }
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Messages you sent">
      {messages.map((item) => (
        <Stack as="li" key={item.id} gap="1" borderWidth="1px" borderRadius="l2" p="3">
          <Flex justify="space-between" gap="3" wrap="wrap">
            <Heading as="h3" size="sm" wordBreak="break-word">
              {item.subject}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
            </Text>
          </Flex>
          <Text whiteSpace="pre-wrap" wordBreak="break-word" color="fg.muted" lineClamp={4}>
            {item.message}
          </Text>
        </Stack>
      ))}
    </Stack>
  )
}
