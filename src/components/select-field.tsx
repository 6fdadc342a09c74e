import { NativeSelect, type Field } from '@chakra-ui/react'

import { FieldFrame } from './form-fields'

export interface SelectOption {
  value: string
  label: string
}

/** A native select of fixed options, reporting the chosen value. */
export function SelectInput({
  options,
  onValueChange,
  size,
  ...select
}: {
  options: readonly SelectOption[]
  onValueChange: (value: string) => void
  size?: NativeSelect.RootProps['size']
} & Omit<NativeSelect.FieldProps, 'onChange' | 'children' | 'size'>) {
  return (
    <NativeSelect.Root size={size}>
      <NativeSelect.Field onChange={(event) => onValueChange(event.target.value)} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/** A labelled select of fixed options, like TextField; other props go to the field around it. */
export function SelectField({
  name,
  value,
  onValueChange,
  options,
  ...frame
}: {
  label: string
  name?: string
  value: string
  onValueChange: (value: string) => void
  error?: string | undefined
  helperText?: string
  options: readonly SelectOption[]
  required?: boolean
} & Omit<Field.RootProps, 'invalid' | 'required' | 'children'>) {
  return (
    <FieldFrame {...frame}>
      <SelectInput name={name} value={value} onValueChange={onValueChange} options={options} />
    </FieldFrame>
  )
}
