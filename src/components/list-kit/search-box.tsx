import { Field, Input, InputGroup } from '@chakra-ui/react'

import { AppIcon } from '@/components/layout/icons'

/**
 * A list's search field with its magnifier, named by `label`: shown above it beside labelled
 * filters, or read to screen readers only where the placeholder says enough.
 */
export function SearchBox({
  label,
  labelHidden = false,
  placeholder,
  value,
  onChange,
  size = 'md',
  maxLength,
  ...root
}: {
  label: string
  labelHidden?: boolean
  placeholder?: string
  value: string
  onChange: (value: string) => void
  size?: 'sm' | 'md'
  maxLength?: number
} & Omit<Field.RootProps, 'onChange' | 'children'>) {
  return (
    <Field.Root {...root}>
      <Field.Label srOnly={labelHidden || undefined} fontSize={size === 'sm' ? 'sm' : undefined}>
        {label}
      </Field.Label>
      <InputGroup startElement={<AppIcon name="search" size="16px" />}>
        <Input
          type="search"
          size={size}
          placeholder={placeholder}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </InputGroup>
    </Field.Root>
  )
}
