import { Box, Stack, Text, Textarea, type TextareaProps } from '@chakra-ui/react'
import { useId, useRef, useState, type KeyboardEvent } from 'react'

import type { Author } from '@schemas/community'
import { communityApi } from '@/api/community'
import { useDebounced } from '@/lib/use-debounced'
import { useQuery } from '@/lib/use-deferred-query'

import { Initials } from './community-text'

/** Where the thread lives: its members are the ones to suggest. */
export type MentionPlace = { post: string } | { path: string } | Record<never, never>

/** The `@word` being typed just before the caret, if any. */
const mentionAt = (text: string, caret: number) => {
  const match = /(?:^|[\s(])@([a-z0-9]{0,30})$/i.exec(text.slice(0, caret))
  return match ? { start: caret - match[1]!.length - 1, word: match[1]! } : null
}

/**
 * A text area that suggests members as `@` and the start of a name or handle is typed: ↑ and ↓
 * move through them, Enter or Tab puts `@handle` in the text, Escape closes the list. Only
 * members who may read the thread are suggested.
 */
export function MentionTextarea({
  value,
  onValueChange,
  place,
  onKeyDown: outerKeyDown,
  ...props
}: {
  value: string
  onValueChange: (value: string) => void
  place: MentionPlace
} & Omit<TextareaProps, 'value' | 'onChange'>) {
  const ref = useRef<HTMLTextAreaElement>(null)
  const listId = useId()
  const [typing, setTyping] = useState<{ start: number; word: string } | null>(null)
  const [active, setActive] = useState(0)
  const word = useDebounced(typing?.word ?? null, 150)
  const found = useQuery({
    ...communityApi.mentions.queryOptions({ query: { q: word ?? '', ...place } }),
    enabled: word !== null,
    staleTime: 60_000,
  })
  const options = typing && word !== null ? (found.data?.data ?? []) : []
  const open = options.length > 0

  const follow = (text: string, caret: number) => {
    const at = mentionAt(text, caret)
    setTyping(at)
    if (at?.word !== typing?.word) setActive(0)
  }
  const choose = (author: Author) => {
    if (!typing) return
    const caret = ref.current?.selectionStart ?? value.length
    const before = value.slice(0, typing.start)
    const inserted = `@${author.handle} `
    const next = before + inserted + value.slice(caret)
    onValueChange(next)
    setTyping(null)
    const at = before.length + inserted.length
    requestAnimationFrame(() => ref.current?.setSelectionRange(at, at))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return outerKeyDown?.(event)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (i + step + options.length) % options.length)
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      choose(options[active] ?? options[0]!)
    } else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      setTyping(null)
    }
  }

  return (
    <Box position="relative" w="full">
      <Textarea
        ref={ref}
        value={value}
        autoresize
        minH="5.5rem"
        maxH="20rem"
        dir="auto"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          onValueChange(event.target.value)
          follow(event.target.value, event.target.selectionStart)
        }}
        onBlur={() => setTyping(null)}
        {...props}
        onKeyDown={onKeyDown}
      />
      {open ? (
        <Stack
          as="ul"
          id={listId}
          role="listbox"
          aria-label="Members to mention"
          position="absolute"
          insetInlineStart="0"
          top="100%"
          mt="1"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="l2"
          boxShadow="md"
          py="1"
          gap="0"
          minW="16rem"
          maxW="100%"
        >
          {options.map((author, i) => (
            <Box
              as="li"
              key={author.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              display="flex"
              gap="2"
              alignItems="center"
              px="3"
              py="1.5"
              cursor="pointer"
              bg={i === active ? 'bg.muted' : undefined}
              // Chosen before the text area loses focus, so the list is still there.
              onMouseDown={(event) => {
                event.preventDefault()
                choose(author)
              }}
            >
              <Initials author={author} size="6" />
              <Text fontSize="sm" truncate>
                <bdi>{author.name}</bdi>{' '}
                <Text as="span" color="fg.muted">
                  @{author.handle}
                </Text>
              </Text>
            </Box>
          ))}
        </Stack>
      ) : null}
    </Box>
  )
}
