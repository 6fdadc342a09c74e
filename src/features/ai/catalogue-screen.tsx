import { Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { SCRIPT_TOOLS } from '@schemas/ai'
import { Screen } from '@/components/screen'
import { Card } from '@/components/ui'
import { linkTo, type AppPath } from '@/lib/named-pages'

import { ModelLine, UsageMeter, useAiStatus } from './ai-parts'

function ToolCard({ purpose, link }: { purpose: string; link: ReactNode }) {
  return (
    <LinkBox as="li" listStyleType="none" h="full">
      <Card h="full" _hover={{ boxShadow: 'md' }}>
        <Stack gap="1">
          <Heading as="h3" size="md">
            <LinkOverlay asChild>{link}</LinkOverlay>
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {purpose}
          </Text>
        </Stack>
      </Card>
    </LinkBox>
  )
}

/** A group of tools, each a card whose title is the link `link` makes for it. */
function ToolSection<T extends { title: string; purpose: string }>({
  title,
  columns,
  tools,
  link,
}: {
  title: string
  columns: number
  tools: readonly T[]
  link: (tool: T) => ReactNode
}) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: columns }} gap="4" aria-label={title}>
        {tools.map((tool) => (
          <ToolCard key={tool.title} purpose={tool.purpose} link={link(tool)} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}

const OTHERS: { title: string; purpose: string; path: AppPath }[] = [
  {
    title: 'Free-form writer',
    purpose: 'Any copy you describe: emails, posts, pages, ideas.',
    path: '/admin/generator',
  },
  {
    title: 'Translator',
    purpose: 'A message or caption into one of 30 languages, line breaks kept.',
    path: '/admin/translator',
  },
  {
    title: 'Page translator',
    purpose: 'A whole page or email sequence, part by part, up to 30,000 characters.',
    path: '/admin/translatorpage',
  },
  {
    title: 'Course chatbot',
    purpose: 'Questions about the course, answered from its lessons with links.',
    path: '/admin/chatbot',
  },
]

/** Every AI tool with what it writes, the model in use and the member's allowance. */
export function CatalogueScreen() {
  const status = useAiStatus()
  return (
    <Screen title="AI tools" area="aiTools">
      <Stack gap="8">
        <Card>
          <Stack gap="4">
            <ModelLine status={status.data?.data} />
            <UsageMeter status={status.data?.data} />
          </Stack>
        </Card>
        <ToolSection
          title="Script writers"
          columns={3}
          tools={SCRIPT_TOOLS}
          link={(tool) => (
            <Link to="/admin/aiscript/$tool" params={{ tool: tool.key }}>
              {tool.title}
            </Link>
          )}
        />
        <ToolSection
          title="Writer, translators and chatbot"
          columns={4}
          tools={OTHERS}
          link={(tool) => <Link {...linkTo(tool.path)}>{tool.title}</Link>}
        />
      </Stack>
    </Screen>
  )
}
