import {
  Alert,
  Field,
  Input,
  type InputProps,
  Link,
  Textarea,
  type TextareaProps,
} from '@chakra-ui/react'
import { Link as RouterLink, type LinkProps } from '@tanstack/react-router'
import type { ReactNode } from 'react'

interface TextFieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  helperText?: ReactNode
}

/** A labelled input whose error is announced with the field. */
export function TextField({
  label,
  name,
  value,
  onValueChange,
  error,
  helperText,
  ...input
}: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={input.required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...input}
      />
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  )
}

interface TextAreaFieldProps extends Omit<TextareaProps, 'onChange' | 'value'> {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  helperText?: ReactNode
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
}: TextAreaFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={textarea.required}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <Textarea
        name={name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        {...textarea}
      />
      {helperText && !error ? <Field.HelperText>{helperText}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
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

/** A router link styled as a text link. */
export function TextLink({ children, ...link }: LinkProps & { children: ReactNode }) {
  return (
    <Link asChild fontWeight="medium">
      <RouterLink {...link}>{children}</RouterLink>
    </Link>
  )
}
