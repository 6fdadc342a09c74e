import {
  Badge,
  Button,
  Link as ChakraLink,
  Flex,
  IconButton,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

import type { Lead } from '@schemas/leads'
import { leadsApi } from '@/api/leads'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { SortHeader, TablePager, TableScroll } from '@/components/table-parts'
import { Card, ConfirmDialog, EmptyState, ErrorState, PageHeader } from '@/components/ui'
import { downloadText } from '@/lib/csv'
import { onFirstUse } from '@/lib/intl'
import { storedEmail } from '@/lib/session'
import { toast } from '@/lib/toast'

import { LeadDialog } from './lead-dialog'
import { fetchAllLeads, leadsToCsv } from './leads-csv'
import { useDeleteLead } from './use-lead-mutations'

const route = getRouteApi('/admin/sheet/leads')

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))

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
  const navigate = useNavigate({ from: '/admin/sheet/leads' })
  const params = route.useSearch()
  const search = params.search ?? ''
  const sort = params.sort ?? 'createdAt'
  const order = params.order ?? 'desc'
  const page = params.page ?? 1
  const pageSize = params.pageSize ?? 20
  const [searchText, setSearchText] = useState(search)
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<Lead | null>(null)
  const [exporting, setExporting] = useState(false)

  const setSearch = (next: Partial<typeof params>) =>
    void navigate({ search: (current) => ({ ...current, ...next }), replace: true })

  // Typing settles for a moment before the list is asked again.
  useEffect(() => {
    if (searchText.trim() === search) return
    const timer = setTimeout(
      () => setSearch({ search: searchText.trim() || undefined, page: 1 }),
      300,
    )
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchText])

  const query = { email, search: search || undefined, sort, order, page, pageSize }
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

  // A page emptied by deletes or a shorter search steps back to the last page with rows.
  const total = list.data?.data.total ?? 0
  useEffect(() => {
    const last = Math.max(1, Math.ceil(total / pageSize))
    if (list.isSuccess && !list.isPlaceholderData && page > last) setSearch({ page: last })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [total, page, pageSize, list.isSuccess, list.isPlaceholderData])

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

  const items = list.data?.data.items ?? []
  return (
    <Card>
      <Stack gap="4">
        <Flex gap="3" wrap="wrap" justify="space-between">
          <InputGroup
            startElement={<AppIcon name="search" size="16px" />}
            maxW={{ base: 'full', md: '320px' }}
          >
            <Input
              type="search"
              aria-label="Search leads"
              placeholder="Search by name or e-mail"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </InputGroup>
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

        {list.isPending ? (
          <Stack gap="2" role="status" aria-label="Loading your leads">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height="10" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          search ? (
            <EmptyState
              title="No leads match your search"
              description={`Nothing found for “${search}”.`}
              action={
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearchText('')
                    setSearch({ search: undefined, page: 1 })
                  }}
                >
                  Clear the search
                </Button>
              }
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
        ) : (
          <>
            <TableScroll label="Leads" borderWidth="1px" borderRadius="l2" position="relative">
              <Table.Root size="sm" interactive aria-label="Leads" aria-busy={list.isFetching}>
                <Table.Header>
                  <Table.Row>
                    <SortHeader
                      column="name"
                      sort={sort}
                      order={order}
                      onSort={(s, o) => setSearch({ sort: s, order: o, page: 1 })}
                    >
                      Name
                    </SortHeader>
                    <SortHeader
                      column="email"
                      sort={sort}
                      order={order}
                      onSort={(s, o) => setSearch({ sort: s, order: o, page: 1 })}
                    >
                      E-mail
                    </SortHeader>
                    <SortHeader
                      column="source"
                      sort={sort}
                      order={order}
                      onSort={(s, o) => setSearch({ sort: s, order: o, page: 1 })}
                    >
                      Source
                    </SortHeader>
                    <SortHeader
                      column="createdAt"
                      sort={sort}
                      order={order}
                      onSort={(s, o) => setSearch({ sort: s, order: o, page: 1 })}
                    >
                      Added
                    </SortHeader>
                    <Table.ColumnHeader textAlign="end">
                      <Text as="span" srOnly>
                        Actions
                      </Text>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((lead) => (
                    <Table.Row key={lead.id}>
                      <Table.Cell fontWeight="medium">
                        <ChakraLink asChild color="primary.fg" fontWeight="medium">
                          <Link to="/admin/leaddetail" search={{ id: lead.id }}>
                            {lead.name}
                          </Link>
                        </ChakraLink>
                      </Table.Cell>
                      <Table.Cell>{lead.email}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={lead.source === 'optin' ? 'green' : 'gray'}>
                          {lead.source === 'optin' ? 'Opt-in form' : 'Added by hand'}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        <time dateTime={lead.createdAt}>
                          {dateFormat.format(new Date(lead.createdAt))}
                        </time>
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Delete ${lead.name}`}
                          onClick={() => setDeleting(lead)}
                        >
                          <AppIcon name="trash" size="18px" />
                        </IconButton>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </TableScroll>
            <TablePager
              page={page}
              pageSize={pageSize}
              total={total}
              onPage={(next) => setSearch({ page: next })}
              onPageSize={(next) => setSearch({ pageSize: next, page: 1 })}
            />
          </>
        )}
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
