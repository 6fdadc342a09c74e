import { Button, Checkbox, Dialog, Stack } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'

import { leadBodySchema, type Lead, type LeadBody } from '@schemas/leads'
import { FormAlert, TextAreaField, TextField } from '@/components/form-fields'
import { DialogShell } from '@/components/ui'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'

const FIELDS = ['name', 'email', 'phone', 'consent', 'notes'] as const

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
  const [form, setForm] = useState({
    name: lead?.name ?? '',
    email: lead?.email ?? '',
    phone: lead?.phone ?? '',
    notes: lead?.notes ?? '',
    consent: lead?.consent ?? false,
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const server = serverErrorOf(error, FIELDS)
  const set = (name: 'name' | 'email' | 'phone' | 'notes') => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = leadBodySchema.safeParse(form)
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    onSubmit(parsed.data)
  }

  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
          <TextField
            label="Name"
            name="name"
            required
            value={form.name}
            onValueChange={set('name')}
            error={errors.name ?? server.fields.name}
          />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            required
            value={form.email}
            onValueChange={set('email')}
            error={errors.email ?? server.fields.email}
          />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            value={form.phone}
            onValueChange={set('phone')}
            error={errors.phone ?? server.fields.phone}
          />
          <TextAreaField
            label="Notes"
            name="notes"
            rows={4}
            value={form.notes}
            onValueChange={set('notes')}
            error={errors.notes ?? server.fields.notes}
          />
          <Checkbox.Root
            name="consent"
            checked={form.consent}
            onCheckedChange={(details) =>
              setForm((current) => ({ ...current, consent: details.checked === true }))
            }
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
