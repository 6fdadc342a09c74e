import {
  Badge,
  Box,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useMemo } from 'react'

import type { ViralFile, ViralIdea } from '@schemas/tool-content'
import { toolsContent } from '@/api/tools'
import { useWide } from '@/components/layout/use-wide'
import {
  DataTable,
  FilterSelect,
  NoMatches,
  SearchBox,
  useListSearch,
  useListView,
  type Column,
} from '@/components/list-kit'
import { useQuery } from '@/lib/use-deferred-query'

import { capitalise, ContentQuery, distinct, ToolScreen } from './tool-parts'

const route = getRouteApi('/admin/sheet/viral')

/** The viral post ideas as a sheet: filter by format and by what an idea is best for, or search. */
export function ViralSheetScreen() {
  return (
    <ToolScreen title="Viral post ideas">
      <Ideas />
    </ToolScreen>
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
  const { format = '', bestFor = '' } = route.useSearch()
  const wide = useWide()
  // The filters are kept in the address, so going back from an idea restores them; the search
  // text filters as it is typed and reaches the address once typing pauses.
  const view = useListView()
  const search = useListSearch(view, 'q')
  const text = search.text
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
          onChange={(value) => view.filter({ format: value })}
        />
        <FilterSelect
          label="Best for"
          allLabel="Any goal"
          value={bestFor}
          options={goals.map((g) => ({ value: g, label: capitalise(g) }))}
          onChange={(value) => view.filter({ bestFor: value })}
        />
        <SearchBox
          label="Search"
          size="sm"
          placeholder="Hook, topic or word"
          value={text}
          onChange={search.setText}
          width={{ base: 'full', sm: 'auto' }}
          flex={{ sm: '1' }}
          maxW={{ sm: 'xs' }}
        />
        <Text fontSize="sm" color="fg.muted" role="status" pb="1.5">
          {shown.length} of {file.ideas.length} ideas
        </Text>
      </Flex>
      {shown.length === 0 ? (
        <NoMatches
          title="No idea matches these filters"
          description="Choose another format or goal, or search for another word."
          size="sm"
          onClear={() => search.clear({ format: undefined, bestFor: undefined })}
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

const ideaColumns: Column<ViralIdea>[] = [
  {
    key: 'title',
    header: 'Title',
    cell: (idea) => <IdeaLink idea={idea} />,
    headerProps: { minW: '48' },
  },
  {
    key: 'format',
    header: 'Format',
    cell: (idea) => <Badge variant="outline">{capitalise(idea.format)}</Badge>,
    cellProps: { whiteSpace: 'nowrap' },
  },
  { key: 'hook', header: 'Hook formula', cell: (idea) => idea.hook, headerProps: { minW: '64' } },
  { key: 'bestFor', header: 'Best for', cell: (idea) => <Goals idea={idea} /> },
]

function IdeaTable({ ideas }: { ideas: ViralIdea[] }) {
  return (
    <DataTable
      label="Viral post ideas"
      columns={ideaColumns}
      rows={ideas}
      rowKey={(idea) => idea.slug}
      cellProps={{ verticalAlign: 'top' }}
    />
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
