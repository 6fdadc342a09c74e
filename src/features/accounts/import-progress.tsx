import { HStack, Progress } from '@chakra-ui/react'

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
  return (
    <Progress.Root value={Math.round(done * 100)} max={100} size="sm" aria-label={label}>
      <HStack justify="space-between" mb="1" gap="3">
        <Progress.Label fontSize="sm">{step}</Progress.Label>
        <Progress.ValueText fontSize="sm" />
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  )
}
