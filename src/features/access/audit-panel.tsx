import { Badge, Text } from '@chakra-ui/react'
import { keepPreviousData } from '@tanstack/react-query'

import { AUDIT_ACTION_LABELS, type AuditEntry } from '@schemas/members'
import { membersApi } from '@/api/members'
import { DataTable, dateColumn, useListView, type Column } from '@/components/list-kit'
import { Card, EmptyState } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

const columns: Column<AuditEntry>[] = [
  dateColumn({ key: 'when', header: 'When', at: (entry) => entry.createdAt, withTime: true }),
  { key: 'who', header: 'Who', cell: (entry) => entry.actorEmail },
  {
    key: 'what',
    header: 'What',
    cell: (entry) => <Badge>{AUDIT_ACTION_LABELS[entry.action]}</Badge>,
  },
  { key: 'member', header: 'Member', cell: (entry) => entry.targetEmail },
  {
    key: 'detail',
    header: 'Detail',
    cell: (entry) => <Text lineClamp={2}>{entry.detail}</Text>,
    cellProps: { minW: '200px' },
  },
]

/** Administrators' changes to members, newest first; the page shown is kept in the address. */
export function AuditPanel() {
  const view = useListView({ prefix: 'audit', pageSize: 10 })
  const audit = useQuery({
    ...membersApi.audit.queryOptions({ query: { page: view.page, pageSize: view.pageSize } }),
    placeholderData: keepPreviousData,
  })

  return (
    <Card title="Audit log">
      <DataTable
        label="Audit log"
        columns={columns}
        rows={audit.data?.data.items ?? []}
        rowKey={(entry) => entry.id}
        view={view}
        total={audit.data?.data.total ?? 0}
        query={audit}
        loadingLabel="Loading the audit log"
        errorTitle="The audit log could not be loaded"
        empty={
          <EmptyState
            title="No changes yet"
            description="Creating, changing or deleting a member is recorded here."
          />
        }
      />
    </Card>
  )
}
