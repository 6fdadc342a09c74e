import { Badge, Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react'

import { checkRules, languageName, splitVariants, type PlatformRule } from '@schemas/ai'
import { notesApi } from '@/api/notes'
import { FormAlert } from '@/components/form-fields'
import { Card } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { onFirstUse } from '@/lib/intl'
import { toast } from '@/lib/toast'

import { WriterBadge } from './ai-parts'
import type { Answer } from './use-answer'

const number = onFirstUse(() => new Intl.NumberFormat('en-US'))

/** One variant's standing against its platform's rules: "Tweet 212 / 280". */
function RuleChecks({ rules, text }: { rules: readonly PlatformRule[]; text: string }) {
  const checks = checkRules(rules, text)
  if (checks.length === 0) return null
  return (
    <HStack gap="2" wrap="wrap">
      {checks.map((c) => (
        <Badge
          key={c.label}
          variant="subtle"
          colorPalette={c.over ? (c.soft ? 'orange' : 'red') : 'gray'}
          title={
            c.over ? (c.soft ? 'Longer than advised' : "Over the platform's limit") : undefined
          }
        >
          {c.label}: {number.format(c.count)} / {number.format(c.max)}
          {c.over ? (c.soft ? ' (long)' : ' (too long)') : ''}
        </Badge>
      ))}
    </HStack>
  )
}

/**
 * A written answer as separate variants, each with its platform checks, copy and save to
 * notes; the status line says who wrote it and what went wrong, keeping what came.
 */
export function AnswerView({
  answer,
  title,
  rules = [],
  language,
  onStop,
  onRegenerate,
}: {
  answer: Answer
  /** The note title a saved variant gets. */
  title: string
  rules?: readonly PlatformRule[]
  language?: string
  onStop: () => void
  onRegenerate?: () => void
}) {
  const save = notesApi.create.useMutation({
    onSuccess: () => toast.success('Saved to your notes'),
    meta: { errorToast: true },
  })
  const variants = splitVariants(answer.text)
  const streaming = answer.status === 'streaming'
  return (
    <Stack gap="4" aria-busy={streaming}>
      <Flex gap="3" align="center" wrap="wrap" justify="space-between">
        <HStack gap="3" wrap="wrap">
          {answer.writer ? <WriterBadge writer={answer.writer} /> : null}
          <Text role="status" fontSize="sm" color="fg.muted">
            {streaming ? (
              <HStack as="span" gap="2">
                <Spinner size="xs" aria-hidden /> Writing…
              </HStack>
            ) : answer.status === 'done' ? (
              `${variants.length} ${variants.length === 1 ? 'variant' : 'variants'} written`
            ) : null}
          </Text>
        </HStack>
        <HStack gap="2">
          {streaming ? (
            <Button size="sm" variant="outline" colorPalette="red" onClick={onStop}>
              Stop
            </Button>
          ) : onRegenerate ? (
            <Button size="sm" variant="outline" onClick={onRegenerate}>
              Regenerate
            </Button>
          ) : null}
        </HStack>
      </Flex>
      {answer.writer === 'templates' && language && language !== 'en' ? (
        <FormAlert status="info">
          Templates write in English. Writing in {languageName(language)} needs the site's AI model.
        </FormAlert>
      ) : null}
      {answer.message && answer.status !== 'done' ? (
        <FormAlert status={answer.status === 'stopped' ? 'warning' : 'error'}>
          {answer.message}
          {answer.retryAfterSeconds ? ` (about ${answer.retryAfterSeconds} s)` : ''}
        </FormAlert>
      ) : null}
      {answer.message && answer.status === 'done' ? (
        <Text fontSize="sm" color="fg.muted">
          {answer.message}
        </Text>
      ) : null}
      {variants.map((text, i) => (
        <Card
          key={i}
          title={variants.length > 1 ? `Variant ${i + 1}` : 'Result'}
          aria-label={`Variant ${i + 1}`}
          role="region"
        >
          <Stack gap="3">
            <Text
              whiteSpace="pre-wrap"
              overflowWrap="anywhere"
              dir="auto"
              data-testid="variant-text"
            >
              {text}
            </Text>
            {!streaming || i < variants.length - 1 ? (
              <>
                <RuleChecks rules={rules} text={text} />
                <HStack gap="2" wrap="wrap">
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void copyText(text, 'Variant')}
                  >
                    Copy
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={save.isPending && save.variables?.body.body === text}
                    onClick={() =>
                      save.mutate({
                        body: {
                          title:
                            `${title}${variants.length > 1 ? ` (variant ${i + 1})` : ''}`.slice(
                              0,
                              200,
                            ),
                          body: text.slice(0, 20_000),
                        },
                      })
                    }
                  >
                    Save to notes
                  </Button>
                </HStack>
              </>
            ) : null}
          </Stack>
        </Card>
      ))}
    </Stack>
  )
}
