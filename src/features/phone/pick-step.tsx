import { Box, Heading, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'

import type { LibraryRow, Niche } from '@schemas/niches'
import { nicheLibraryApi } from '@/api/niches'
import { FilterSelect } from '@/components/list-kit'
import { guardQuery } from '@/components/query-guard'
import { ConfirmDialog, PanelSkeleton } from '@/components/ui'
import { linkTo } from '@/lib/named-pages'

import { AngleSummary, ChoiceCard } from './angle-card'
import { blankDraft, usePhoneDraft, type PhoneDraft } from './draft'
import { phoneStep } from './phone-flow'
import { PHONE_NICHES } from './phone-niches'

/** Step 1 of a niche's phone flow: a library row to start from, or a blank post. */
export const PhonePickScreen = phoneStep(1, PickAngle)

/** A post started from a library row: its angle, and its texts as a first version. */
const draftFrom = (row: LibraryRow): PhoneDraft => ({
  angle: {
    subNiche: row.subNiche,
    audience: row.audience,
    pain: row.pain,
    offerCategory: row.offerCategory,
  },
  hook: row.hook,
  postIdea: row.postIdea,
  postFormat: row.postFormat,
  cta: row.cta,
  hashtags: row.hashtags,
})

/** The rows by sub-niche, in the library's order. */
function groupBySubNiche(rows: LibraryRow[]) {
  const groups = new Map<string, LibraryRow[]>()
  for (const row of rows) {
    const group = groups.get(row.subNiche)
    if (group) group.push(row)
    else groups.set(row.subNiche, [row])
  }
  return [...groups].map(([subNiche, items]) => ({ subNiche, items }))
}

function PickAngle({ niche }: { niche: Niche }) {
  const navigate = useNavigate()
  const steps = PHONE_NICHES[niche].steps
  const [draft, setDraft] = usePhoneDraft(niche)
  const library = nicheLibraryApi.library.useQuery({ params: { niche } })
  const [subNiche, setSubNiche] = useState('')
  const [replacing, setReplacing] = useState<PhoneDraft | null>(null)

  const groups = useMemo(() => groupBySubNiche(library.data?.data.rows ?? []), [library.data])
  const shown = subNiche ? groups.filter((group) => group.subNiche === subNiche) : groups

  const start = (next: PhoneDraft) => {
    setDraft(next)
    void navigate(linkTo(steps[1]))
  }
  // A draft in progress is only replaced when the member says so.
  const choose = (next: PhoneDraft) => (draft ? setReplacing(next) : start(next))

  const shownLibrary = guardQuery(library, {
    loading: <PanelSkeleton label="Loading angles" height="28" rounded="l3" />,
    errorTitle: 'The angles could not be loaded',
  })
  let angles
  if (!shownLibrary.ready) {
    angles = shownLibrary.view
  } else if (groups.length === 0) {
    angles = (
      <Text color="fg.muted">
        This niche's library has no angles yet. Start from a blank post above.
      </Text>
    )
  } else {
    angles = (
      <Stack gap="5">
        <FilterSelect
          label="Sub-niche"
          allLabel={`All sub-niches (${shownLibrary.data.data.rows.length} angles)`}
          size="lg"
          value={subNiche}
          options={groups.map((group) => ({
            value: group.subNiche,
            label: `${group.subNiche} (${group.items.length})`,
          }))}
          onChange={setSubNiche}
          fieldProps={{ bg: 'bg.panel' }}
          width="full"
          minW="0"
        />
        {shown.map((group) => (
          <Box as="section" key={group.subNiche} aria-label={group.subNiche}>
            <Heading as="h3" size="sm" mb="2">
              {group.subNiche}
            </Heading>
            <Stack as="ul" gap="3" listStyleType="none" m="0" p="0">
              {group.items.map((row, index) => (
                <li key={`${row.hook}-${index}`}>
                  <ChoiceCard onClick={() => choose(draftFrom(row))}>
                    <AngleSummary
                      subNiche={row.subNiche}
                      pain={row.pain}
                      hook={row.hook}
                      postFormat={row.postFormat}
                    />
                  </ChoiceCard>
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    )
  }

  return (
    <Stack gap="5">
      {draft ? (
        <ChoiceCard emphasis to={linkTo(steps[1])}>
          <Text as="span" display="block" fontWeight="semibold">
            Continue your draft
          </Text>
          <Text as="span" display="block" mt="1" fontSize="sm" color="fg.muted" lineClamp={2}>
            {draft.hook || draft.postIdea || 'A blank post'}
          </Text>
        </ChoiceCard>
      ) : null}
      <ChoiceCard emphasis={!draft} onClick={() => choose(blankDraft())}>
        <Text as="span" display="block" fontWeight="semibold">
          Start from a blank post
        </Text>
        <Text as="span" display="block" mt="1" fontSize="sm" color="fg.muted">
          Write your own hook and text.
        </Text>
      </ChoiceCard>
      <Box>
        <Heading as="h2" size="md" mb="1">
          Or start from an angle
        </Heading>
        <Text fontSize="sm" color="fg.muted" mb="4">
          {library.data
            ? `From the ${library.data.data.title} library. Tap one to use its hook and idea.`
            : 'Tap one to use its hook and idea.'}
        </Text>
        {angles}
      </Box>
      <ConfirmDialog
        open={replacing !== null}
        title="Replace your draft?"
        description="The post you started is replaced by this one."
        confirmLabel="Replace draft"
        onCancel={() => setReplacing(null)}
        onConfirm={() => {
          if (replacing) start(replacing)
          setReplacing(null)
        }}
      />
    </Stack>
  )
}
