import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useId } from 'react'

import type { BioTemplateWire } from '@schemas/instagram'
import type { Niche } from '@schemas/niches'
import { bioTemplatesApi } from '@/api/instagram'
import { SelectField } from '@/components/select-field'
import { PanelQuery } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import { isNiche, NICHE_NAMES, NICHE_OPTIONS } from './bio-text'

/** The templates query: the same for every member and unchanging, so it is never asked again. */
export const templatesQuery = () => ({
  ...bioTemplatesApi.templates.queryOptions(),
  staleTime: Infinity,
})

/** The bio templates of one niche at a time; "Use this template" hands one to the editor. */
export function TemplatePicker({
  niche,
  onNicheChange,
  onUse,
}: {
  niche: Niche
  onNicheChange: (niche: Niche) => void
  onUse: (template: BioTemplateWire) => void
}) {
  const templates = useQuery(templatesQuery())
  const shown = templates.data?.data.filter((template) => template.niche === niche) ?? []
  return (
    <Stack gap="4">
      <SelectField
        label="Templates for"
        name="templateNiche"
        value={niche}
        onValueChange={(value) => {
          if (isNiche(value)) onNicheChange(value)
        }}
        options={NICHE_OPTIONS}
        maxW={{ sm: 'xs' }}
      />
      <PanelQuery query={templates} loading="Loading the templates">
        {() => (
          <SimpleGrid
            as="ul"
            listStyleType="none"
            columns={{ base: 1, md: 2, xl: 3 }}
            gap="3"
            aria-label={`${NICHE_NAMES[niche]} bio templates`}
          >
            {shown.map((template, index) => (
              <TemplateCard
                key={`${template.niche}-${index}`}
                template={template}
                onUse={() => onUse(template)}
              />
            ))}
          </SimpleGrid>
        )}
      </PanelQuery>
    </Stack>
  )
}

function TemplateCard({ template, onUse }: { template: BioTemplateWire; onUse: () => void }) {
  const nameId = useId()
  return (
    <Box
      as="li"
      aria-labelledby={nameId}
      display="flex"
      flexDirection="column"
      gap="2"
      p="3"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      minW="0"
    >
      <Text id={nameId} fontWeight="semibold">
        {template.name}
      </Text>
      <Text fontSize="sm" whiteSpace="pre-line" overflowWrap="anywhere">
        {template.bio}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {template.why}
      </Text>
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        mt="auto"
        aria-describedby={nameId}
        onClick={onUse}
      >
        Use this template
      </Button>
    </Box>
  )
}
