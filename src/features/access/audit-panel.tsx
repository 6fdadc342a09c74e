import { Badge, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'

import { AUDIT_ACTION_LABELS } from '@schemas/members'
import { membersApi } from '@/api/members'
import { TablePager, TableScroll } from '@/components/table-parts'
import { Card, EmptyState, ErrorState } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

/** Administrators' changes to members, newest first. */
export function AuditPanel() {
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(10)
  const audit = useQuery({
    ...membersApi.audit.queryOptions({ query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  })

  return (
    <Card title="Audit log">
      {audit.isError ? (
        <ErrorState
          title="The audit log could not be loaded"
          message={audit.error.message}
          onRetry={() => void audit.refetch()}
          retrying={audit.isFetching}
        />
      ) : audit.isPending ? (
        <Stack gap="2" role="status" aria-label="Loading the audit log">
          <Skeleton height="8" />
          <Skeleton height="8" />
        </Stack>
      ) : audit.data.data.items.length === 0 ? (
        <EmptyState
          title="No changes yet"
          description="Creating, changing or deleting a member is recorded here."
        />
      ) : (
        <>
          <TableScroll label="Audit log" borderWidth="1px" borderRadius="l2" position="relative">
            <Table.Root size="sm" aria-label="Audit log">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>When</Table.ColumnHeader>
                  <Table.ColumnHeader>Who</Table.ColumnHeader>
                  <Table.ColumnHeader>What</Table.ColumnHeader>
                  <Table.ColumnHeader>Member</Table.ColumnHeader>
                  <Table.ColumnHeader>Detail</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {audit.data.data.items.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell whiteSpace="nowrap">
                      <time dateTime={entry.createdAt}>
                        {dateFormat.format(new Date(entry.createdAt))}
                      </time>
                    </Table.Cell>
                    <Table.Cell>{entry.actorEmail}</Table.Cell>
                    <Table.Cell>
                      <Badge>{AUDIT_ACTION_LABELS[entry.action]}</Badge>
                    </Table.Cell>
                    <Table.Cell>{entry.targetEmail}</Table.Cell>
                    <Table.Cell minW="200px">
                      <Text lineClamp={2}>{entry.detail}</Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </TableScroll>
          <TablePager
            page={page}
            pageSize={pageSize}
            total={audit.data.data.total}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size)
              setPage(1)
            }}
          />
        </>
      )}
    </Card>
  )
}
