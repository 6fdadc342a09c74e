import { Field, NativeSelect } from '@chakra-ui/react'

export interface FilterOption {
  value: string
  label: string
}

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
      <NativeSelect.Root size={size}>
        <NativeSelect.Field
          {...fieldProps}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
}
