import { Box, Button, Flex, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react'

import { ai, CHAT_QUESTION_MAX, chatInputSchema, type ChatMessage, type Source } from '@schemas/ai'
import { aiApi } from '@/api/ai'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { FormAlert } from '@/components/form-fields'
import { Card, ConfirmDialog, PanelQuery } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { linkTo, type AppPath } from '@/lib/named-pages'
import { toast } from '@/lib/toast'

import { AiPageHeader, AllowanceCard, useAiStatus, WriterBadge } from './ai-parts'
import { useAnswer, type Answer } from './use-answer'

const SUGGESTIONS = [
  'How does an affiliate link track a sale?',
  'How do I choose a niche?',
  'What should a disclosure say?',
  'How do I get my first visitors without ads?',
]

/** The lessons an answer used, as links to the part of the lesson it read. */
function Sources({ sources }: { sources: Source[] }) {
  if (sources.length === 0) return null
  const seen = new Set<string>()
  const unique = sources.filter((s) => {
    const key = `${s.path}#${s.anchor ?? ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  return (
    <Stack gap="1" fontSize="sm" mt="2">
      <Text fontWeight="medium">Lessons used</Text>
      <Stack as="ol" gap="1" ps="5" listStyleType="decimal">
        {unique.map((s) => (
          <li key={`${s.path}#${s.anchor ?? ''}`}>
            <Link asChild colorPalette="primary">
              <RouterLink {...linkTo(s.path as AppPath)} {...(s.anchor ? { hash: s.anchor } : {})}>
                {s.heading ? `${s.title}: ${s.heading}` : s.title}
              </RouterLink>
            </Link>
          </li>
        ))}
      </Stack>
    </Stack>
  )
}

/** Questions to start a conversation with; unseen and out of the tab order while `hidden`. */
function Suggestions({ onAsk, hidden }: { onAsk: (question: string) => void; hidden?: boolean }) {
  return (
    <Stack gap="2" {...(hidden ? { visibility: 'hidden', 'aria-hidden': true } : {})}>
      <Text fontWeight="medium">Try one of these</Text>
      <HStack gap="2" wrap="wrap">
        {SUGGESTIONS.map((s) => (
          <Button
            key={s}
            size="sm"
            variant="outline"
            onClick={() => onAsk(s)}
            tabIndex={hidden ? -1 : undefined}
          >
            {s}
          </Button>
        ))}
      </HStack>
    </Stack>
  )
}

function Bubble({
  role,
  text,
  children,
}: {
  role: 'member' | 'assistant'
  text: string
  children?: ReactNode
}) {
  const mine = role === 'member'
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} as="li">
      <Box
        maxW={{ base: '92%', md: '80%' }}
        bg={mine ? 'primary.subtle' : 'bg.panel'}
        borderWidth={mine ? 0 : '1px'}
        rounded="l3"
        px="4"
        py="3"
        aria-label={mine ? 'You asked' : 'Answer'}
        role="article"
      >
        <Text whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto">
          {text}
        </Text>
        {children}
      </Box>
    </Flex>
  )
}

function AnswerBubble({
  message,
}: {
  message: Pick<ChatMessage, 'text' | 'writer' | 'status' | 'message' | 'sources'>
}) {
  return (
    <Bubble role="assistant" text={message.text}>
      {message.status !== 'done' && message.message ? (
        <Text color={message.status === 'stopped' ? 'fg.warning' : 'fg.error'} fontSize="sm" mt="2">
          {message.message}
        </Text>
      ) : null}
      <Sources sources={message.sources} />
      {message.writer ? (
        <HStack mt="2">
          <WriterBadge writer={message.writer} />
        </HStack>
      ) : null}
    </Bubble>
  )
}

const liveMessage = (answer: Answer) => ({
  text: answer.text,
  writer: answer.writer,
  status:
    answer.status === 'idle' || answer.status === 'streaming'
      ? ('running' as const)
      : answer.status,
  message: answer.message,
  sources: answer.sources,
})

/**
 * The course chatbot: the member's kept conversation, questions answered from the lessons they
 * may open with links to them, a stop button while it writes, and clearing after a confirmation.
 */
export function ChatbotScreen() {
  const chat = aiApi.chat.useQuery()
  const status = useAiStatus()
  const client = useQueryClient()
  const [asked, setAsked] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [clearing, setClearing] = useState(false)
  const { answer, start, stop, show } = useAnswer(ai.ask)
  const endRef = useRef<HTMLDivElement>(null)
  const clear = aiApi.clearChat.useMutation({
    onSuccess: () => {
      setClearing(false)
      show({ status: 'idle' })
      setAsked(null)
      toast.success('Conversation cleared')
    },
    meta: { errorToast: true },
  })
  const streaming = answer.status === 'streaming'

  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [answer.text, chat.data])

  /** Sends a question the contract's check has passed (typed, or a suggestion). */
  const ask = (question: string) => {
    setError(null)
    setAsked(question)
    form.reset({ question: '' })
    void start({ question }).then(async (ended) => {
      if (ended.refusedStatus !== null) {
        // Refused outright (the allowance, say): nothing was kept, so the question comes back.
        setError(ended.message)
        form.setValues((current) => (current.question ? current : { question }))
      } else {
        // Once an answer has ended it is in the stored conversation: the live copy goes.
        await client.refetchQueries({ queryKey: aiApi.chat.key() })
      }
      setAsked(null)
      show({ status: 'idle' })
    })
  }

  // Checked as the server checks it ("Question is required"), and sent trimmed.
  const form = useContractForm({
    schema: chatInputSchema,
    initial: { question: '' },
    onSubmit: ({ question }) => ask(question),
    clearOnEdit: true,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!streaming) form.submit()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      if (!streaming) form.submit()
    }
  }
  const message = form.errorOf('question') ?? error

  const locked = lockedPanelFor(chat.error)
  const messages = chat.data?.data ?? []

  return (
    <>
      <AiPageHeader
        title="Course chatbot"
        actions={
          messages.length > 0 ? (
            <Button
              variant="outline"
              size="sm"
              onClick={() => setClearing(true)}
              disabled={streaming}
            >
              Clear conversation
            </Button>
          ) : null
        }
      />
      <AreaGate area="chatbot">
        {locked ?? (
          <Stack gap="4" maxW="4xl">
            <Card>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  Answers come from the lessons you can open, with links to them. When the course
                  does not cover a question, the chatbot says so instead of guessing.
                </Text>
                {chat.isPending ? (
                  // The suggestions a new conversation starts with, unseen, hold the place of
                  // what loads: the form below stays where it is drawn.
                  <>
                    <Text srOnly role="status">
                      Loading your conversation
                    </Text>
                    <Suggestions onAsk={ask} hidden />
                  </>
                ) : (
                  <PanelQuery query={chat} loading="Loading your conversation">
                    {() =>
                      messages.length === 0 && !asked ? (
                        <Suggestions onAsk={ask} />
                      ) : (
                        <Stack
                          as="ol"
                          gap="3"
                          listStyleType="none"
                          aria-label="Conversation"
                          aria-live="polite"
                        >
                          {messages.map((m) =>
                            m.role === 'member' ? (
                              <Bubble key={m.id} role="member" text={m.text} />
                            ) : (
                              <AnswerBubble key={m.id} message={m} />
                            ),
                          )}
                          {asked ? (
                            <>
                              <Bubble role="member" text={asked} />
                              <AnswerBubble
                                message={{
                                  ...liveMessage(answer),
                                  text: answer.text || (streaming ? '…' : ''),
                                }}
                              />
                            </>
                          ) : null}
                        </Stack>
                      )
                    }
                  </PanelQuery>
                )}
                <div ref={endRef} />
              </Stack>
            </Card>
            <form onSubmit={submit} aria-label="Ask the chatbot" noValidate>
              <Stack gap="2">
                {message ? <FormAlert status="error">{message}</FormAlert> : null}
                <Textarea
                  aria-label="Your question"
                  placeholder="Ask about the course, e.g. how to pick an offer"
                  value={form.values.question}
                  onChange={(e) => form.field('question').onValueChange(e.target.value)}
                  onKeyDown={onKeyDown}
                  rows={2}
                  maxLength={CHAT_QUESTION_MAX}
                  autoresize
                />
                <Flex gap="2" justify="space-between" align="center" wrap="wrap">
                  <Text fontSize="xs" color="fg.muted">
                    Enter sends, Shift+Enter starts a new line.
                  </Text>
                  {streaming ? (
                    <Button colorPalette="red" variant="outline" onClick={stop}>
                      Stop
                    </Button>
                  ) : (
                    <Button type="submit" colorPalette="primary">
                      Ask
                    </Button>
                  )}
                </Flex>
              </Stack>
            </form>
            <AllowanceCard
              status={status.data?.data}
              note={
                status.data && !status.data.data.model
                  ? 'No AI model is set on this site, so answers are the matching parts of the lessons themselves.'
                  : undefined
              }
            />
          </Stack>
        )}
        <ConfirmDialog
          open={clearing}
          title="Clear the conversation?"
          description="Every question and answer here is deleted for good."
          confirmLabel="Clear"
          onConfirm={() => clear.mutate()}
          onCancel={() => setClearing(false)}
          pending={clear.isPending}
        />
      </AreaGate>
    </>
  )
}
