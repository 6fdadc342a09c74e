import { Field, type NativeSelect } from '@chakra-ui/react'

import { SelectInput, type SelectOption } from '../select-field'

export type FilterOption = SelectOption

/**
 * A labelled filter of a list: "All …" (the empty value) and one option per value. The label
 * may be left to screen readers where the toolbar around it says what it filters.
 */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
  size = 'sm',
  labelHidden = false,
  fieldProps,
  ...root
}: {
  label: string
  allLabel: string
  value: string
  options: readonly FilterOption[]
  onChange: (value: string) => void
  size?: NativeSelect.RootProps['size']
  labelHidden?: boolean
  fieldProps?: Omit<NativeSelect.FieldProps, 'value' | 'onChange' | 'children'>
} & Omit<Field.RootProps, 'onChange' | 'children'>) {
  return (
    <Field.Root width={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }} {...root}>
      <Field.Label
        fontSize={size === 'sm' || size === 'xs' ? 'sm' : undefined}
        srOnly={labelHidden || undefined}
      >
        {label}
      </Field.Label>
      <SelectInput
        size={size}
        {...fieldProps}
        value={value}
        onValueChange={onChange}
        options={[{ value: '', label: allLabel }, ...options]}
      />
    </Field.Root>
  )
}
