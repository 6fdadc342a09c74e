import { Flex, Text } from '@chakra-ui/react'

import type { Completion } from '@schemas/courses'
import { ProgressBar } from '@/components/ui/progress-bar'

/**
 * How much of a course or module is completed, in percent. A module of its own, so the dashboard
 * (the training tile, the resume card) does not load the course overview with it.
 */
export const completionPercent = (c: Completion) =>
  c.total === 0 ? 0 : Math.round((c.completed / c.total) * 100)

export function CompletionBar({ completion, label }: { completion: Completion; label: string }) {
  const value = completionPercent(completion)
  return (
    <Flex gap="3" align="center">
      <ProgressBar value={value} flex="1" colorPalette="primary" label={label} />
      <Text fontSize="sm" color="fg.muted" minW="12ch" textAlign="end">
        <bdi>
          {value}% · {completion.completed}/{completion.total}
        </bdi>
      </Text>
    </Flex>
  )
}
