import { Checkbox } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** A checkbox with its label, reporting whether it is now ticked. */
export function CheckboxField({
  label,
  checked,
  onCheckedChange,
  ...root
}: {
  label: ReactNode
  checked: boolean
  onCheckedChange: (checked: boolean) => void
} & Omit<Checkbox.RootProps, 'checked' | 'onCheckedChange' | 'children'>) {
  return (
    <Checkbox.Root
      checked={checked}
      onCheckedChange={(details) => onCheckedChange(details.checked === true)}
      {...root}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}
