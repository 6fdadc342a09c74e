import { Box, type BoxProps } from '@chakra-ui/react'

const HEIGHTS = { xs: '1.5', sm: '2', md: '2.5' } as const

/**
 * A bar showing how far something has got, drawn as Chakra's progress recipe draws its outline
 * variant (a muted, inset track and a solid range in the colour palette), with the progressbar
 * role and values assistive technology reads. Chakra's own Progress runs a state machine per bar
 * and builds a number formatter for its value text; a bar that only shows a value needs neither,
 * and on a phone the dashboard's first bar cost some 80 ms of start-up.
 */
export function ProgressBar({
  value,
  max = 100,
  label,
  size = 'sm',
  ...rest
}: { value: number; max?: number; label?: string; size?: keyof typeof HEIGHTS } & Omit<
  BoxProps,
  'children'
>) {
  const clamped = Math.max(0, Math.min(value, max))
  const percent = max > 0 ? (clamped / max) * 100 : 0
  return (
    <Box
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={`${Math.round(percent)} percent`}
      h={HEIGHTS[size]}
      bg="bg.muted"
      boxShadow="inset"
      borderRadius="l1"
      overflow="hidden"
      {...rest}
    >
      <Box
        h="full"
        w={`${percent}%`}
        bg="colorPalette.solid"
        transitionProperty="width"
        transitionDuration="slow"
      />
    </Box>
  )
}
