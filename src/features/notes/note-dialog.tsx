import { Button, Checkbox, Fieldset, HStack, RadioGroup } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'

import { noteBodySchema, type Note } from '@schemas/notes'
import { notesApi } from '@/api/notes'
import { TextAreaField, TextField } from '@/components/form-fields'
import { DialogForm, DialogShell } from '@/components/ui'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'

import { noteColorOptions, type NoteColor } from './note-colors'

const FIELDS = ['title', 'body', 'color', 'pinned'] as const

/** Create (no `note`) or edit one note. The dialog closes itself after a successful save. */
export function NoteDialog({
  open,
  note,
  onClose,
}: {
  open: boolean
  note: Note | null
  onClose: () => void
}) {
  return (
    <DialogShell open={open} onClose={onClose} size="md">
      {/* Remounted per note, so the form starts from the note it edits. */}
      {open ? <NoteForm key={note?.id ?? 'new'} note={note} onDone={onClose} /> : null}
    </DialogShell>
  )
}

function NoteForm({ note, onDone }: { note: Note | null; onDone: () => void }) {
  const [title, setTitle] = useState(note?.title ?? '')
  const [body, setBody] = useState(note?.body ?? '')
  const [color, setColor] = useState<NoteColor>(note?.color ?? 'yellow')
  const [pinned, setPinned] = useState(note?.pinned ?? false)
  const [errors, setErrors] = useState<FieldErrors>({})

  const onSuccess = () => {
    toast.success(note ? 'Note saved' : 'Note added')
    onDone()
  }
  const create = notesApi.create.useMutation({ meta: { errorToast: false }, onSuccess })
  const update = notesApi.update.useMutation({ meta: { errorToast: false }, onSuccess })
  const saving = note ? update : create
  const server = serverErrorOf(saving.error, FIELDS)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = noteBodySchema.safeParse({ title, body, color, pinned })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    if (note) update.mutate({ params: { id: note.id }, body: parsed.data })
    else create.mutate({ body: parsed.data })
  }

  return (
    <DialogForm
      title={note ? 'Edit note' : 'New note'}
      onSubmit={submit}
      formError={server.form}
      footer={
        <>
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={saving.isPending} loadingText="Saving…">
            {note ? 'Save note' : 'Add note'}
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
        error={errors.title ?? server.fields.title}
      />
      <TextAreaField
        label="Note"
        name="body"
        rows={6}
        value={body}
        onValueChange={setBody}
        error={errors.body ?? server.fields.body}
      />
      <Fieldset.Root invalid={Boolean(errors.color ?? server.fields.color)}>
        <Fieldset.Legend id="note-colour-legend">Colour</Fieldset.Legend>
        <RadioGroup.Root
          aria-labelledby="note-colour-legend"
          name="color"
          size="sm"
          value={color}
          onValueChange={(details) => {
            if (details.value) setColor(details.value as NoteColor)
          }}
        >
          <HStack gap="4" wrap="wrap">
            {noteColorOptions.map((option) => (
              <RadioGroup.Item key={option.value} value={option.value} colorPalette={option.value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
        {(errors.color ?? server.fields.color) ? (
          <Fieldset.ErrorText>{errors.color ?? server.fields.color}</Fieldset.ErrorText>
        ) : null}
      </Fieldset.Root>
      <Checkbox.Root
        checked={pinned}
        onCheckedChange={(details) => setPinned(details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Pin to the top</Checkbox.Label>
      </Checkbox.Root>
    </DialogForm>
  )
}
