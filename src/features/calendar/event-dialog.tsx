import { Button, SimpleGrid, Spacer } from '@chakra-ui/react'
import { useState } from 'react'

import { EVENT_COLORS, eventBodySchema, type CalendarEvent } from '@schemas/events'
import { eventsApi } from '@/api/events'
import { CheckboxField } from '@/components/checkbox-field'
import { ColorField } from '@/components/color-field'
import { TextAreaField, TextField } from '@/components/form-fields'
import { ConfirmDialog } from '@/components/ui'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'
import { useSave } from '@/lib/use-save'

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

  const saving = useSave(eventsApi, event?.id, () => {
    toast.success(event ? 'Event saved' : 'Event added')
    onDone()
  })
  const remove = useDeleteEvent()
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
    onSubmit: saving.save,
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
            <DialogActions
              onCancel={onDone}
              submitLabel={event ? 'Save event' : 'Add event'}
              pending={saving.isPending}
              pendingText="Saving…"
            />
          </>
        }
      >
        <TextField label="Title" required maxLength={200} {...form.field('title')} />
        <CheckboxField
          label="All day"
          checked={allDay}
          onCheckedChange={(checked) =>
            form.setValues((current) => ({ ...current, ...switchAllDay(current, checked) }))
          }
        />
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
        <ColorField
          colors={EVENT_COLORS}
          value={form.values.color}
          onChange={(color) => form.setValue('color', color)}
        />
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
