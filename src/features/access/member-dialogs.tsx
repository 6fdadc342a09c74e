import {
  Button,
  Checkbox,
  Dialog,
  Field,
  Fieldset,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useState, type FormEvent, type ReactNode } from 'react'

import { AREAS, FREE_AREAS, type AreaKey } from '@schemas/access'
import { emailSchema } from '@schemas/contract'
import { createMemberBodySchema, type MemberSummary } from '@schemas/members'
import { FormAlert, TextField } from '@/components/form-fields'
import { DialogShell } from '@/components/ui'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'

/** A dialog around one form; the form is mounted only while open, so it starts fresh each time. */
export function FormDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <DialogShell open={open} onClose={onClose} size="lg">
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      {open ? children : null}
    </DialogShell>
  )
}

function AreaCheckboxes({
  value,
  onChange,
}: {
  value: AreaKey[]
  onChange: (areas: AreaKey[]) => void
}) {
  const toggle = (key: AreaKey, on: boolean) =>
    onChange(on ? [...value, key] : value.filter((k) => k !== key))
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Areas</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2" mt="2">
        {AREAS.map((area) => (
          <Checkbox.Root
            key={area.key}
            checked={value.includes(area.key)}
            onCheckedChange={(details) => toggle(area.key, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {`${area.label} `}
              <Text as="span" color="fg.muted" fontSize="xs">
                {`(${area.free ? 'free' : 'paid'})`}
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
    </Fieldset.Root>
  )
}

function DialogForm({
  onSubmit,
  onClose,
  submitLabel,
  pending,
  children,
}: {
  onSubmit: (event: FormEvent) => void
  onClose: () => void
  submitLabel: string
  pending: boolean
  children: ReactNode
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Body>
        <Stack gap="4">{children}</Stack>
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

/** Which areas one member may open. */
export function AccessForm({
  member,
  pending,
  error,
  onSave,
  onClose,
}: {
  member: MemberSummary
  pending: boolean
  error: unknown
  onSave: (areas: AreaKey[]) => void
  onClose: () => void
}) {
  const [areas, setAreas] = useState<AreaKey[]>(member.areas)
  const server = serverErrorOf(error, [])
  return (
    <DialogForm
      onSubmit={(event) => {
        event.preventDefault()
        onSave(AREAS.map((a) => a.key).filter((key) => areas.includes(key)))
      }}
      onClose={onClose}
      submitLabel="Save access"
      pending={pending}
    >
      {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
      {member.role === 'admin' ? (
        <FormAlert status="info">Administrators open every area whatever is ticked here.</FormAlert>
      ) : null}
      <AreaCheckboxes value={areas} onChange={setAreas} />
      <Button size="xs" variant="ghost" alignSelf="start" onClick={() => setAreas([...FREE_AREAS])}>
        Reset to the free areas
      </Button>
    </DialogForm>
  )
}

/** A new member: they get an e-mail with a link to choose their password. */
export function CreateMemberForm({
  pending,
  error,
  onSave,
  onClose,
}: {
  pending: boolean
  error: unknown
  onSave: (body: ReturnType<typeof createMemberBodySchema.parse>) => void
  onClose: () => void
}) {
  const [form, setForm] = useState({
    email: '',
    firstName: '',
    lastName: '',
    role: 'member' as 'member' | 'admin',
    areas: [...FREE_AREAS],
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const server = serverErrorOf(error, ['email', 'firstName', 'lastName', 'role', 'areas'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = createMemberBodySchema.safeParse(form)
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    onSave(parsed.data)
  }
  return (
    <DialogForm onSubmit={submit} onClose={onClose} submitLabel="Create member" pending={pending}>
      {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
      <TextField
        label="E-mail"
        name="email"
        type="email"
        required
        autoComplete="off"
        value={form.email}
        onValueChange={(email) => setForm((f) => ({ ...f, email }))}
        error={errors.email ?? server.fields.email}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="First name"
          name="firstName"
          required
          autoComplete="off"
          value={form.firstName}
          onValueChange={(firstName) => setForm((f) => ({ ...f, firstName }))}
          error={errors.firstName ?? server.fields.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="off"
          value={form.lastName}
          onValueChange={(lastName) => setForm((f) => ({ ...f, lastName }))}
          error={errors.lastName ?? server.fields.lastName}
        />
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Role</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="role"
            value={form.role}
            onChange={(event) =>
              setForm((f) => ({ ...f, role: event.target.value === 'admin' ? 'admin' : 'member' }))
            }
          >
            <option value="member">Member</option>
            <option value="admin">Administrator</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <AreaCheckboxes value={form.areas} onChange={(areas) => setForm((f) => ({ ...f, areas }))} />
      <Text fontSize="sm" color="fg.muted">
        We e-mail the new member a link to choose their password.
      </Text>
    </DialogForm>
  )
}

/** A member's new sign-in address. */
export function ChangeMemberEmailForm({
  member,
  pending,
  error,
  onSave,
  onClose,
}: {
  member: MemberSummary
  pending: boolean
  error: unknown
  onSave: (newEmail: string) => void
  onClose: () => void
}) {
  const [newEmail, setNewEmail] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const server = serverErrorOf(error, ['newEmail'])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = emailSchema.safeParse(newEmail)
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message)
      return
    }
    if (parsed.data === member.email) {
      setFieldError('This is already their e-mail address')
      return
    }
    setFieldError(undefined)
    onSave(parsed.data)
  }
  return (
    <DialogForm onSubmit={submit} onClose={onClose} submitLabel="Change e-mail" pending={pending}>
      {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
      <Text color="fg.muted">Current address: {member.email}</Text>
      <TextField
        label="New e-mail"
        name="newEmail"
        type="email"
        required
        autoComplete="off"
        value={newEmail}
        onValueChange={setNewEmail}
        error={fieldError ?? server.fields.newEmail}
      />
    </DialogForm>
  )
}
