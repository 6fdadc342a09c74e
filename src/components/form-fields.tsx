import {
  Alert,
  Field,
  Input,
  Link,
  Textarea,
  type InputProps,
  type TextareaProps,
} from '@chakra-ui/react'
import { Link as RouterLink, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface FieldProps {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  helperText?: ReactNode
}

/** Label, helper text and error around one control; the error is announced with the field. */
function FieldFrame({
  label,
  error,
  helperText,
  required,
  children,
}: Pick<FieldProps, 'label' | 'error' | 'helperText'> & {
  required: boolean | undefined
  children: ReactNode
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {children}
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  )
}

/** A labelled input. */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  ...input
}: FieldProps & Omit<InputProps, 'onChange' | 'value'>) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={input.required}>
      <Input
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
    </FieldFrame>
  )
}

/** A labelled multi-line input, like TextField. */
export function TextAreaField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  ...textarea
}: FieldProps & Omit<TextareaProps, 'onChange' | 'value'>) {
  return (
    <FieldFrame label={label} error={error} helperText={helperText} required={textarea.required}>
      <Textarea
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...textarea}
      />
    </FieldFrame>
  )
}

export function FormAlert({
  status,
  title,
  children,
}: {
  status: 'error' | 'success' | 'info' | 'warning'
  title?: string
  children: ReactNode
}) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Content>
        {title ? <Alert.Title>{title}</Alert.Title> : null}
        <Alert.Description>{children}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}

/** The form's own message (useContractForm's `formError`), above its fields; nothing without one. */
export function FormError({ message }: { message: string | null | undefined }) {
  return message ? <FormAlert status="error">{message}</FormAlert> : null
}

/** A router link styled as a text link. */
export function TextLink({ children, ...link }: LinkProps & { children: ReactNode }) {
  return (
    <Link asChild fontWeight="medium">
      <RouterLink {...link}>{children}</RouterLink>
    </Link>
  )
}
