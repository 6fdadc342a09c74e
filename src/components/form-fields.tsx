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
import type { ChangeEvent, ComponentType, ReactNode } from 'react'

interface FieldProps {
  label: string
  name: string
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  helperText?: ReactNode
}

/** Label, helper text and error around one control; the error is announced with the field. */
export function FieldFrame({
  label,
  error,
  helperText,
  required,
  children,
  ...root
}: Pick<FieldProps, 'label' | 'error' | 'helperText'> & {
  required?: boolean | undefined
  children: ReactNode
} & Omit<Field.RootProps, 'invalid' | 'required' | 'children'>) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} {...root}>
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

/** A text control (an input, a textarea) in a FieldFrame, editing a string value. */
function labelled<P extends { required?: boolean | undefined }>(Control: ComponentType<P>) {
  return function LabelledField({
    label,
    name,
    value,
    onValueChange,
    error,
    helperText,
    ...control
  }: FieldProps & Omit<P, 'onChange' | 'value'>) {
    const props = {
      name,
      value,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        onValueChange(event.target.value),
      ...control,
    } as unknown as P
    return (
      <FieldFrame label={label} error={error} helperText={helperText} required={props.required}>
        <Control {...props} />
      </FieldFrame>
    )
  }
}

/** A labelled input. */
export const TextField = labelled<InputProps>(Input)

/** A labelled multi-line input, like TextField. */
export const TextAreaField = labelled<TextareaProps>(Textarea)

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
