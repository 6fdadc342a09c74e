import { Box, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'

import {
  FIRST_SALE_WINDOWS,
  MIN_GROUP_SIZE,
  type LearningEarnings as Figures,
  type SaleGroup,
} from '@schemas/insights'
import { insightsApi } from '@/api/insights'
import { guardQuery } from '@/components/query-guard'
import { Card, EmptyState, PanelSkeleton } from '@/components/ui'

import { days, exportTable, percent } from './export'

const route = getRouteApi('/admin/insights/')

const WINDOW_KEYS = { 30: 'within30', 60: 'within60', 90: 'within90' } as const

/** The groups of one answer in the order they are drawn, each with the heading it sits under. */
const groupsOf = (figures: Figures) => [
  { heading: 'All members with earnings', groups: [figures.overall] },
  { heading: 'By how much of the course they completed', groups: figures.byCompletion },
  ...figures.byModule.map((m) => ({
    heading: `Module ${m.module}: ${m.title}`,
    groups: [m.completed, m.notCompleted],
  })),
]

const membersCount = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`

/** One group's bars: the share with a first sale within 30, 60 and 90 days, and its size. */
function GroupBars({ group, named }: { group: SaleGroup; named: boolean }) {
  const name = named ? <Text fontWeight="medium">{group.label}</Text> : null
  if (!group.shown) {
    return (
      <HStack justify="space-between" gap="3" py="1" wrap="wrap">
        {name}
        <Text fontSize="sm" color="fg.muted">
          Fewer than {MIN_GROUP_SIZE} members: not shown
        </Text>
      </HStack>
    )
  }
  return (
    <Stack gap="1" py="1">
      <HStack justify="space-between" gap="3" wrap="wrap">
        {name}
        <Text fontSize="sm" color="fg.muted">
          {membersCount(group.members ?? 0)} · median{' '}
          {days(group.medianDaysToFirstSale).toLowerCase()} to a first sale
        </Text>
      </HStack>
      {FIRST_SALE_WINDOWS.map((window) => {
        const share = group[WINDOW_KEYS[window]] ?? 0
        return (
          <HStack key={window} gap="2" fontSize="sm">
            <Text w="24" flexShrink={0} color="fg.muted">
              Within {window} days
            </Text>
            <Box flex="1" h="3" bg="bg.muted" rounded="sm" aria-hidden>
              <Box h="full" w={`${Math.round(share * 100)}%`} bg="primary.solid" rounded="sm" />
            </Box>
            <Text w="12" textAlign="end" fontVariantNumeric="tabular-nums">
              {percent(group[WINDOW_KEYS[window]])}
            </Text>
          </HStack>
        )
      })}
    </Stack>
  )
}

function exportFigures(figures: Figures) {
  exportTable(
    `learning-earnings-${figures.course.key}.csv`,
    [
      'Group',
      'Members',
      'Median days to first sale',
      'First sale within 30 days',
      'Within 60 days',
      'Within 90 days',
    ],
    groupsOf(figures).flatMap(({ heading, groups }) =>
      groups.map((g) => [
        groups.length > 1 || heading !== g.label ? `${heading}: ${g.label}` : g.label,
        g.shown ? g.members : `fewer than ${MIN_GROUP_SIZE}`,
        g.medianDaysToFirstSale,
        g.within30,
        g.within60,
        g.within90,
      ]),
    ),
  )
}

/**
 * Whether finishing the training goes with a first sale sooner: members with connected earnings
 * grouped by how much of a course, and which modules, they completed. A group under five members
 * shows nothing, so no one member's sales can be read off a bar.
 */
export function LearningEarnings() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const courses = insightsApi.courses.useQuery()
  const course = search.course ?? 'training'
  const figures = insightsApi.learningEarnings.useQuery({ query: { course } })
  const shown = guardQuery(figures, {
    loading: <PanelSkeleton label="Loading learning and earnings" rows={5} />,
    errorTitle: 'Learning and earnings could not be loaded',
  })
  const choices = courses.data?.data.courses ?? []

  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <NativeSelect.Root size="sm" maxW="xs">
          <NativeSelect.Field
            aria-label="Course"
            value={course}
            onChange={(event) =>
              void navigate({
                search: (previous) => ({ ...previous, course: event.target.value }),
              })
            }
          >
            {(choices.length ? choices : [{ key: course, title: course }]).map((c) => (
              <option key={c.key} value={c.key}>
                {c.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {shown.ready ? (
          <Button size="xs" variant="outline" onClick={() => exportFigures(shown.data.data)}>
            Export CSV
          </Button>
        ) : null}
      </HStack>
      {!shown.ready ? (
        shown.view
      ) : shown.data.data.membersWithEarnings === 0 ? (
        <EmptyState
          title="No member has connected earnings yet"
          description="Once members connect Digistore24 or ClickBank, their first sales show here beside their training."
        />
      ) : (
        <>
          <Text color="fg.muted">
            {membersCount(shown.data.data.membersWithEarnings)} with a connected Digistore24 or
            ClickBank account, counted from the day they joined to their first sale.
          </Text>
          {shown.data.data.overall.shown ? (
            groupsOf(shown.data.data).map(({ heading, groups }) => (
              <Card key={heading} title={heading}>
                <Stack gap="3">
                  {groups.map((g) => (
                    <GroupBars
                      key={g.label}
                      group={g}
                      named={groups.length > 1 || g.label !== heading}
                    />
                  ))}
                </Stack>
              </Card>
            ))
          ) : (
            <EmptyState
              title="Too few members to show"
              description={`The figures show once at least ${MIN_GROUP_SIZE} members with connected earnings are in a group, so no one member’s sales can be read off a bar.`}
            />
          )}
        </>
      )}
    </Stack>
  )
}
