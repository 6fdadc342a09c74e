import { Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'

import { REMINDER_KINDS, reminderLabels, type ReminderKind } from '@schemas/reminders'
import { CheckboxField } from '@/components/checkbox-field'
import { FormError } from '@/components/form-fields'

export type Choice = Record<ReminderKind, boolean>

/** The three reminder e-mails to tick, each with what it sends and when, and a save button. */
export function ReminderChoices({
  initial,
  pending,
  error,
  submitLabel,
  onSave,
  extra,
}: {
  initial: Choice
  pending: boolean
  error: string | undefined
  submitLabel: string
  onSave: (choice: Choice) => void
  /** Another action beside the save button. */
  extra?: ReactNode
}) {
  // Only the kinds: what else the settings carry is not the member's to send.
  const [choice, setChoice] = useState<Choice>({
    continue: initial.continue,
    events: initial.events,
    weekly: initial.weekly,
  })
  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault()
        onSave(choice)
      }}
    >
      {REMINDER_KINDS.map((kind) => (
        <Stack key={kind} gap="0.5">
          <CheckboxField
            label={reminderLabels[kind].title}
            checked={choice[kind]}
            onCheckedChange={(checked) => setChoice({ ...choice, [kind]: checked })}
          />
          <Text fontSize="sm" color="fg.muted" ps="7">
            {reminderLabels[kind].detail}
          </Text>
        </Stack>
      ))}
      <FormError message={error} />
      <Flex gap="2" wrap="wrap">
        <Button type="submit" colorPalette="primary" loading={pending}>
          {submitLabel}
        </Button>
        {extra}
      </Flex>
    </Stack>
  )
}
