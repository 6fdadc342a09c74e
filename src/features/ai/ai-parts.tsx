import { Badge, Flex, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import type { AiStatus, Writer } from '@schemas/ai'
import { aiApi } from '@/api/ai'
import { SelectField } from '@/components/select-field'
import { Card, PageHeader, ProgressBar } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { timeOfDay } from '@/lib/time-format'
import { useQuery } from '@/lib/use-deferred-query'

/** Whether a model is set and how much of the allowance is used: one query every AI screen shares. */
export const useAiStatus = () => useQuery({ ...aiApi.status.queryOptions(), staleTime: 15_000 })

const WRITER_LABELS: Record<Writer, string> = {
  model: 'Written by the AI model',
  templates: 'Written from templates',
  course: 'From the course',
}

export function WriterBadge({ writer }: { writer: Writer }) {
  return (
    <Badge colorPalette={writer === 'model' ? 'blue' : writer === 'templates' ? 'orange' : 'green'}>
      {WRITER_LABELS[writer]}
    </Badge>
  )
}

const number = onFirstUse(() => new Intl.NumberFormat('en-US'))

/** When something was written, as the notes show it. */
export const writtenAt = onFirstUse(
  () => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }),
)

function Meter({ used, of, label }: { used: number; of: number; label: string }) {
  return <ProgressBar size="xs" max={of} value={used} label={label} />
}

/** A screen of the AI tools: its title under Home › AI tools. */
export function AiPageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  return (
    <PageHeader
      title={title}
      crumbs={[
        { label: 'Home', to: '/admin/dashboard' },
        { label: 'AI tools', to: '/admin/aitools' },
        { label: title },
      ]}
      actions={actions}
    />
  )
}

/** The allowance in a card of its own, beside a tool. */
export function AllowanceCard({ status, note }: { status: AiStatus | undefined; note?: string }) {
  return (
    <Card title="Your allowance">
      <UsageMeter status={status} />
      {note ? (
        <Text fontSize="sm" color="fg.muted" mt="3">
          {note}
        </Text>
      ) : null}
    </Card>
  )
}

/** The member's allowance: requests this hour and tokens in the last day, as the server counts them. */
export function UsageMeter({ status }: { status: AiStatus | undefined }) {
  if (!status) return null
  const { usage, model } = status
  const requestsLeft = Math.max(0, usage.requestsPerHour - usage.requestsLastHour)
  return (
    <Stack gap="2" fontSize="sm" aria-label="Your AI allowance" role="group">
      <Flex justify="space-between" gap="3" wrap="wrap">
        <Text>
          Requests this hour: {number.format(usage.requestsLastHour)} of{' '}
          {number.format(usage.requestsPerHour)}
        </Text>
        {usage.nextRequestAt ? (
          <Text color="fg.error">
            Next request at {timeOfDay.format(new Date(usage.nextRequestAt))}
          </Text>
        ) : (
          <Text color="fg.muted">{number.format(requestsLeft)} left</Text>
        )}
      </Flex>
      <Meter
        used={usage.requestsLastHour}
        of={usage.requestsPerHour}
        label="Requests used this hour"
      />
      {model ? (
        <>
          <Text>
            Tokens in the last 24 hours: {number.format(usage.tokensLast24h)} of{' '}
            {number.format(usage.tokensPerDay)}
          </Text>
          <Meter
            used={usage.tokensLast24h}
            of={usage.tokensPerDay}
            label="Tokens used in the last 24 hours"
          />
        </>
      ) : null}
    </Stack>
  )
}

/** What the writing tools do without a model, said where the member chooses to write. */
export function ModelLine({ status }: { status: AiStatus | undefined }) {
  if (!status) return null
  return status.model ? (
    <Text fontSize="sm" color="fg.muted">
      Answers are written by the site's AI model ({status.model}). Check facts and figures before
      you publish.
    </Text>
  ) : (
    <Text fontSize="sm" color="fg.muted">
      No AI model is set on this site, so the writing tools fill proven copywriting frameworks
      (AIDA, PAS, before-after-bridge, hook formulas) from your details, in English.
    </Text>
  )
}

/** A labelled list of choices, as [value, text] pairs. */
export function ChoiceField({
  options,
  onChange,
  ...field
}: {
  label: string
  name?: string
  value: string
  options: readonly (readonly [string, string])[]
  onChange: (value: string) => void
  error?: string | undefined
}) {
  return (
    <SelectField
      {...field}
      onValueChange={onChange}
      options={options.map(([value, label]) => ({ value, label }))}
      flex="1"
      minW="0"
    />
  )
}
