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
import type { FormEvent, ReactNode } from 'react'
import { z } from 'zod/mini'

import { AREAS, FREE_AREAS, type AreaKey } from '@schemas/access'
import type { Role } from '@schemas/auth'
import { emailSchema } from '@schemas/contract'
import { createMemberBodySchema, members, type MemberSummary } from '@schemas/members'
import { bodySchemaOf } from '@/api/create-api'
import { FormAlert, FormError, TextField } from '@/components/form-fields'
import { DialogShell } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'

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
  error,
}: {
  value: AreaKey[]
  onChange: (areas: AreaKey[]) => void
  error: string | undefined
}) {
  const toggle = (key: AreaKey, on: boolean) =>
    onChange(on ? [...value, key] : value.filter((k) => k !== key))
  return (
    <Fieldset.Root invalid={Boolean(error)}>
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
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  )
}

/** What each member form is given: the call's state, what it sends, and how it closes. */
interface MemberFormProps<T> {
  pending: boolean
  error: unknown
  onSave: (value: T) => void
  onClose: () => void
}

/** A member dialog's form: its message above the fields, Cancel and the submit button below. */
function DialogForm({
  form,
  onClose,
  submitLabel,
  pending,
  children,
}: {
  form: { submit: (event?: FormEvent) => void; formError: string | null }
  onClose: () => void
  submitLabel: string
  pending: boolean
  children: ReactNode
}) {
  return (
    <form onSubmit={form.submit} noValidate>
      <Dialog.Body>
        <Stack gap="4">
          <FormError message={form.formError} />
          {children}
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

/** The areas as the server checks them, sent in the order they are listed. */
const areasSchema = z.pick(bodySchemaOf(members.updatePageAccess), { areas: true })
const inListOrder = (areas: AreaKey[]) =>
  AREAS.map((a) => a.key).filter((key) => areas.includes(key))

/** Which areas one member may open. */
export function AccessForm({
  member,
  pending,
  error,
  onSave,
  onClose,
}: MemberFormProps<AreaKey[]> & { member: MemberSummary }) {
  const form = useContractForm({
    schema: areasSchema,
    initial: { areas: member.areas },
    toInput: ({ areas }) => ({ areas: inListOrder(areas) }),
    onSubmit: ({ areas }) => onSave(areas),
    error,
  })
  return (
    <DialogForm form={form} onClose={onClose} submitLabel="Save access" pending={pending}>
      {member.role === 'admin' ? (
        <FormAlert status="info">Administrators open every area whatever is ticked here.</FormAlert>
      ) : null}
      <AreaCheckboxes
        value={form.values.areas}
        onChange={(areas) => form.setValue('areas', areas)}
        error={form.errorOf('areas')}
      />
      <Button
        size="xs"
        variant="ghost"
        alignSelf="start"
        onClick={() => form.setValue('areas', [...FREE_AREAS])}
      >
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
}: MemberFormProps<z.output<typeof createMemberBodySchema>>) {
  const form = useContractForm({
    schema: createMemberBodySchema,
    initial: {
      email: '',
      firstName: '',
      lastName: '',
      role: 'member' as Role,
      areas: [...FREE_AREAS],
    },
    onSubmit: onSave,
    error,
  })
  return (
    <DialogForm form={form} onClose={onClose} submitLabel="Create member" pending={pending}>
      <TextField label="E-mail" type="email" required autoComplete="off" {...form.field('email')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="First name" required autoComplete="off" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="off" {...form.field('lastName')} />
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Role</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="role"
            value={form.values.role}
            onChange={(event) =>
              form.setValue('role', event.target.value === 'admin' ? 'admin' : 'member')
            }
          >
            <option value="member">Member</option>
            <option value="admin">Administrator</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <AreaCheckboxes
        value={form.values.areas}
        onChange={(areas) => form.setValue('areas', areas)}
        error={form.errorOf('areas')}
      />
      <Text fontSize="sm" color="fg.muted">
        We e-mail the new member a link to choose their password.
      </Text>
    </DialogForm>
  )
}

/** The new address as the server checks it; it must differ from the member's current one. */
const newEmailSchema = (current: string) =>
  z.object({ newEmail: emailSchema }).check(
    z.refine((input) => input.newEmail !== current, {
      path: ['newEmail'],
      message: 'This is already their e-mail address',
    }),
  )

/** A member's new sign-in address. */
export function ChangeMemberEmailForm({
  member,
  pending,
  error,
  onSave,
  onClose,
}: MemberFormProps<string> & { member: MemberSummary }) {
  const form = useContractForm({
    schema: newEmailSchema(member.email),
    initial: { newEmail: '' },
    onSubmit: ({ newEmail }) => onSave(newEmail),
    error,
  })
  return (
    <DialogForm form={form} onClose={onClose} submitLabel="Change e-mail" pending={pending}>
      <Text color="fg.muted">Current address: {member.email}</Text>
      <TextField
        label="New e-mail"
        type="email"
        required
        autoComplete="off"
        {...form.field('newEmail')}
      />
    </DialogForm>
  )
}
