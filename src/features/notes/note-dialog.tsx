import { Button, Checkbox, Fieldset, HStack, RadioGroup } from '@chakra-ui/react'

import { noteBodySchema, type Note } from '@schemas/notes'
import { notesApi } from '@/api/notes'
import { TextAreaField, TextField } from '@/components/form-fields'
import { DialogForm, DialogShell } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

import { noteColorOptions, type NoteColor } from './note-colors'

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
  const onSuccess = () => {
    toast.success(note ? 'Note saved' : 'Note added')
    onDone()
  }
  const create = notesApi.create.useMutation({ meta: { errorToast: false }, onSuccess })
  const update = notesApi.update.useMutation({ meta: { errorToast: false }, onSuccess })
  const saving = note ? update : create
  const form = useContractForm({
    schema: noteBodySchema,
    initial: {
      title: note?.title ?? '',
      body: note?.body ?? '',
      color: note?.color ?? 'yellow',
      pinned: note?.pinned ?? false,
    },
    onSubmit: (body) => {
      if (note) update.mutate({ params: { id: note.id }, body })
      else create.mutate({ body })
    },
    error: saving.error,
  })
  const colorError = form.errorOf('color')

  return (
    <DialogForm
      title={note ? 'Edit note' : 'New note'}
      onSubmit={form.submit}
      formError={form.formError}
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
      <TextField label="Title" required maxLength={200} {...form.field('title')} />
      <TextAreaField label="Note" rows={6} {...form.field('body')} />
      <Fieldset.Root invalid={Boolean(colorError)}>
        <Fieldset.Legend id="note-colour-legend">Colour</Fieldset.Legend>
        <RadioGroup.Root
          aria-labelledby="note-colour-legend"
          name="color"
          size="sm"
          value={form.values.color}
          onValueChange={(details) => {
            if (details.value) form.setValue('color', details.value as NoteColor)
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
        {colorError ? <Fieldset.ErrorText>{colorError}</Fieldset.ErrorText> : null}
      </Fieldset.Root>
      <Checkbox.Root
        checked={form.values.pinned}
        onCheckedChange={(details) => form.setValue('pinned', details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Pin to the top</Checkbox.Label>
      </Checkbox.Root>
    </DialogForm>
  )
}
