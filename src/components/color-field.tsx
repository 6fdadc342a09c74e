import { Fieldset, HStack, RadioGroup } from '@chakra-ui/react'
import { useId } from 'react'

const nameOf = (color: string) => color.charAt(0).toUpperCase() + color.slice(1)

/**
 * The "Colour" choice of a record the member tints: one radio button per colour, drawn in it.
 * The colours are Chakra palette names, so each tints itself in both modes.
 */
export function ColorField<C extends string>({
  colors,
  value,
  onChange,
  error,
}: {
  colors: readonly C[]
  value: C
  onChange: (color: C) => void
  error?: string | undefined
}) {
  const legendId = useId()
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend id={legendId}>Colour</Fieldset.Legend>
      <RadioGroup.Root
        aria-labelledby={legendId}
        name="color"
        size="sm"
        value={value}
        onValueChange={(details) => {
          if (details.value) onChange(details.value as C)
        }}
      >
        <HStack gap="4" wrap="wrap">
          {colors.map((color) => (
            <RadioGroup.Item key={color} value={color} colorPalette={color}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{nameOf(color)}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {error ? <Fieldset.ErrorText>{error}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  )
}
