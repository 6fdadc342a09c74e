import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'

import { remindersApi } from '@/api/reminders'

import { ReminderChoices } from './reminder-choices'

/**
 * The one time a member is asked which reminder e-mails they want: on the dashboard, over the
 * page's foot (so nothing on the page moves), until they save a choice or choose none. Nothing
 * is sent before. Changed later on the notifications screen.
 */
export default function ReminderPrompt() {
  const client = useQueryClient()
  const save = remindersApi.saveReminders.useMutation({
    meta: { errorToast: false },
    onSuccess: () => void client.invalidateQueries({ queryKey: ['momentum'] }),
  })
  const none = { continue: false, events: false, weekly: false }
  return (
    <Box
      as="section"
      aria-labelledby="reminder-prompt-heading"
      position="fixed"
      insetX={{ base: '2', md: 'auto' }}
      insetEnd={{ md: '6' }}
      bottom={{ base: '2', md: '6' }}
      maxW={{ md: '26rem' }}
      zIndex="docked"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      boxShadow="lg"
      p="4"
    >
      <Stack gap="3">
        <Heading as="h2" size="md" id="reminder-prompt-heading">
          Would you like reminder e-mails?
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          We send none until you choose. You can change this any time under Notifications.
        </Text>
        <ReminderChoices
          initial={{ continue: true, events: true, weekly: true }}
          pending={save.isPending}
          error={save.error?.message}
          submitLabel="Save my choice"
          onSave={(choice) => save.mutate({ body: choice })}
          extra={
            <Button variant="ghost" onClick={() => save.mutate({ body: none })}>
              No reminder e-mails
            </Button>
          }
        />
      </Stack>
    </Box>
  )
}
