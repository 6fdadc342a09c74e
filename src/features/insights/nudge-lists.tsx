import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { keepPreviousData } from '@tanstack/react-query'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'

import { MAX_PAGE_SIZE } from '@schemas/contract'
import { NUDGE_KINDS, NUDGE_LABELS, type Nudge, type NudgeKind } from '@schemas/insights'
import { insightsApi } from '@/api/insights'
import {
  DataTable,
  dateColumn,
  DateText,
  RowAction,
  useListView,
  type Column,
} from '@/components/list-kit'
import { EmptyState } from '@/components/ui'
import { isApiError } from '@/lib/api-error'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { exportTable } from './export'
import { NudgeDialog } from './nudge-dialog'

const route = getRouteApi('/admin/insights/')

const WHY: Record<NudgeKind, string> = {
  idle: 'Started a course, then nothing for two weeks or more.',
  stopped: 'Completed part of a module and left the rest for two weeks or more.',
  unopened: 'Were given an area and have not opened any of its lessons.',
}

/** Every page of one list, for the CSV file. */
async function allNudges(kind: NudgeKind) {
  const rows: Nudge[] = []
  for (let page = 1; ; page++) {
    const { data } = await insightsApi.nudges.call({
      query: { kind, page, pageSize: MAX_PAGE_SIZE },
    })
    rows.push(...data.items)
    if (rows.length >= data.total || data.items.length === 0) return rows
  }
}

/** The three lists of members who need a nudge, each with "Write to them". */
export function NudgeLists() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const kind: NudgeKind = NUDGE_KINDS.find((k) => k === search.kind) ?? 'idle'
  const view = useListView()
  const [writing, setWriting] = useState<Nudge | null>(null)
  const [exporting, setExporting] = useState(false)
  const list = useQuery({
    ...insightsApi.nudges.queryOptions({
      query: { kind, page: view.page, pageSize: view.pageSize },
    }),
    placeholderData: keepPreviousData,
  })

  const columns: Column<Nudge>[] = [
    {
      key: 'member',
      header: 'Member',
      cell: (n) => (
        <Stack gap="0" minW="0">
          <RouterLink
            to="/admin/insights/member/$memberId"
            params={{ memberId: n.memberId }}
            aria-label={`Timeline of ${n.name}`}
          >
            <Text fontWeight="medium" textDecoration="underline">
              {n.name}
            </Text>
          </RouterLink>
          <Text fontSize="xs" color="fg.muted">
            {n.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'subject', header: 'Course or area', cell: (n) => n.subject },
    { key: 'detail', header: 'Last', cell: (n) => n.detail },
    dateColumn({ key: 'since', header: 'Since', at: (n: Nudge) => n.since }),
    {
      key: 'written',
      header: 'Written to',
      cell: (n) => (n.lastWrittenAt ? <DateText at={n.lastWrittenAt} /> : 'Not yet'),
    },
  ]

  const exportCsv = async () => {
    setExporting(true)
    try {
      const rows = await allNudges(kind)
      exportTable(
        `nudges-${kind}.csv`,
        ['Name', 'E-mail', 'Course or area', 'Last', 'Since', 'Written to'],
        rows.map((n) => [n.name, n.email, n.subject, n.detail, n.since, n.lastWrittenAt]),
      )
    } catch (error) {
      toast.error(`The list could not be exported: ${isApiError(error) ? error.message : error}`)
    } finally {
      setExporting(false)
    }
  }

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <HStack gap="2" wrap="wrap" role="group" aria-label="Which members" minW="0">
          {NUDGE_KINDS.map((k) => (
            <Button
              key={k}
              size="sm"
              whiteSpace="normal"
              textAlign="start"
              h="auto"
              minH="8"
              py="1.5"
              aria-pressed={k === kind}
              variant={k === kind ? 'solid' : 'outline'}
              onClick={() =>
                void navigate({
                  search: (previous) => ({
                    ...previous,
                    kind: k === 'idle' ? undefined : k,
                    page: undefined,
                  }),
                })
              }
            >
              {NUDGE_LABELS[k]}
            </Button>
          ))}
        </HStack>
        <Button
          size="xs"
          variant="outline"
          loading={exporting}
          disabled={!list.data?.data.total}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </Button>
      </HStack>
      <Text color="fg.muted">{WHY[kind]}</Text>
      <DataTable
        label={NUDGE_LABELS[kind]}
        columns={columns}
        rows={list.data?.data.items ?? []}
        rowKey={(n) => `${n.memberId}:${n.subject}`}
        view={view}
        total={list.data?.data.total ?? 0}
        query={list}
        loadingLabel="Loading the members"
        errorTitle="The list could not be loaded"
        empty={<EmptyState title="No one on this list" description="Everyone here is on track." />}
        actions={(n) => (
          <RowAction
            size="xs"
            icon="mail"
            label={`Write to ${n.name}`}
            title="Write to them"
            onClick={() => setWriting(n)}
          />
        )}
      />
      <NudgeDialog nudge={writing} onClose={() => setWriting(null)} />
    </Stack>
  )
}
