import { leadBodySchema, type Lead, type LeadBody } from '@schemas/leads'
import { CheckboxField } from '@/components/checkbox-field'
import { TextAreaField, TextField } from '@/components/form-fields'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
import { useContractForm } from '@/lib/contract-form'

interface LeadFormProps {
  lead?: Lead | undefined
  title: string
  submitLabel: string
  pending: boolean
  error: unknown
  onSubmit: (body: LeadBody) => void
  onClose: () => void
}

/** The add and edit form of a lead, in a dialog. Closing it drops what was typed. */
export function LeadDialog({ open, ...form }: LeadFormProps & { open: boolean }) {
  return (
    <DialogShell open={open} onClose={form.onClose} size="md">
      {open ? <LeadForm {...form} /> : null}
    </DialogShell>
  )
}

function LeadForm({ lead, title, submitLabel, pending, error, onSubmit, onClose }: LeadFormProps) {
  const form = useContractForm({
    schema: leadBodySchema,
    initial: {
      name: lead?.name ?? '',
      email: lead?.email ?? '',
      phone: lead?.phone ?? '',
      notes: lead?.notes ?? '',
      consent: lead?.consent ?? false,
    },
    onSubmit,
    error,
  })

  return (
    <DialogForm
      title={title}
      onSubmit={form.submit}
      formError={form.formError}
      footer={<DialogActions onCancel={onClose} submitLabel={submitLabel} pending={pending} />}
    >
      <TextField label="Name" required {...form.field('name')} />
      <TextField label="E-mail" type="email" required {...form.field('email')} />
      <TextField label="Phone" type="tel" {...form.field('phone')} />
      <TextAreaField label="Notes" rows={4} {...form.field('notes')} />
      <CheckboxField
        name="consent"
        label="Agreed to be contacted"
        checked={form.values.consent}
        onCheckedChange={(consent) => form.setValue('consent', consent)}
      />
    </DialogForm>
  )
}
