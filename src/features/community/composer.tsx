import { Button, Field, HStack, Stack, Text } from '@chakra-ui/react'
import { useId, useState, type FormEvent } from 'react'

import { withThousands } from '@schemas/contract'
import { FormError } from '@/components/form-fields'
import { isApiError } from '@/lib/api-error'

import { MentionTextarea, type MentionPlace } from './mention-textarea'

/**
 * A text to write in the community: a question, a reply, a change. What the server refuses is
 * said above the text, which stays as typed; what was sent clears it.
 */
export function Composer({
  label,
  hint,
  place,
  submitLabel,
  max,
  initial = '',
  onSubmit,
  onCancel,
  autoFocus,
}: {
  label: string
  hint?: string
  place: MentionPlace
  submitLabel: string
  max: number
  initial?: string
  /** Resolves once sent (the text is cleared), or with `'kept'` when it waits to be sent. */
  onSubmit: (body: string) => Promise<unknown>
  onCancel?: () => void
  autoFocus?: boolean
}) {
  const [body, setBody] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const hintId = useId()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!body.trim()) {
      setError('Write something first')
      return
    }
    setPending(true)
    setError(null)
    try {
      await onSubmit(body.trim())
      setBody('')
    } catch (failure) {
      setError(isApiError(failure) || failure instanceof Error ? failure.message : String(failure))
    } finally {
      setPending(false)
    }
  }
  const near = body.length > max * 0.8
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="2">
        <FormError message={error} />
        <Field.Root invalid={body.length > max}>
          <Field.Label srOnly>{label}</Field.Label>
          <MentionTextarea
            value={body}
            onValueChange={setBody}
            place={place}
            placeholder={hint ?? label}
            aria-describedby={hintId}
            autoFocus={autoFocus}
            onKeyDown={(event) => {
              // Ctrl+Enter or ⌘+Enter sends, as in other discussion tools.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void submit(event)
            }}
          />
        </Field.Root>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text id={hintId} fontSize="xs" color={body.length > max ? 'fg.error' : 'fg.muted'}>
            <bdi>
              {near
                ? `${withThousands(body.length)} of ${withThousands(max)} characters`
                : '**bold**, _italics_, lists, links and @names work here'}
            </bdi>
          </Text>
          <HStack gap="2">
            {onCancel ? (
              <Button size="sm" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" size="sm" colorPalette="primary" loading={pending}>
              {submitLabel}
            </Button>
          </HStack>
        </HStack>
      </Stack>
    </form>
  )
}
