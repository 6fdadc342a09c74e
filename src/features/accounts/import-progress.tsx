import { HStack, Stack, Text } from '@chakra-ui/react'

import { ProgressBar } from '@/components/ui'

/** How far an import has come: what it is doing, the percentage, and the bar. */
export function ImportProgress({
  done,
  step,
  label,
}: {
  /** From 0 to 1. */
  done: number
  step: string
  label?: string
}) {
  const percent = Math.round(done * 100)
  return (
    <Stack gap="1">
      <HStack justify="space-between" gap="3" fontSize="sm">
        <Text fontWeight="medium">{step}</Text>
        <Text>{percent}%</Text>
      </HStack>
      <ProgressBar value={percent} label={label ?? step} />
    </Stack>
  )
}
