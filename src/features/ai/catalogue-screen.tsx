import { Heading, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { SCRIPT_TOOLS } from '@schemas/ai'
import { AreaGate } from '@/components/area-gate'
import { Card, PageHeader } from '@/components/ui'
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

function ToolSection({
  title,
  columns,
  children,
}: {
  title: string
  columns: number
  children: ReactNode
}) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: columns }} gap="4" aria-label={title}>
        {children}
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
    <>
      <PageHeader
        title="AI tools"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'AI tools' }]}
      />
      <AreaGate area="aiTools">
        <Stack gap="8">
          <Card>
            <Stack gap="4">
              <ModelLine status={status.data?.data} />
              <UsageMeter status={status.data?.data} />
            </Stack>
          </Card>
          <ToolSection title="Script writers" columns={3}>
            {SCRIPT_TOOLS.map((tool) => (
              <ToolCard
                key={tool.key}
                purpose={tool.purpose}
                link={
                  <Link to="/admin/aiscript/$tool" params={{ tool: tool.key }}>
                    {tool.title}
                  </Link>
                }
              />
            ))}
          </ToolSection>
          <ToolSection title="Writer, translators and chatbot" columns={4}>
            {OTHERS.map((tool) => (
              <ToolCard
                key={tool.path}
                purpose={tool.purpose}
                link={<Link {...linkTo(tool.path)}>{tool.title}</Link>}
              />
            ))}
          </ToolSection>
        </Stack>
      </AreaGate>
    </>
  )
}
