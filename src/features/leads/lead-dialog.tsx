import { Button, Checkbox, Dialog, Stack } from '@chakra-ui/react'

import { leadBodySchema, type Lead, type LeadBody } from '@schemas/leads'
import { FormError, TextAreaField, TextField } from '@/components/form-fields'
import { DialogShell } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'

/** The add and edit form of a lead, in a dialog. Closing it drops what was typed. */
export function LeadDialog({
  open,
  lead,
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean
  lead?: Lead
  title: string
  submitLabel: string
  pending: boolean
  error: unknown
  onSubmit: (body: LeadBody) => void
  onClose: () => void
}) {
  return (
    <DialogShell open={open} onClose={onClose} size="md">
      {open ? (
        <LeadForm
          lead={lead}
          title={title}
          submitLabel={submitLabel}
          pending={pending}
          error={error}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </DialogShell>
  )
}

function LeadForm({
  lead,
  title,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  lead?: Lead | undefined
  title: string
  submitLabel: string
  pending: boolean
  error: unknown
  onSubmit: (body: LeadBody) => void
  onClose: () => void
}) {
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
    <form onSubmit={form.submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormError message={form.formError} />
          <TextField label="Name" required {...form.field('name')} />
          <TextField label="E-mail" type="email" required {...form.field('email')} />
          <TextField label="Phone" type="tel" {...form.field('phone')} />
          <TextAreaField label="Notes" rows={4} {...form.field('notes')} />
          <Checkbox.Root
            name="consent"
            checked={form.values.consent}
            onCheckedChange={(details) => form.setValue('consent', details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Agreed to be contacted</Checkbox.Label>
          </Checkbox.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Dialog.Footer>
    </form>
  )
}
