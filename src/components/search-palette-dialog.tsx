import {
  Box,
  CloseButton,
  Dialog,
  Flex,
  Input,
  Kbd,
  Portal,
  Spinner,
  Stack,
  Text,
  type SystemStyleObject,
} from '@chakra-ui/react'
import { keepPreviousData } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import {
  useDeferredValue,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react'

import type { SearchHit } from '@schemas/courses'
import { coursesApi } from '@/api/courses'
import { useDebounced } from '@/lib/use-debounced'
import { useQuery } from '@/lib/use-deferred-query'

import { AppIcon } from './layout/icons'
import { visibleNavGroups } from './layout/nav-items'

interface Option {
  key: string
  group: 'Screens' | 'Lessons' | 'Found in the text'
  path: string
  title: string
  context: string
  locked: boolean
  snippet?: Pick<SearchHit, 'snippet' | 'marks'>
}

/** The results' look, written once for every row (see the list below). */
const LIST_STYLES: SystemStyleObject = {
  '& [role=group]': { mb: '2' },
  '& .palette-group': {
    px: '3',
    py: '1',
    fontSize: 'xs',
    fontWeight: 'bold',
    textTransform: 'uppercase',
    letterSpacing: 'wider',
    color: 'fg.muted',
  },
  '& [role=option]': { px: '3', py: '2', borderRadius: 'l2', cursor: 'pointer' },
  '& [role=option][aria-selected=true]': { bg: 'primary.subtle' },
  '& .palette-line': {
    display: 'flex',
    gap: '2',
    alignItems: 'baseline',
    justifyContent: 'space-between',
  },
  // Titles and snippets are in the content's own language: each line is ordered by its own
  // text, so an English title keeps its words in order in a right-to-left page.
  '& .palette-title, & .palette-snippet': { unicodeBidi: 'plaintext' },
  '& .palette-title': {
    fontWeight: 'medium',
    minW: '0',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .palette-context': {
    display: 'flex',
    gap: '1',
    alignItems: 'center',
    flexShrink: 0,
    color: 'fg.muted',
    fontSize: 'xs',
  },
  '& .palette-where': { hideBelow: 'sm' },
  '& .palette-snippet': {
    fontSize: 'sm',
    color: 'fg.muted',
    lineClamp: 2,
  },
  '& mark': { bg: 'yellow.subtle', color: 'inherit', borderRadius: 'xs', px: '0.5' },
}

const MAX_SCREENS = 8
const MAX_LESSONS = 8

/** The matched ranges of a snippet as <mark>, built as elements (never as HTML). */
function Marked({ snippet, marks }: Pick<SearchHit, 'snippet' | 'marks'>) {
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of marks) {
    if (start < at) continue
    if (start > at) parts.push(snippet.slice(at, start))
    parts.push(<mark key={start}>{snippet.slice(start, end)}</mark>)
    at = end
  }
  parts.push(snippet.slice(at))
  return <>{parts}</>
}

/** The palette itself: one search field, results in groups, moved through with the keyboard. */
export default function SearchPaletteDialog({
  open,
  onClose,
}: {
  open: boolean
  onClose: () => void
}) {
  const router = useRouter()
  const inputRef = useRef<HTMLInputElement>(null)
  const listId = useId()
  const [text, setText] = useState('')
  const [active, setActive] = useState(0)
  const needle = text.trim().toLowerCase()
  // The results are drawn in a render of their own, after the dialog and its field have been
  // painted: opening shows the palette at once, and its fifty rows follow a frame later.
  const listed = useDeferredValue(open, false)
  const q = useDebounced(text.trim(), 200)
  const courses = useQuery({ ...coursesApi.list.queryOptions(), enabled: open })
  const search = useQuery({
    ...coursesApi.search.queryOptions({ query: { q } }),
    enabled: open && q.length >= 2,
    placeholderData: keepPreviousData,
  })

  const screens: Option[] = (listed ? visibleNavGroups() : [])
    .flatMap((group) =>
      group.items.map((item) => ({
        key: `screen:${item.path}`,
        group: 'Screens' as const,
        path: item.path,
        title: item.label,
        context: group.label,
        locked: false,
      })),
    )
    .filter((o) => !needle || o.title.toLowerCase().includes(needle))
    .slice(0, needle ? MAX_SCREENS : undefined)
  const lessons: Option[] = needle
    ? (courses.data?.data.courses ?? [])
        .flatMap((course) =>
          course.lessons.map((lesson) => ({
            key: `lesson:${lesson.path}`,
            group: 'Lessons' as const,
            path: lesson.path,
            title: lesson.title,
            context: course.title,
            locked: lesson.locked,
          })),
        )
        .filter((o) => o.title.toLowerCase().includes(needle))
        .slice(0, MAX_LESSONS)
    : []
  const shownLessons = new Set(lessons.map((o) => o.path))
  const hits: Option[] =
    q.length >= 2 && needle.length >= 2
      ? (search.data?.data ?? [])
          // A hit in a lesson's text opens it at a heading (`path#part`).
          .filter((hit) => !shownLessons.has(hit.path.split('#')[0]!))
          .map((hit) => ({
            key: `hit:${hit.path}`,
            group: 'Found in the text' as const,
            path: hit.path,
            title: hit.title,
            context: hit.context,
            locked: hit.locked,
            snippet: hit,
          }))
      : []
  const options = [...screens, ...lessons, ...hits]
  const current = Math.min(active, Math.max(0, options.length - 1))
  const optionId = (i: number) => `${listId}-option-${i}`

  useEffect(() => {
    document.getElementById(optionId(current))?.scrollIntoView?.({ block: 'nearest' })
    // optionId only depends on listId, which never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  const go = (option: Option | undefined) => {
    if (!option) return
    onClose()
    setText('')
    void router.navigate({ href: option.path })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1
    const moves: Record<string, number> = {
      ArrowDown: current >= last ? 0 : current + 1,
      ArrowUp: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    }
    if (event.key in moves && options.length > 0) {
      event.preventDefault()
      setActive(moves[event.key]!)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      go(options[current])
    }
  }

  const searching = q.length >= 2 && search.isFetching
  let index = -1
  const groups = (['Screens', 'Lessons', 'Found in the text'] as const).map((group) => ({
    group,
    items: options.filter((o) => o.group === group),
  }))

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      placement="top"
      size={{ base: 'full', md: 'lg' }}
      initialFocusEl={() => inputRef.current}
      // Locking the page's scroll sets a variable on <html>, which restyles every element of
      // the page behind: a phone's longest moment of opening the palette. The palette covers a
      // phone's screen, and on a desk the page behind may scroll.
      preventScroll={false}
      // Not modal in Zag's sense either, which sets `pointer-events: none` on <body> (inherited:
      // the whole page behind is restyled, on opening and again on closing) and `aria-hidden` on
      // all the rest. The backdrop already takes every press outside the palette (and closes it),
      // the focus is kept inside, and the content says `aria-modal` to assistive technology.
      modal={false}
      trapFocus
      closeOnInteractOutside
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content bg="bg.panel" maxH={{ md: '80dvh' }} overflow="hidden" aria-modal>
            <Dialog.Title srOnly>Search</Dialog.Title>
            <Flex align="center" gap="2" px="4" py="3" borderBottomWidth="1px" borderColor="border">
              <AppIcon name="search" color="fg.muted" />
              <Input
                ref={inputRef}
                autoFocus
                variant="flushed"
                borderBottomWidth="0"
                role="combobox"
                aria-label="Search screens, lessons, notes and the community"
                aria-expanded={options.length > 0}
                aria-controls={listId}
                aria-autocomplete="list"
                aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
                placeholder="Search screens, lessons, notes and the community"
                value={text}
                maxLength={200}
                onChange={(event) => {
                  setText(event.target.value)
                  setActive(0)
                }}
                onKeyDown={onKeyDown}
              />
              {searching ? <Spinner size="sm" aria-hidden /> : null}
              <Dialog.CloseTrigger asChild position="static">
                <CloseButton size="sm" aria-label="Close search" />
              </Dialog.CloseTrigger>
            </Flex>
            {/* Focusable, so the results also scroll from the keyboard. */}
            <Box overflowY="auto" flex="1" px="2" py="2" tabIndex={0}>
              {/* The rows are plain elements styled once here: a list of fifty screens drawn
                  as styled components kept a phone busy for a second on every opening. */}
              <Box id={listId} role="listbox" aria-label="Results" css={LIST_STYLES}>
                {groups.map(({ group, items }) =>
                  items.length === 0 ? null : (
                    <div key={group} role="group" aria-label={group}>
                      <div aria-hidden className="palette-group">
                        {group}
                      </div>
                      {items.map((option) => {
                        index++
                        const i = index
                        return (
                          <div
                            key={option.key}
                            id={optionId(i)}
                            role="option"
                            aria-selected={i === current}
                            onMouseMove={() => setActive(i)}
                            onClick={() => go(option)}
                          >
                            <div className="palette-line">
                              <span className="palette-title">{option.title}</span>
                              <span className="palette-context">
                                {option.locked ? (
                                  <>
                                    <AppIcon name="lock" size="14px" />
                                    <span>Locked</span>
                                  </>
                                ) : null}
                                <span className="palette-where">{option.context}</span>
                              </span>
                            </div>
                            {option.snippet && option.snippet.snippet ? (
                              <div className="palette-snippet">
                                <Marked {...option.snippet} />
                              </div>
                            ) : null}
                          </div>
                        )
                      })}
                    </div>
                  ),
                )}
              </Box>
              {listed && options.length === 0 && !searching ? (
                <Text px="3" py="6" textAlign="center" color="fg.muted">
                  No results for “{text.trim()}”
                </Text>
              ) : null}
              {search.isError && q.length >= 2 ? (
                <Text px="3" py="2" color="fg.error" role="alert">
                  {search.error.message}
                </Text>
              ) : null}
              <Text srOnly aria-live="polite">
                {listed ? (options.length === 1 ? '1 result' : `${options.length} results`) : ''}
              </Text>
            </Box>
            <Stack
              direction="row"
              gap="4"
              px="4"
              py="2"
              borderTopWidth="1px"
              borderColor="border"
              fontSize="xs"
              color="fg.muted"
              hideBelow="md"
              aria-hidden
            >
              <Text>
                <Kbd>↑</Kbd> <Kbd>↓</Kbd> to move
              </Text>
              <Text>
                <Kbd>Enter</Kbd> to open
              </Text>
              <Text>
                <Kbd>Esc</Kbd> to close
              </Text>
            </Stack>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
