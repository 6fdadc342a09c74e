import { Button, Grid, HStack, Stack, Text } from '@chakra-ui/react'

import { ai, languageName, LANGUAGES, TRANSLATE_MAX, translateInputSchema } from '@schemas/ai'
import { AreaGate } from '@/components/area-gate'
import { FormAlert, TextAreaField } from '@/components/form-fields'
import { PageSpinner } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { useContractForm } from '@/lib/contract-form'
import { onFirstUse } from '@/lib/intl'

import { AiPageHeader, AllowanceCard, ChoiceField, useAiStatus } from './ai-parts'
import { HistoryPanel } from './history-panel'
import { useAnswer } from './use-answer'

const number = onFirstUse(() => new Intl.NumberFormat('en-US'))

const TO = LANGUAGES
const FROM = [['auto', 'Detect the language'] as const, ...LANGUAGES]

/** Where the model is missing, the translator says so and how it is set, and translates nothing. */
function NeedsModel() {
  return (
    <FormAlert status="info" title="Translation needs an AI model">
      This site has no AI model set yet, and a translation written from templates would be wrong, so
      nothing is translated here. The site's operator sets a model by giving the server AI_BASE_URL
      and AI_MODEL (any OpenAI-compatible service, such as a local Ollama). Ask them through the
      Contact us page.
    </FormAlert>
  )
}

/**
 * The translator: a message (`text`) or a whole page (`page`, translated part by part). Source
 * and target languages with swap, the translation streams in with its line breaks kept.
 */
function Translator({ mode }: { mode: 'text' | 'page' }) {
  const page = mode === 'page'
  const title = page ? 'Page translator' : 'Translator'
  const max = TRANSLATE_MAX[mode]
  const status = useAiStatus()
  const { answer, start, stop, show } = useAnswer(ai.translate)
  const streaming = answer.status === 'streaming'
  const model = status.data?.data.model
  const form = useContractForm({
    schema: translateInputSchema,
    initial: { from: 'auto', to: 'es', text: '' },
    toInput: (values) => ({ ...values, mode }),
    onSubmit: (input) => void start(input),
    clearOnEdit: true,
  })
  const { from, to, text } = form.values

  const swap = () => {
    if (from === 'auto') return
    form.setValue('from', to)
    form.setValue('to', from)
    if (answer.text && answer.status === 'done') {
      form.setValue('text', answer.text)
      show({ status: 'idle' })
    }
  }

  return (
    <>
      <AiPageHeader title={title} />
      <AreaGate area="aiTools">
        {status.isPending ? (
          <PageSpinner label="Checking the AI model" />
        ) : (
          <Stack gap="6">
            {model === null ? <NeedsModel /> : null}
            <form onSubmit={form.submit} noValidate aria-label={`${title} form`}>
              <Stack gap="4">
                <HStack gap="3" align="flex-end" wrap={{ base: 'wrap', sm: 'nowrap' }}>
                  <ChoiceField
                    label="From"
                    value={from}
                    options={FROM}
                    onChange={(value) => form.setValue('from', value)}
                    error={form.errorOf('from')}
                  />
                  <Button
                    variant="outline"
                    onClick={swap}
                    disabled={from === 'auto'}
                    aria-label="Swap languages"
                    title={
                      from === 'auto' ? 'Choose the source language to swap' : 'Swap languages'
                    }
                  >
                    ⇄
                  </Button>
                  <ChoiceField
                    label="To"
                    value={to}
                    options={TO}
                    onChange={(value) => form.setValue('to', value)}
                    error={form.errorOf('to')}
                  />
                </HStack>
                <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
                  <TextAreaField
                    label="Text to translate"
                    {...form.field('text')}
                    rows={page ? 18 : 10}
                    maxLength={max}
                    disabled={model === null}
                    helperText={`${number.format(text.length)} / ${number.format(max)} characters`}
                  />
                  <Stack gap="2" minW="0">
                    <Text fontWeight="medium" fontSize="sm" id="translation-label">
                      {languageName(to)}
                    </Text>
                    <Text
                      aria-labelledby="translation-label"
                      role="region"
                      aria-busy={streaming}
                      whiteSpace="pre-wrap"
                      dir="auto"
                      overflowWrap="anywhere"
                      borderWidth="1px"
                      rounded="l2"
                      p="3"
                      minH={page ? '26rem' : '15rem'}
                      bg="bg.subtle"
                      data-testid="translation"
                    >
                      {answer.text}
                    </Text>
                    {answer.message && answer.status !== 'done' ? (
                      <FormAlert status={answer.status === 'stopped' ? 'warning' : 'error'}>
                        {answer.message}
                      </FormAlert>
                    ) : null}
                  </Stack>
                </Grid>
                <HStack gap="2" wrap="wrap">
                  {streaming ? (
                    <Button colorPalette="red" variant="outline" onClick={stop}>
                      Stop
                    </Button>
                  ) : (
                    <Button type="submit" colorPalette="primary" disabled={model === null}>
                      Translate
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    disabled={!answer.text || streaming}
                    onClick={() => void copyText(answer.text, 'Translation')}
                  >
                    Copy translation
                  </Button>
                  {streaming ? (
                    <Text role="status" fontSize="sm">
                      Translating…
                    </Text>
                  ) : null}
                </HStack>
              </Stack>
            </form>
            {model ? (
              <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="6" alignItems="start">
                <HistoryPanel
                  tool="translator"
                  onOpen={(g) => {
                    const input = g.input as { from?: string; to?: string; text?: string }
                    form.setValues({
                      from: input.from ?? 'auto',
                      to: input.to ?? 'es',
                      text: input.text ?? '',
                    })
                    show({
                      id: g.id,
                      writer: g.writer,
                      text: g.output,
                      status: g.status === 'running' ? 'failed' : g.status,
                      message: g.message,
                    })
                  }}
                />
                <AllowanceCard status={status.data?.data} />
              </Grid>
            ) : null}
          </Stack>
        )}
      </AreaGate>
    </>
  )
}

export const TranslatorScreen = () => <Translator mode="text" />
export const PageTranslatorScreen = () => <Translator mode="page" />
