import { Badge, Button, Link as ChakraLink, Flex, Stack } from '@chakra-ui/react'
import { keepPreviousData } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'

import type { Lead, LEAD_SORT_COLUMNS } from '@schemas/leads'
import { leadsApi } from '@/api/leads'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import {
  DataTable,
  dateColumn,
  NoMatches,
  RowAction,
  SearchBox,
  useListSearch,
  useListView,
  type Column,
} from '@/components/list-kit'
import { Card, ConfirmDialog, EmptyState, ErrorState, PageHeader } from '@/components/ui'
import { downloadText } from '@/lib/csv'
import { storedEmail } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { LeadDialog } from './lead-dialog'
import { fetchAllLeads, leadsToCsv } from './leads-csv'
import { useDeleteLead } from './use-lead-mutations'

type LeadSortColumn = (typeof LEAD_SORT_COLUMNS)[number]

const columns: Column<Lead, LeadSortColumn>[] = [
  {
    key: 'name',
    header: 'Name',
    sort: 'name',
    cell: (lead) => (
      <ChakraLink asChild color="primary.fg" fontWeight="medium">
        <Link to="/admin/leaddetail" search={{ id: lead.id }}>
          {lead.name}
        </Link>
      </ChakraLink>
    ),
    cellProps: { fontWeight: 'medium' },
  },
  { key: 'email', header: 'E-mail', sort: 'email', cell: (lead) => lead.email },
  {
    key: 'source',
    header: 'Source',
    sort: 'source',
    cell: (lead) => (
      <Badge colorPalette={lead.source === 'optin' ? 'green' : 'gray'}>
        {lead.source === 'optin' ? 'Opt-in form' : 'Added by hand'}
      </Badge>
    ),
  },
  dateColumn({ key: 'createdAt', header: 'Added', sort: 'createdAt', at: (l) => l.createdAt }),
]

export function LeadsScreen() {
  return (
    <>
      <PageHeader
        title="Leads"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Leads' }]}
      />
      <AreaGate area="viralLeads">
        <LeadsTable />
      </AreaGate>
    </>
  )
}

function LeadsTable() {
  const email = storedEmail() ?? ''
  const view = useListView<LeadSortColumn>({ sort: 'createdAt', order: 'desc' })
  const { sort, order } = view
  // Typing settles for a moment before the list is asked again.
  const { value: search, text: searchText, setText: setSearchText, clear } = useListSearch(view)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Lead | null>(null)
  const [exporting, setExporting] = useState(false)

  const query = {
    email,
    search: search || undefined,
    sort,
    order,
    page: view.page,
    pageSize: view.pageSize,
  }
  const list = useQuery({
    ...leadsApi.list.queryOptions({ query }),
    placeholderData: keepPreviousData,
  })
  const create = leadsApi.create.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      setAdding(false)
      toast.success('Lead added')
    },
  })
  const remove = useDeleteLead()
  const total = list.data?.data.total ?? 0

  const exportCsv = async () => {
    setExporting(true)
    try {
      const leads = await fetchAllLeads({ email, search: search || undefined, sort, order })
      downloadText(leadsToCsv(leads), `leads-${new Date().toISOString().slice(0, 10)}.csv`)
      toast.success(`Exported ${leads.length} ${leads.length === 1 ? 'lead' : 'leads'}`)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed')
    } finally {
      setExporting(false)
    }
  }

  if (list.isError) {
    return (
      lockedPanelFor(list.error) ?? (
        <ErrorState
          title="Your leads could not be loaded"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      )
    )
  }

  return (
    <Card>
      <Stack gap="4">
        <Flex gap="3" wrap="wrap" justify="space-between">
          <SearchBox
            label="Search leads"
            labelHidden
            placeholder="Search by name or e-mail"
            value={searchText}
            onChange={setSearchText}
            maxW={{ base: 'full', md: '320px' }}
          />
          <Flex gap="2" wrap="wrap">
            <Button
              variant="outline"
              onClick={() => void exportCsv()}
              loading={exporting}
              loadingText="Exporting…"
              disabled={total === 0}
            >
              Export CSV
            </Button>
            <Button asChild variant="outline">
              <Link to="/admin/virallead">Opt-in link</Link>
            </Button>
            <Button onClick={() => setAdding(true)}>Add lead</Button>
          </Flex>
        </Flex>

        <DataTable
          label="Leads"
          interactive
          columns={columns}
          rows={list.data?.data.items ?? []}
          rowKey={(lead) => lead.id}
          view={view}
          total={total}
          query={list}
          loadingLabel="Loading your leads"
          empty={
            search ? (
              <NoMatches
                title="No leads match your search"
                search={search}
                onClear={() => clear()}
              />
            ) : (
              <EmptyState
                title="No leads yet"
                description="Share your opt-in link, or add a lead you met in person."
                action={
                  <Flex gap="2" wrap="wrap" justify="center">
                    <Button asChild>
                      <Link to="/admin/virallead">Get your opt-in link</Link>
                    </Button>
                    <Button variant="outline" onClick={() => setAdding(true)}>
                      Add lead
                    </Button>
                  </Flex>
                }
              />
            )
          }
          actions={(lead) => (
            <RowAction
              icon="trash"
              danger
              label={`Delete ${lead.name}`}
              onClick={() => setDeleting(lead)}
            />
          )}
        />
      </Stack>

      <LeadDialog
        open={adding}
        title="Add a lead"
        submitLabel="Add lead"
        pending={create.isPending}
        error={create.error}
        onSubmit={(body) => create.mutate({ body })}
        onClose={() => {
          setAdding(false)
          create.reset()
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this lead'}?`}
        description="The lead is removed from your list and from future exports. This cannot be undone."
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ params: { id: deleting.id } })
          setDeleting(null)
        }}
      />
    </Card>
  )
}
