import {
  Badge,
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  Link,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

import type { ContentItem } from '@schemas/content'
import { contentApi } from '@/api/content'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { TableScroll } from '@/components/table-parts'
import { Card, ConfirmDialog, EmptyState, ErrorState, PageHeader } from '@/components/ui'

import {
  formatPlannedDate,
  platformLabel,
  statusLabel,
  statusOptions,
  statusPalette,
  type Status,
} from './content-labels'
import { useDeleteContent } from './use-content-mutations'

export function ContentListScreen() {
  return (
    <AreaGate area="content">
      <ContentList />
    </AreaGate>
  )
}

/** Typing waits this long before the list asks the server again. */
const SEARCH_DELAY_MS = 300

function ContentList() {
  const [search, setSearch] = useState('')
  const [query, setQuery] = useState('')
  const [status, setStatus] = useState<Status | ''>('')
  const [deleting, setDeleting] = useState<ContentItem | null>(null)
  const remove = useDeleteContent()

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [search])

  const list = useQuery({
    ...contentApi.list.queryOptions({
      query: { status: status || undefined, search: query || undefined },
    }),
    placeholderData: keepPreviousData,
  })
  const filtered = Boolean(query || status)
  const clear = () => {
    setSearch('')
    setQuery('')
    setStatus('')
  }

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

  let body
  if (list.isPending) {
    body = (
      <Stack gap="3" aria-busy="true">
        <Text srOnly role="status">
          Loading content
        </Text>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="10" />
        ))}
      </Stack>
    )
  } else if (list.isError) {
    body = (
      <ErrorState
        title="Your content could not be loaded"
        message={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    )
  } else if (list.data.data.length === 0) {
    body = filtered ? (
      <EmptyState
        title="No pieces match these filters"
        description="Try another word or status."
        action={
          <Button variant="outline" onClick={clear}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="No content planned yet"
        description="Plan posts, videos and e-mails with their platform, niche and date."
        action={newPiece}
      />
    )
  } else {
    body = (
      <TableScroll label="Your content pieces" position="relative">
        <Table.Root size="sm" interactive>
          <Table.Caption srOnly>Your content pieces</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Title</Table.ColumnHeader>
              <Table.ColumnHeader>Platform</Table.ColumnHeader>
              <Table.ColumnHeader>Niche</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader>Planned</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <Text srOnly>Actions</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.data.map((item) => (
              <Table.Row key={item.id}>
                <Table.Cell minW="48" maxW="sm">
                  <Link asChild fontWeight="medium" color="fg">
                    <RouterLink to="/admin/contentdetail" search={{ id: item.id }}>
                      {item.title}
                    </RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{platformLabel(item.platform)}</Table.Cell>
                <Table.Cell>{item.niche || '—'}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={statusPalette(item.status)}>
                    {statusLabel(item.status)}
                  </Badge>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatPlannedDate(item.plannedDate) ?? 'Not set'}
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  <HStack gap="1" justify="flex-end">
                    <IconButton asChild size="sm" variant="ghost" aria-label={`Edit ${item.title}`}>
                      <RouterLink to="/admin/sheet/contentpage" search={{ id: item.id }}>
                        <AppIcon name="edit" size="18px" />
                      </RouterLink>
                    </IconButton>
                    <IconButton
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${item.title}`}
                      onClick={() => setDeleting(item)}
                    >
                      <AppIcon name="trash" size="18px" />
                    </IconButton>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
    )
  }

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
            <Field.Root maxW={{ sm: 'sm' }}>
              <Field.Label>Search</Field.Label>
              <Input
                type="search"
                placeholder="Title or niche"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
            </Field.Root>
            <Field.Root maxW={{ sm: '48' }}>
              <Field.Label>Status</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={status}
                  onChange={(event) => setStatus(event.target.value as Status | '')}
                >
                  <option value="">All statuses</option>
                  {statusOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Stack>
          {body}
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
