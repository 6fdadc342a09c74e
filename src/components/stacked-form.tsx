import { Button, Stack, type ButtonProps } from '@chakra-ui/react'
import type { ComponentProps, FormEvent, ReactNode } from 'react'

import { FormError, TextField } from './form-fields'

/**
 * A form of fields stacked one under another: its own message (useContractForm's `formError`)
 * first, then the fields, then the button that sends it, busy while `pending`; `after` goes
 * under the button.
 */
export function StackedForm({
  form,
  submitLabel,
  pending,
  pendingText,
  alignSubmit,
  after,
  children,
  ...attributes
}: {
  form: { submit: (event?: FormEvent) => void; formError: string | null }
  submitLabel: string
  pending: boolean
  pendingText?: string
  alignSubmit?: ButtonProps['alignSelf']
  after?: ReactNode
  children: ReactNode
} & Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate' | 'children'>) {
  return (
    <form onSubmit={form.submit} noValidate {...attributes}>
      <Stack gap="4">
        <FormError message={form.formError} />
        {children}
        <Button type="submit" alignSelf={alignSubmit} loading={pending} loadingText={pendingText}>
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </form>
  )
}

type TextFieldProps = ComponentProps<typeof TextField>

/** An e-mail address: the e-mail keyboard and the browser's saved addresses; required. */
export function EmailField(props: Omit<TextFieldProps, 'label'> & { label?: string }) {
  return <TextField label="E-mail" type="email" autoComplete="email" required {...props} />
}

/** A password, hidden as it is typed; required, and a new one unless `autoComplete` says not. */
export function PasswordField(props: TextFieldProps) {
  return <TextField type="password" autoComplete="new-password" required {...props} />
}
