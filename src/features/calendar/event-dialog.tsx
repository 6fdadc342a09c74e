import {
  Button,
  Checkbox,
  Fieldset,
  HStack,
  RadioGroup,
  SimpleGrid,
  Spacer,
} from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'

import { eventBodySchema, type CalendarEvent } from '@schemas/events'
import { eventsApi } from '@/api/events'
import { TextAreaField, TextField } from '@/components/form-fields'
import { ConfirmDialog, DialogForm, DialogShell } from '@/components/ui'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'

import { eventColorOptions, type EventColor } from './event-colors'
import { inputsFromRange, rangeFromInputs, switchAllDay, type TimeInputs } from './event-time'
import { useDeleteEvent } from './use-event-mutations'

const FIELDS = ['title', 'description', 'location', 'start', 'end', 'allDay', 'color'] as const

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
  const [title, setTitle] = useState(event?.title ?? '')
  const [times, setTimes] = useState<TimeInputs>(() => initialTimes(draft))
  const [color, setColor] = useState<EventColor>(event?.color ?? 'blue')
  const [location, setLocation] = useState(event?.location ?? '')
  const [description, setDescription] = useState(event?.description ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [confirming, setConfirming] = useState(false)

  const onSuccess = () => {
    toast.success(event ? 'Event saved' : 'Event added')
    onDone()
  }
  const create = eventsApi.create.useMutation({ meta: { errorToast: false }, onSuccess })
  const update = eventsApi.update.useMutation({ meta: { errorToast: false }, onSuccess })
  const remove = useDeleteEvent()
  const saving = event ? update : create
  const server = serverErrorOf(saving.error, FIELDS)
  const fieldError = (name: (typeof FIELDS)[number]) => errors[name] ?? server.fields[name]

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault()
    const parsed = eventBodySchema.safeParse({
      title,
      description,
      location,
      color,
      allDay: times.allDay,
      ...rangeFromInputs(times),
    })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    if (event) update.mutate({ params: { id: event.id }, body: parsed.data })
    else create.mutate({ body: parsed.data })
  }

  const dateType = times.allDay ? 'date' : 'datetime-local'

  return (
    <>
      <DialogForm
        title={event ? 'Edit event' : 'New event'}
        onSubmit={submit}
        formError={server.form}
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
        <TextField
          label="Title"
          name="title"
          required
          maxLength={200}
          value={title}
          onValueChange={setTitle}
          error={fieldError('title')}
        />
        <Checkbox.Root
          checked={times.allDay}
          onCheckedChange={(details) =>
            setTimes((current) => switchAllDay(current, details.checked === true))
          }
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>All day</Checkbox.Label>
        </Checkbox.Root>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            label={times.allDay ? 'First day' : 'Start'}
            name="start"
            type={dateType}
            required
            value={times.start}
            onValueChange={(start) => setTimes((current) => ({ ...current, start }))}
            error={fieldError('start')}
          />
          <TextField
            label={times.allDay ? 'Last day' : 'End'}
            name="end"
            type={dateType}
            required
            value={times.end}
            onValueChange={(end) => setTimes((current) => ({ ...current, end }))}
            error={fieldError('end')}
          />
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend id="event-colour-legend">Colour</Fieldset.Legend>
          <RadioGroup.Root
            aria-labelledby="event-colour-legend"
            name="color"
            size="sm"
            value={color}
            onValueChange={(details) => {
              if (details.value) setColor(details.value as EventColor)
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
        <TextField
          label="Location"
          name="location"
          maxLength={200}
          value={location}
          onValueChange={setLocation}
          error={fieldError('location')}
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={4}
          value={description}
          onValueChange={setDescription}
          error={fieldError('description')}
        />
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
