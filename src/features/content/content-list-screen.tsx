import { Badge, Box, Button, Link, Stack } from '@chakra-ui/react'
import { keepPreviousData } from '@tanstack/react-query'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'

import type { ContentItem } from '@schemas/content'
import { contentApi } from '@/api/content'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import {
  DataTable,
  FilterSelect,
  NoMatches,
  RowAction,
  SearchBox,
  useListSearch,
  useListView,
  type Column,
} from '@/components/list-kit'
import { Card, ConfirmDialog, EmptyState, PageHeader } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import {
  formatPlannedDate,
  platformLabel,
  statusLabel,
  statusOptions,
  statusPalette,
} from './content-labels'
import { useDeleteContent } from './use-content-mutations'

const route = getRouteApi('/admin/sheet/content')

export function ContentListScreen() {
  return (
    <AreaGate area="content">
      <ContentList />
    </AreaGate>
  )
}

const columns: Column<ContentItem>[] = [
  {
    key: 'title',
    header: 'Title',
    cell: (item) => (
      <Link asChild fontWeight="medium" color="fg">
        <RouterLink to="/admin/contentdetail" search={{ id: item.id }}>
          {item.title}
        </RouterLink>
      </Link>
    ),
    cellProps: { minW: '48', maxW: 'sm' },
  },
  {
    key: 'platform',
    header: 'Platform',
    cell: (item) => platformLabel(item.platform),
    cellProps: { whiteSpace: 'nowrap' },
  },
  { key: 'niche', header: 'Niche', cell: (item) => item.niche || '—' },
  {
    key: 'status',
    header: 'Status',
    cell: (item) => (
      <Badge colorPalette={statusPalette(item.status)}>{statusLabel(item.status)}</Badge>
    ),
  },
  {
    key: 'planned',
    header: 'Planned',
    cell: (item) => formatPlannedDate(item.plannedDate) ?? 'Not set',
    cellProps: { whiteSpace: 'nowrap' },
  },
]

function ContentList() {
  const { status = '' } = route.useSearch()
  const view = useListView()
  const search = useListSearch(view)
  const [deleting, setDeleting] = useState<ContentItem | null>(null)
  const remove = useDeleteContent()

  const list = useQuery({
    ...contentApi.list.queryOptions({
      query: { status: status || undefined, search: search.value || undefined },
    }),
    placeholderData: keepPreviousData,
  })
  const filtered = Boolean(search.value || status)

  const locked = lockedPanelFor(list.error)
  if (locked) return locked

  const newPiece = (
    <Button asChild>
      <RouterLink to="/admin/sheet/contentpage" search={{}}>
        <AppIcon name="plus" size="18px" />
        New piece
      </RouterLink>
    </Button>
  )

  return (
    <Box>
      <PageHeader
        title="Content planner"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Content planner' }]}
        actions={
          <>
            <Button asChild variant="outline">
              <RouterLink to="/admin/contentchecklist" search={{}}>
                Checklist
              </RouterLink>
            </Button>
            {newPiece}
          </>
        }
      />
      <Card>
        <Stack gap="4">
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <SearchBox
              label="Search"
              placeholder="Title or niche"
              value={search.text}
              onChange={search.setText}
              maxW={{ sm: 'sm' }}
            />
            <FilterSelect
              label="Status"
              allLabel="All statuses"
              size="md"
              value={status}
              options={statusOptions}
              onChange={(value) => view.filter({ status: value })}
              minW="0"
              maxW={{ sm: '48' }}
            />
          </Stack>
          <DataTable
            label="Your content pieces"
            framed={false}
            interactive
            columns={columns}
            rows={list.data?.data ?? []}
            rowKey={(item) => item.id}
            query={list}
            loadingLabel="Loading content"
            errorTitle="Your content could not be loaded"
            empty={
              filtered ? (
                <NoMatches
                  title="No pieces match these filters"
                  description="Try another word or status."
                  onClear={() => search.clear({ status: undefined })}
                />
              ) : (
                <EmptyState
                  title="No content planned yet"
                  description="Plan posts, videos and e-mails with their platform, niche and date."
                  action={newPiece}
                />
              )
            }
            actions={(item) => (
              <>
                <RowAction
                  icon="edit"
                  label={`Edit ${item.title}`}
                  link={(icon) => (
                    <RouterLink to="/admin/sheet/contentpage" search={{ id: item.id }}>
                      {icon}
                    </RouterLink>
                  )}
                />
                <RowAction
                  icon="trash"
                  label={`Delete ${item.title}`}
                  onClick={() => setDeleting(item)}
                />
              </>
            )}
          />
        </Stack>
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this content piece?"
        description={
          deleting ? `“${deleting.title}” and its checklist will be gone for good.` : undefined
        }
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate({ params: { id: deleting.id } })
          setDeleting(null)
        }}
      />
    </Box>
  )
}
