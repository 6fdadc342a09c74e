import { Button, Dialog, Fieldset, SimpleGrid, Text } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'
import { z } from 'zod/mini'

import { AREAS, FREE_AREAS, type AreaKey } from '@schemas/access'
import type { Role } from '@schemas/auth'
import { emailSchema } from '@schemas/contract'
import { createMemberBodySchema, members, type MemberSummary } from '@schemas/members'
import { bodySchemaOf } from '@/api/create-api'
import { CheckboxField } from '@/components/checkbox-field'
import { FormAlert, TextField } from '@/components/form-fields'
import { SelectField } from '@/components/select-field'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
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
          <CheckboxField
            key={area.key}
            label={
              <>
                {`${area.label} `}
                <Text as="span" color="fg.muted" fontSize="xs">
                  {`(${area.free ? 'free' : 'paid'})`}
                </Text>
              </>
            }
            checked={value.includes(area.key)}
            onCheckedChange={(on) => toggle(area.key, on)}
          />
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

/** A member dialog's form, under the dialog's title: Cancel and the submit button below it. */
function MemberForm({
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
    <DialogForm
      onSubmit={form.submit}
      formError={form.formError}
      footer={<DialogActions onCancel={onClose} submitLabel={submitLabel} pending={pending} />}
    >
      {children}
    </DialogForm>
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
    <MemberForm form={form} onClose={onClose} submitLabel="Save access" pending={pending}>
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
    </MemberForm>
  )
}

const ROLES = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Administrator' },
]

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
    <MemberForm form={form} onClose={onClose} submitLabel="Create member" pending={pending}>
      <TextField label="E-mail" type="email" required autoComplete="off" {...form.field('email')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="First name" required autoComplete="off" {...form.field('firstName')} />
        <TextField label="Last name" autoComplete="off" {...form.field('lastName')} />
      </SimpleGrid>
      <SelectField
        label="Role"
        name="role"
        value={form.values.role}
        onValueChange={(role) => form.setValue('role', role === 'admin' ? 'admin' : 'member')}
        options={ROLES}
      />
      <AreaCheckboxes
        value={form.values.areas}
        onChange={(areas) => form.setValue('areas', areas)}
        error={form.errorOf('areas')}
      />
      <Text fontSize="sm" color="fg.muted">
        We e-mail the new member a link to choose their password.
      </Text>
    </MemberForm>
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
    <MemberForm form={form} onClose={onClose} submitLabel="Change e-mail" pending={pending}>
      <Text color="fg.muted">Current address: {member.email}</Text>
      <TextField
        label="New e-mail"
        type="email"
        required
        autoComplete="off"
        {...form.field('newEmail')}
      />
    </MemberForm>
  )
}
