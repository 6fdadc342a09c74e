import {
  Button,
  Checkbox,
  Fieldset,
  HStack,
  RadioGroup,
  SimpleGrid,
  Spacer,
} from '@chakra-ui/react'
import { useState } from 'react'

import { eventBodySchema, type CalendarEvent } from '@schemas/events'
import { eventsApi } from '@/api/events'
import { TextAreaField, TextField } from '@/components/form-fields'
import { ConfirmDialog, DialogForm, DialogShell } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

import { eventColorOptions, type EventColor } from './event-colors'
import { inputsFromRange, rangeFromInputs, switchAllDay, type TimeInputs } from './event-time'
import { useDeleteEvent } from './use-event-mutations'

/** What the dialog edits: a saved event, or the slot a new one starts from. */
export type EventDraft =
  { kind: 'edit'; event: CalendarEvent } | { kind: 'new'; start: Date; end: Date; allDay: boolean }

export function EventDialog({ draft, onClose }: { draft: EventDraft | null; onClose: () => void }) {
  return (
    <DialogShell open={draft !== null} onClose={onClose} size="lg">
      {draft ? (
        <EventForm
          key={draft.kind === 'edit' ? draft.event.id : `new-${draft.start.getTime()}`}
          draft={draft}
          onDone={onClose}
        />
      ) : null}
    </DialogShell>
  )
}

function initialTimes(draft: EventDraft): TimeInputs {
  if (draft.kind === 'edit') {
    const { event } = draft
    return inputsFromRange(new Date(event.start), new Date(event.end), event.allDay)
  }
  return inputsFromRange(draft.start, draft.end, draft.allDay)
}

function EventForm({ draft, onDone }: { draft: EventDraft; onDone: () => void }) {
  const event = draft.kind === 'edit' ? draft.event : null
  const [confirming, setConfirming] = useState(false)

  const onSuccess = () => {
    toast.success(event ? 'Event saved' : 'Event added')
    onDone()
  }
  const create = eventsApi.create.useMutation({ meta: { errorToast: false }, onSuccess })
  const update = eventsApi.update.useMutation({ meta: { errorToast: false }, onSuccess })
  const remove = useDeleteEvent()
  const saving = event ? update : create
  const form = useContractForm({
    schema: eventBodySchema,
    initial: () => ({
      title: event?.title ?? '',
      ...initialTimes(draft),
      color: event?.color ?? 'blue',
      location: event?.location ?? '',
      description: event?.description ?? '',
    }),
    // The start and end inputs hold local wall time; the contract takes ISO instants.
    toInput: (values) => ({ ...values, ...rangeFromInputs(values) }),
    onSubmit: (body) => {
      if (event) update.mutate({ params: { id: event.id }, body })
      else create.mutate({ body })
    },
    error: saving.error,
  })
  const { allDay } = form.values

  const dateType = allDay ? 'date' : 'datetime-local'

  return (
    <>
      <DialogForm
        title={event ? 'Edit event' : 'New event'}
        onSubmit={form.submit}
        formError={form.formError}
        footer={
          <>
            {event ? (
              <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            ) : null}
            <Spacer />
            <Button variant="outline" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending} loadingText="Saving…">
              {event ? 'Save event' : 'Add event'}
            </Button>
          </>
        }
      >
        <TextField label="Title" required maxLength={200} {...form.field('title')} />
        <Checkbox.Root
          checked={allDay}
          onCheckedChange={(details) =>
            form.setValues((current) => ({
              ...current,
              ...switchAllDay(current, details.checked === true),
            }))
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>All day</Checkbox.Label>
        </Checkbox.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            label={allDay ? 'First day' : 'Start'}
            type={dateType}
            required
            {...form.field('start')}
          />
          <TextField
            label={allDay ? 'Last day' : 'End'}
            type={dateType}
            required
            {...form.field('end')}
          />
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend id="event-colour-legend">Colour</Fieldset.Legend>
          <RadioGroup.Root
            aria-labelledby="event-colour-legend"
            name="color"
            size="sm"
            value={form.values.color}
            onValueChange={(details) => {
              if (details.value) form.setValue('color', details.value as EventColor)
            }}
          >
            <HStack gap="4" wrap="wrap">
              {eventColorOptions.map((option) => (
                <RadioGroup.Item
                  key={option.value}
                  value={option.value}
                  colorPalette={option.value}
                >
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </HStack>
          </RadioGroup.Root>
        </Fieldset.Root>
        <TextField label="Location" maxLength={200} {...form.field('location')} />
        <TextAreaField label="Description" rows={4} {...form.field('description')} />
      </DialogForm>
      <ConfirmDialog
        open={confirming}
        title="Delete this event?"
        description={event ? `“${event.title}” will be removed from your calendar.` : undefined}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          if (event) remove.mutate({ params: { id: event.id } })
          setConfirming(false)
          onDone()
        }}
      />
    </>
  )
}
