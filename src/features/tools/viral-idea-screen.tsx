import {
  Badge,
  Box,
  Button,
  Code,
  DataList,
  Flex,
  HStack,
  List,
  Stack,
  Text,
} from '@chakra-ui/react'
import { getRouteApi, Link } from '@tanstack/react-router'

import type { ViralFile, ViralIdea } from '@schemas/tool-content'
import { toolsContent } from '@/api/tools'
import { AreaGate } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { Card, PageHeader } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { useQuery } from '@/lib/use-deferred-query'

import { capitalise, ContentQuery } from './tool-parts'

const route = getRouteApi('/admin/sheet/viralpage')

const SHEET = 'Viral post ideas'

/** One viral post idea: its hook formula, why it works, how to make it and a worked example. */
export function ViralIdeaScreen() {
  return (
    <AreaGate area="quickCash">
      <IdeaPage />
    </AreaGate>
  )
}

function Header({ title }: { title: string }) {
  return (
    <PageHeader
      title={title}
      crumbs={[
        { label: 'Home', to: '/admin/dashboard' },
        { label: SHEET, to: '/admin/sheet/viral' },
        { label: title },
      ]}
    />
  )
}

function IdeaPage() {
  const { id } = route.useSearch()
  const query = useQuery(toolsContent.viral)
  const loaded = query.data?.data.ideas
  // Opened bare (from the menu's address alone), the page shows the first idea.
  const idea = id ? loaded?.find((i) => i.slug === id) : loaded?.[0]
  return (
    <>
      <Header title={idea?.title ?? (loaded ? 'Idea not found' : 'Viral post idea')} />
      <ContentQuery
        query={query}
        loading="Loading the idea"
        errorTitle="The idea could not be loaded"
        isEmpty={() => !idea}
        empty={{
          title: 'Idea not found',
          description:
            'There is no viral post idea at this address. It may have been renamed; pick one from the list.',
          action: (
            <Button asChild colorPalette="primary">
              <Link to="/admin/sheet/viral">Back to the viral post ideas</Link>
            </Button>
          ),
        }}
      >
        {(answer) => (idea ? <Idea idea={idea} file={answer.data} /> : null)}
      </ContentQuery>
    </>
  )
}

function Idea({ idea, file }: { idea: ViralIdea; file: ViralFile }) {
  const index = file.ideas.indexOf(idea)
  const previous = file.ideas[index - 1]
  const next = file.ideas[index + 1]
  return (
    <Stack gap="5" maxW="4xl">
      <HStack gap="2" wrap="wrap">
        <Badge variant="outline">{capitalise(idea.format)}</Badge>
        {idea.bestFor.map((goal) => (
          <Badge key={goal} variant="subtle" colorPalette="green">
            {capitalise(goal)}
          </Badge>
        ))}
      </HStack>

      <Card title="Hook formula">
        <Stack gap="3" align="flex-start">
          <Code
            as="p"
            display="block"
            w="full"
            p="3"
            fontSize="md"
            whiteSpace="pre-wrap"
            overflowWrap="anywhere"
            borderRadius="l2"
          >
            {idea.hook}
          </Code>
          <Text fontSize="sm" color="fg.muted">
            Fill in the blanks in square brackets with your own topic.
          </Text>
          <Button size="sm" variant="outline" onClick={() => void copyText(idea.hook, 'Hook')}>
            Copy hook
          </Button>
        </Stack>
      </Card>

      <Card title="Why it works">
        <Text>{idea.whyItWorks}</Text>
      </Card>

      <Card title="Steps">
        <List.Root as="ol" gap="2" ps="5">
          {idea.steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
      </Card>

      <Card title="Worked example">
        <DataList.Root orientation="vertical" gap="3">
          <DataList.Item>
            <DataList.ItemLabel>Niche</DataList.ItemLabel>
            <DataList.ItemValue>{capitalise(idea.example.niche)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Filled hook</DataList.ItemLabel>
            <DataList.ItemValue fontWeight="medium">{idea.example.hook}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Outline</DataList.ItemLabel>
            <DataList.ItemValue>{idea.example.outline}</DataList.ItemValue>
          </DataList.Item>
        </DataList.Root>
      </Card>

      <Card title="Mistakes to avoid">
        <List.Root gap="2" ps="5">
          {idea.mistakes.map((mistake) => (
            <List.Item key={mistake}>{mistake}</List.Item>
          ))}
        </List.Root>
      </Card>

      <Card title="Best for">
        <Text>{idea.bestFor.map(capitalise).join(', ')}</Text>
      </Card>

      <Box as="nav" aria-label="Other ideas">
        <Flex gap="3" justify="space-between" wrap="wrap">
          {previous ? (
            <NeighbourLink idea={previous} direction="previous" />
          ) : (
            <Box aria-hidden="true" />
          )}
          {next ? <NeighbourLink idea={next} direction="next" /> : null}
        </Flex>
      </Box>
    </Stack>
  )
}

function NeighbourLink({ idea, direction }: { idea: ViralIdea; direction: 'previous' | 'next' }) {
  const isNext = direction === 'next'
  return (
    <Button
      asChild
      variant="outline"
      h="auto"
      minH="12"
      py="2"
      maxW={{ base: 'full', sm: '50%' }}
      whiteSpace="normal"
      ms={isNext ? 'auto' : undefined}
    >
      <Link to="/admin/sheet/viralpage" search={{ id: idea.slug }}>
        {isNext ? null : <AppIcon name="chevronLeft" size="18px" />}
        <Stack
          gap="0"
          align={isNext ? 'flex-end' : 'flex-start'}
          textAlign={isNext ? 'end' : 'start'}
        >
          <Text as="span" fontSize="xs" color="fg.muted">
            {isNext ? 'Next idea' : 'Previous idea'}
          </Text>
          <Text as="span">{idea.title}</Text>
        </Stack>
        {isNext ? <AppIcon name="chevronRight" size="18px" /> : null}
      </Link>
    </Button>
  )
}
