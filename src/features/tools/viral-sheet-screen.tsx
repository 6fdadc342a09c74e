import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useRouterState } from '@tanstack/react-router'
import { useMemo, useState } from 'react'

import type { ViralFile, ViralIdea } from '@schemas/tool-content'
import { toolsContent } from '@/api/tools'
import { AreaGate } from '@/components/area-gate'
import { useWide } from '@/components/layout/use-wide'
import { TableScroll } from '@/components/table-parts'
import { EmptyState, PageHeader } from '@/components/ui'

import { capitalise, ContentQuery, distinct, FilterSelect } from './tool-parts'

const route = getRouteApi('/admin/sheet/viral')

/** The viral post ideas as a sheet: filter by format and by what an idea is best for, or search. */
export function ViralSheetScreen() {
  return (
    <>
      <PageHeader
        title="Viral post ideas"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Viral post ideas' }]}
      />
      <AreaGate area="quickCash">
        <Ideas />
      </AreaGate>
    </>
  )
}

function Ideas() {
  const query = useQuery(toolsContent.viral)
  return (
    <ContentQuery
      query={query}
      loading="Loading the viral post ideas"
      errorTitle="The viral post ideas could not be loaded"
      isEmpty={(answer) => answer.data.ideas.length === 0}
      empty={{
        title: 'No viral post ideas yet',
        description: 'The ideas appear here as soon as they are published.',
      }}
    >
      {(answer) => <IdeaSheet file={answer.data} />}
    </ContentQuery>
  )
}

const searchable = (idea: ViralIdea) =>
  [idea.title, idea.hook, idea.whyItWorks, idea.format, idea.example.hook, ...idea.bestFor]
    .join('\n')
    .toLowerCase()

function IdeaSheet({ file }: { file: ViralFile }) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const wide = useWide()
  // The filters are kept in the address, so going back from an idea restores them; the search
  // text is typed here first, so no keystroke waits for the address to change.
  const format = search.format ?? ''
  const bestFor = search.bestFor ?? ''
  const [text, setText] = useState(search.q ?? '')
  // Typing replaces the address; a move in the history (the sidebar's link, back, forward)
  // brings the address's own search text back into the box.
  // (Both read from the router's location, which is ahead of the screen's own search.)
  const entry = useRouterState({ select: (state) => state.location.state.__TSR_index })
  const addressText = useRouterState({
    select: (state) => (state.location.search as { q?: string }).q ?? '',
  })
  const [shownEntry, setShownEntry] = useState(entry)
  if (entry !== shownEntry) {
    setShownEntry(entry)
    setText(addressText)
  }
  const texts = useMemo(() => new Map(file.ideas.map((i) => [i, searchable(i)])), [file.ideas])

  const formats = useMemo(() => distinct(file.ideas.map((i) => i.format)), [file.ideas])
  const goals = useMemo(() => distinct(file.ideas.flatMap((i) => i.bestFor)).sort(), [file.ideas])
  const shown = useMemo(() => {
    const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean)
    return file.ideas.filter(
      (idea) =>
        (!format || idea.format === format) &&
        (!bestFor || idea.bestFor.includes(bestFor)) &&
        words.every((word) => texts.get(idea)!.includes(word)),
    )
  }, [file.ideas, texts, format, bestFor, text])

  const update = (next: { format?: string; bestFor?: string; q?: string }) =>
    void navigate({
      search: (old) => {
        const merged = { ...old, ...next }
        return {
          format: merged.format || undefined,
          bestFor: merged.bestFor || undefined,
          q: merged.q || undefined,
        }
      },
      replace: true,
      resetScroll: false,
    })
  const clear = () => {
    setText('')
    update({ format: '', bestFor: '', q: '' })
  }

  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        {file.intro}
      </Text>
      <Flex
        as="form"
        role="search"
        aria-label="Filter the ideas"
        gap="3"
        wrap="wrap"
        align="flex-end"
        onSubmit={(event) => event.preventDefault()}
      >
        <FilterSelect
          label="Format"
          allLabel="All formats"
          value={format}
          options={formats.map((f) => ({ value: f, label: capitalise(f) }))}
          onChange={(value) => update({ format: value })}
        />
        <FilterSelect
          label="Best for"
          allLabel="Any goal"
          value={bestFor}
          options={goals.map((g) => ({ value: g, label: capitalise(g) }))}
          onChange={(value) => update({ bestFor: value })}
        />
        <Field.Root width={{ base: 'full', sm: 'auto' }} flex={{ sm: '1' }} maxW={{ sm: 'xs' }}>
          <Field.Label fontSize="sm">Search</Field.Label>
          <Input
            size="sm"
            type="search"
            placeholder="Hook, topic or word"
            value={text}
            onChange={(event) => {
              setText(event.target.value)
              update({ q: event.target.value })
            }}
          />
        </Field.Root>
        <Text fontSize="sm" color="fg.muted" role="status" pb="1.5">
          {shown.length} of {file.ideas.length} ideas
        </Text>
      </Flex>
      {shown.length === 0 ? (
        <EmptyState
          title="No idea matches these filters"
          description="Choose another format or goal, or search for another word."
          action={
            <Button size="sm" variant="outline" onClick={clear}>
              Clear filters
            </Button>
          }
        />
      ) : wide ? (
        <IdeaTable ideas={shown} />
      ) : (
        <IdeaCards ideas={shown} />
      )}
    </Stack>
  )
}

function IdeaLink({ idea }: { idea: ViralIdea }) {
  return (
    <ChakraLink asChild color="primary.fg" fontWeight="medium">
      <Link to="/admin/sheet/viralpage" search={{ id: idea.slug }}>
        {idea.title}
      </Link>
    </ChakraLink>
  )
}

function Goals({ idea }: { idea: ViralIdea }) {
  return (
    <HStack gap="1" wrap="wrap">
      {idea.bestFor.map((goal) => (
        <Badge key={goal} variant="subtle" colorPalette="green">
          {capitalise(goal)}
        </Badge>
      ))}
    </HStack>
  )
}

function IdeaTable({ ideas }: { ideas: ViralIdea[] }) {
  return (
    <TableScroll label="Viral post ideas" borderWidth="1px" borderRadius="l2" bg="bg.panel">
      <Table.Root size="sm" aria-label="Viral post ideas">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader minW="48">Title</Table.ColumnHeader>
            <Table.ColumnHeader>Format</Table.ColumnHeader>
            <Table.ColumnHeader minW="64">Hook formula</Table.ColumnHeader>
            <Table.ColumnHeader>Best for</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {ideas.map((idea) => (
            <Table.Row key={idea.slug}>
              <Table.Cell verticalAlign="top">
                <IdeaLink idea={idea} />
              </Table.Cell>
              <Table.Cell verticalAlign="top" whiteSpace="nowrap">
                <Badge variant="outline">{capitalise(idea.format)}</Badge>
              </Table.Cell>
              <Table.Cell verticalAlign="top">{idea.hook}</Table.Cell>
              <Table.Cell verticalAlign="top">
                <Goals idea={idea} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  )
}

function IdeaCards({ ideas }: { ideas: ViralIdea[] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Viral post ideas">
      {ideas.map((idea) => (
        <Box
          as="li"
          key={idea.slug}
          borderWidth="1px"
          borderRadius="l2"
          p="3"
          bg="bg.panel"
          minW="0"
        >
          <Stack gap="2">
            <Heading as="h2" size="sm">
              <IdeaLink idea={idea} />
            </Heading>
            <HStack gap="1" wrap="wrap">
              <Badge variant="outline">{capitalise(idea.format)}</Badge>
            </HStack>
            <Text fontSize="sm" overflowWrap="anywhere">
              {idea.hook}
            </Text>
            <Goals idea={idea} />
          </Stack>
        </Box>
      ))}
    </Stack>
  )
}
