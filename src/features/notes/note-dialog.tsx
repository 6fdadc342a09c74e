import { NOTE_COLORS, noteBodySchema, type Note } from '@schemas/notes'
import { CheckboxField } from '@/components/checkbox-field'
import { ColorField } from '@/components/color-field'
import { TextAreaField, TextField } from '@/components/form-fields'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'
import { SAVED_OFFLINE } from '@/lib/write-queue'

import { useSaveNote } from './use-note-mutations'

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
  const saving = useSaveNote(note, (saved) => {
    if (saved) toast.success(note ? 'Note saved' : 'Note added')
    else toast.info(SAVED_OFFLINE)
    onDone()
  })
  const form = useContractForm({
    schema: noteBodySchema,
    initial: {
      title: note?.title ?? '',
      body: note?.body ?? '',
      color: note?.color ?? 'yellow',
      pinned: note?.pinned ?? false,
    },
    onSubmit: saving.save,
    error: saving.error,
  })

  return (
    <DialogForm
      title={note ? 'Edit note' : 'New note'}
      onSubmit={form.submit}
      formError={form.formError}
      footer={
        <DialogActions
          onCancel={onDone}
          submitLabel={note ? 'Save note' : 'Add note'}
          pending={saving.isPending}
          pendingText="Saving…"
        />
      }
    >
      <TextField label="Title" required maxLength={200} {...form.field('title')} />
      <TextAreaField label="Note" rows={6} {...form.field('body')} />
      <ColorField
        colors={NOTE_COLORS}
        value={form.values.color}
        onChange={(color) => form.setValue('color', color)}
        error={form.errorOf('color')}
      />
      <CheckboxField
        label="Pin to the top"
        checked={form.values.pinned}
        onCheckedChange={(pinned) => form.setValue('pinned', pinned)}
      />
    </DialogForm>
  )
}
