import { Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'

import type { QuestionStat } from '@schemas/checks'
import { checksApi } from '@/api/checks'
import { DataTable, type Column } from '@/components/list-kit'
import { guardQuery } from '@/components/query-guard'
import { EmptyState, PanelSkeleton } from '@/components/ui'

import { percent } from './export'

const columns: Column<QuestionStat>[] = [
  {
    key: 'question',
    header: 'Question',
    cell: (q) => (
      <Stack gap="0">
        <Text fontWeight="medium" dir="auto">
          {q.prompt}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          <Link to={q.path as '/admin/dashboard'} style={{ textDecoration: 'underline' }}>
            {q.checkTitle}
          </Link>
        </Text>
      </Stack>
    ),
  },
  {
    key: 'answered',
    header: 'Answered',
    cell: (q) => q.answered,
    cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
    headerProps: { textAlign: 'end' },
  },
  {
    key: 'right',
    header: 'Answered right',
    cell: (q) => percent(q.share),
    cellProps: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
    headerProps: { textAlign: 'end' },
  },
]

/** Each knowledge-check question's share of right answers, the hardest first. */
export function QuestionStats() {
  const query = checksApi.questions.useQuery()
  const shown = guardQuery(query, {
    loading: <PanelSkeleton label="Loading the knowledge checks' answers" />,
    errorTitle: 'The answers to the knowledge checks could not be loaded',
  })
  if (!shown.ready) return shown.view
  const stats = shown.data.data
  if (stats.length === 0) {
    return (
      <EmptyState
        title="No knowledge check has been taken yet"
        description="Each question's share of right answers shows here once members submit the checks at the end of the modules."
      />
    )
  }
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        Over every attempt, retries included. A question few get right may ask about something its
        lesson does not say clearly: read both again.
      </Text>
      <DataTable
        label="Knowledge-check questions, the hardest first"
        columns={columns}
        rows={stats}
        rowKey={(q) => `${q.path}/${q.questionId}`}
      />
    </Stack>
  )
}
