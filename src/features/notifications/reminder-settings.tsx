import { Stack, Text } from '@chakra-ui/react'

import { remindersApi } from '@/api/reminders'
import { Card, PanelError, PanelSkeleton } from '@/components/ui'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { ReminderChoices } from './reminder-choices'

/** The reminder e-mails a member chose, changed here (the notifications screen's #reminders). */
export function ReminderSettings() {
  const settings = useQuery(remindersApi.reminders.queryOptions())
  const save = remindersApi.saveReminders.useMutation({
    meta: { errorToast: false },
    onSuccess: () => toast.success('Reminder settings saved'),
  })
  const data = settings.data?.data
  return (
    <Card>
      {/* The loaded form's height at each width, kept while it loads. */}
      <Stack gap="3" id="reminders" minH={{ base: '400px', sm: '340px' }}>
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          Reminder e-mails
        </Text>
        <Text color="fg.muted" fontSize="sm">
          E-mails that bring you back to your training. Each one has a link that stops its kind.
        </Text>
        {settings.isPending ? (
          <PanelSkeleton label="Loading your reminder settings" rows={3} />
        ) : settings.isError ? (
          <PanelError
            message={`Your reminder settings could not be loaded: ${settings.error.message}`}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : data ? (
          <ReminderChoices
            initial={data}
            pending={save.isPending}
            error={save.error?.message}
            submitLabel="Save reminder settings"
            onSave={(choice) => save.mutate({ body: choice })}
          />
        ) : null}
      </Stack>
    </Card>
  )
}
