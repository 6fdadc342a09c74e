import { Button, Grid, SimpleGrid, Stack } from '@chakra-ui/react'
import { useRef, useState } from 'react'

import {
  ai,
  AI_NICHES,
  LANGUAGES,
  LENGTHS,
  MAX_VARIANTS,
  scriptTool,
  TONES,
  writeInputSchema,
  type HistoryTool,
  type ScriptField,
  type ScriptToolDef,
  type ScriptToolKey,
  type WriteInputIn,
} from '@schemas/ai'
import { AreaGate } from '@/components/area-gate'
import { FormAlert, FormError, TextAreaField, TextField } from '@/components/form-fields'
import { Card } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { useStages } from '@/lib/use-stages'

import { AiPageHeader, AllowanceCard, ChoiceField, ModelLine, useAiStatus } from './ai-parts'
import { AnswerView } from './answer-view'
import { HistoryPanel } from './history-panel'
import { useAnswer } from './use-answer'

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const FIELD_LIMITS: Record<Exclude<ScriptField, 'niche'>, number> = {
  topic: 200,
  audience: 200,
  benefits: 600,
  keyword: 80,
  callToAction: 120,
}

const FIELD_HINTS: Partial<Record<ScriptField, string>> = {
  audience: 'Who it is for, e.g. "new dog owners in flats"',
  benefits: 'One per line: what the reader gets',
  callToAction: 'What the reader should do next, e.g. "Get the free checklist at the link in bio"',
  keyword: 'The phrase people type into search',
}

type Form = Record<string, string>

const initialForm = (generator: boolean): Form => ({
  ...(generator
    ? { prompt: '' }
    : { topic: '', audience: '', benefits: '', keyword: '', callToAction: '', niche: 'other' }),
  tone: 'friendly',
  language: 'en',
  length: 'medium',
  variants: '3',
})

const pairs = (values: readonly string[]) => values.map((v) => [v, capitalise(v)] as const)

/** The choices every writing tool has: label, field, and its options as [value, text]. */
const CHOICES: [string, string, readonly (readonly [string, string])[]][] = [
  ['Tone', 'tone', pairs(TONES)],
  ['Language', 'language', LANGUAGES],
  ['Length', 'length', pairs(LENGTHS)],
  [
    'Variants',
    'variants',
    Array.from({ length: MAX_VARIANTS }, (_, i) => [`${i + 1}`, `${i + 1}`]),
  ],
]

/**
 * A writing tool: a script tool's typed fields (or the free-form writer's request), tone,
 * language, length and variants; the answer streams in as variants; past answers reopen from
 * the history beside it.
 */
export function WriterScreen({ tool }: { tool: ScriptToolDef | 'generator' }) {
  const generator = tool === 'generator'
  const key = (generator ? 'generator' : tool.key) as HistoryTool
  const title = generator ? 'Free-form writer' : tool.title
  const [sent, setSent] = useState<WriteInputIn | null>(null)
  const { answer, start, stop, show } = useAnswer(ai.write)
  const status = useAiStatus()
  const resultsRef = useRef<HTMLDivElement>(null)
  // The form first; the allowance, the results and the history in the render that follows, so
  // a phone draws the screen in two shorter tasks instead of one long one.
  const stage = useStages(1)

  const input = (values: Form): WriteInputIn =>
    ({ ...values, tool: key, variants: Number(values.variants) }) as WriteInputIn

  const send = (body: WriteInputIn) => {
    setSent(body)
    void start(body)
    resultsRef.current?.focus()
  }

  // Sent as typed: the server's check trims the fields.
  const form = useContractForm({
    schema: writeInputSchema,
    initial: () => initialForm(generator),
    toInput: input,
    onSubmit: (_, values) => send(input(values)),
    clearOnEdit: true,
  })
  /** What a ChoiceField takes, like `form.field` for a text field. */
  const choice = (name: string) => {
    const { onValueChange, ...field } = form.field(name)
    return { ...field, onChange: onValueChange }
  }

  const streaming = answer.status === 'streaming'
  const fields = generator ? [] : (Object.entries(tool.fields) as [ScriptField, string][])
  const noteTitle = `${title}: ${(generator ? form.values.prompt : form.values.topic)?.trim().slice(0, 80) ?? ''}`

  return (
    <>
      <AiPageHeader title={title} />
      <AreaGate area="aiTools">
        <Grid
          templateColumns={{ base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' }}
          gap="6"
          alignItems="start"
        >
          <Stack gap="6">
            <Card title={generator ? 'What should I write?' : 'Your details'}>
              <form onSubmit={form.submit} noValidate aria-label={`${title} details`}>
                <Stack gap="4">
                  {generator ? (
                    <TextAreaField
                      label="What to write"
                      {...form.field('prompt')}
                      required
                      rows={5}
                      maxLength={2_000}
                      helperText={`${form.values.prompt?.length ?? 0} / 2,000: say what it is for, who reads it and what it should make them do.`}
                    />
                  ) : null}
                  {fields.map(([name, label]) =>
                    name === 'niche' ? (
                      <ChoiceField
                        key={name}
                        label={label}
                        {...choice('niche')}
                        options={AI_NICHES.map(
                          (n) => [n, n === 'other' ? 'Other / general' : capitalise(n)] as const,
                        )}
                      />
                    ) : name === 'benefits' ? (
                      <TextAreaField
                        key={name}
                        label={label}
                        {...form.field(name)}
                        rows={3}
                        maxLength={FIELD_LIMITS[name]}
                        helperText={FIELD_HINTS[name]}
                      />
                    ) : (
                      <TextField
                        key={name}
                        label={label}
                        {...form.field(name)}
                        required={name === 'topic'}
                        maxLength={FIELD_LIMITS[name]}
                        helperText={FIELD_HINTS[name]}
                      />
                    ),
                  )}
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    {CHOICES.map(([label, name, options]) => (
                      <ChoiceField key={name} label={label} {...choice(name)} options={options} />
                    ))}
                  </SimpleGrid>
                  <FormError message={form.errorOf('tool')} />
                  <ModelLine status={status.data?.data} />
                  <Button
                    type="submit"
                    colorPalette="primary"
                    loading={streaming}
                    loadingText="Writing…"
                    alignSelf="flex-start"
                  >
                    Write
                  </Button>
                </Stack>
              </form>
            </Card>
            {stage >= 1 ? <AllowanceCard status={status.data?.data} /> : null}
          </Stack>
          {stage >= 1 ? (
            <Stack gap="6" minW="0">
              <Stack
                ref={resultsRef}
                tabIndex={-1}
                outline="none"
                aria-label="Results"
                role="region"
              >
                {answer.status === 'idle' ? (
                  <Card>
                    <FormAlert status="info">
                      Fill in your details and choose Write. Each variant comes with its own copy
                      and save-to-notes buttons
                      {generator ? '' : ', and a check against the platform’s limits'}.
                    </FormAlert>
                  </Card>
                ) : (
                  <AnswerView
                    answer={answer}
                    title={noteTitle}
                    rules={generator ? [] : tool.rules}
                    language={sent?.language ?? form.values.language}
                    onStop={stop}
                    {...(sent ? { onRegenerate: () => send(sent) } : {})}
                  />
                )}
              </Stack>
              <HistoryPanel
                tool={key}
                onOpen={(generation) => {
                  const restored = { ...initialForm(generator) }
                  for (const [name, value] of Object.entries(generation.input)) {
                    if (name in restored) restored[name] = String(value)
                  }
                  form.setValues(restored)
                  setSent({
                    ...restored,
                    tool: key,
                    variants: Number(restored.variants),
                  } as WriteInputIn)
                  show({
                    id: generation.id,
                    writer: generation.writer,
                    text: generation.output,
                    status: generation.status === 'running' ? 'failed' : generation.status,
                    message: generation.message,
                  })
                  resultsRef.current?.focus()
                }}
              />
            </Stack>
          ) : null}
        </Grid>
      </AreaGate>
    </>
  )
}

/** A script tool's screen, by its key in the address. */
export function ScriptToolScreen({ tool }: { tool: ScriptToolKey }) {
  return <WriterScreen tool={scriptTool(tool)!} />
}
