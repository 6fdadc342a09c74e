import {
  Box,
  chakra,
  CloseButton,
  Flex,
  Input,
  Kbd,
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
  useLayoutEffect,
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

/**
 * The browser's own modal dialog: shown in the top layer by showModal(), which makes the page
 * behind inert (out of reach of the pointer, the keyboard and assistive technology), moves the
 * focus into it and gives it back on closing; Escape and a phone's back gesture ask it to close.
 * A phone sees it over the whole screen, a desk a panel at the top. Styled once, like the rows.
 */
const PaletteDialog = chakra('dialog', {
  base: {
    p: '0',
    m: '0',
    border: 'none',
    bg: 'bg.panel',
    color: 'fg',
    width: '100%',
    maxW: 'none',
    height: '100dvh',
    maxH: 'none',
    overflow: 'hidden',
    '&[open]': { display: 'flex', flexDirection: 'column' },
    _backdrop: { bg: 'blackAlpha.500' },
    md: {
      width: 'lg',
      maxW: 'calc(100% - 2rem)',
      height: 'auto',
      maxH: '80dvh',
      mt: '16',
      mx: 'auto',
      borderRadius: 'l3',
      boxShadow: 'lg',
    },
  },
})

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
  const dialogRef = useRef<HTMLDialogElement>(null)
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

  // Shown and closed by the browser, in the commit that opens or closes it (before its paint).
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (!dialog || open === dialog.open) return
    if (open) {
      // Its first field takes the focus as it opens.
      if (dialog.showModal) dialog.showModal()
      else {
        dialog.setAttribute('open', '')
        inputRef.current?.focus()
      }
    } else if (dialog.close) dialog.close()
    else dialog.removeAttribute('open')
  }, [open])

  /** Tab and Shift Tab go round the palette's own controls. */
  const keepFocusIn = (event: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = dialogRef.current
    if (event.key !== 'Tab' || !dialog) return
    const controls = [
      ...dialog.querySelectorAll<HTMLElement>('input, button, [tabindex="0"]'),
    ].filter((control) => !control.hasAttribute('disabled'))
    const [first, last] = [controls[0], controls.at(-1)]
    const edge = event.shiftKey ? first : last
    if (!edge || (document.activeElement !== edge && dialog.contains(document.activeElement)))
      return
    event.preventDefault()
    ;(event.shiftKey ? last : first)?.focus()
  }

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
    <PaletteDialog
      ref={dialogRef}
      // The element's own role, spelt out for the harnesses that find a dialog by it.
      role="dialog"
      aria-modal="true"
      aria-label="Search"
      // Escape and a phone's back gesture: closed through the app, so it knows.
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onClose()
        } else keepFocusIn(event)
      }}
      // A press on the dimmed page around the panel lands on the dialog itself: it closes it
      // and reaches nothing below (the page is inert).
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <Flex align="center" gap="2" px="4" py="3" borderBottomWidth="1px" borderColor="border">
        <AppIcon name="search" color="fg.muted" />
        <Input
          ref={inputRef}
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
        <CloseButton size="sm" aria-label="Close search" onClick={onClose} />
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
    </PaletteDialog>
  )
}
