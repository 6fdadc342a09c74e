import { Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'

import { supportBodySchema } from '@schemas/support'
import { supportApi } from '@/api/support'
import { lockedPanelFor } from '@/components/area-gate'
import { FormAlert, FormError, TextAreaField, TextField } from '@/components/form-fields'
import { Card, EmptyState, ErrorState, PageHeader } from '@/components/ui'
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
    <>
      <PageHeader
        title="Contact us"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Contact us' }]}
      />
      <Stack gap="6" direction={{ base: 'column', lg: 'row' }} align="stretch">
        <Card title="Send a message" flex="1" minW="0">
          <MessageForm />
        </Card>
        <Card title="Your earlier messages" flex="1" minW="0">
          <SentMessages />
        </Card>
      </Stack>
    </>
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
    <form onSubmit={form.submit} noValidate>
      <Stack gap="4">
        <FormError message={form.formError} />
        {send.isSuccess ? (
          <FormAlert status="success" title="Message sent">
            Thank you. “{send.data.data.subject}” reached our support team and a copy is on its way
            to your inbox.
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
        <Button type="submit" alignSelf="start" loading={send.isPending} loadingText="Sending…">
          Send message
        </Button>
      </Stack>
    </form>
  )
}

function SentMessages() {
  const list = supportApi.list.useQuery()
  if (list.isPending) {
    return (
      <Stack gap="3" aria-label="Loading your messages" role="status">
        <Skeleton height="14" />
        <Skeleton height="14" />
      </Stack>
    )
  }
  if (list.isError) {
    return (
      lockedPanelFor(list.error) ?? (
        <ErrorState
          title="Your messages could not be loaded"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )
    )
  }
  if (list.data.data.length === 0) {
    return (
      <EmptyState
        title="No messages yet"
        description="Questions, upgrade requests or feedback: use the form to write to us."
      />
    )
  }
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Messages you sent">
      {list.data.data.map((item) => (
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
