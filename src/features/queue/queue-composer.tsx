import {
  Box,
  Button,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'

import { MAX_POST_TEXT, QUEUE_CHANNELS, type QueueChannel, type QueuePost } from '@schemas/queue'
import { Card } from '@/components/ui'

import { usePostComposer } from './use-queue'

/** Writes a new post, or changes `post`. */
export function Composer({ post, onDone }: { post: QueuePost | null; onDone: () => void }) {
  const { form, pending } = usePostComposer(post, onDone)
  const { channel, text, scheduledAt } = form.values
  const timeError = form.errorOf('scheduledAt')
  // One message under the text: the text's own, or what the server said about the post.
  const error = form.errorOf('text') ?? form.errorOf('channel') ?? form.formError

  return (
    <Card>
      <form onSubmit={form.submit} noValidate aria-label={post ? 'Change the post' : 'New post'}>
        <Stack gap="3">
          <Text as="h2" fontWeight="semibold" fontSize="lg">
            {post ? 'Change the post' : 'New post'}
          </Text>
          <Flex gap="3" wrap="wrap">
            <Box>
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="queue-channel">Channel</label>
              </Text>
              <NativeSelect.Root size="sm" width="44">
                <NativeSelect.Field
                  id="queue-channel"
                  value={channel}
                  onChange={(e) => form.setValue('channel', e.target.value as QueueChannel)}
                >
                  {QUEUE_CHANNELS.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Box>
            <Box>
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="queue-time">When (optional)</label>
              </Text>
              <Input
                id="queue-time"
                size="sm"
                type="datetime-local"
                value={scheduledAt}
                onChange={(e) => form.field('scheduledAt').onValueChange(e.target.value)}
                aria-invalid={timeError ? true : undefined}
                aria-describedby={timeError ? 'queue-time-error' : undefined}
              />
              {timeError ? (
                <Text id="queue-time-error" color="fg.error" fontSize="sm" role="alert">
                  {timeError}
                </Text>
              ) : null}
            </Box>
          </Flex>
          <Box>
            <Flex justify="space-between">
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="queue-text">Post text</label>
              </Text>
              <Text
                fontSize="xs"
                color={text.length > MAX_POST_TEXT ? 'fg.error' : 'fg.muted'}
                aria-live="polite"
              >
                {text.length.toLocaleString()} / {MAX_POST_TEXT.toLocaleString()}
              </Text>
            </Flex>
            <Textarea
              id="queue-text"
              value={text}
              onChange={(e) => form.field('text').onValueChange(e.target.value)}
              rows={4}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'queue-error' : undefined}
            />
          </Box>
          {error ? (
            <Text id="queue-error" color="fg.error" fontSize="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <HStack justify="flex-end">
            {post ? (
              <Button variant="outline" onClick={onDone}>
                Cancel
              </Button>
            ) : null}
            <Button type="submit" colorPalette="primary" loading={pending}>
              {post ? 'Save the post' : 'Add to the queue'}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Card>
  )
}
