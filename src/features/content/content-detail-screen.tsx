import { Badge, Box, Button, DataList, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import type { ContentItem } from '@schemas/content'
import { AreaGate } from '@/components/area-gate'
import { Card, ConfirmDialog, EmptyState, PageHeader, ProgressBar } from '@/components/ui'

import {
  checklistProgress,
  formatPlannedDate,
  platformLabel,
  statusLabel,
  statusPalette,
} from './content-labels'
import { PieceQuery, plannerCrumbs } from './content-parts'
import { useDeleteContent } from './use-content-mutations'

const route = getRouteApi('/admin/contentdetail')

/** One content piece with its text and checklist progress; edit and delete from here. */
export function ContentDetailScreen() {
  const { id } = route.useSearch()
  return (
    <AreaGate area="content">
      {id ? (
        <PieceDetail id={id} />
      ) : (
        <Box>
          <PageHeader title="Content piece" crumbs={plannerCrumbs('Details')} />
          <Card>
            <EmptyState
              title="No content piece chosen"
              description="Open a piece from your content planner to see it here."
              action={
                <Button asChild>
                  <RouterLink to="/admin/sheet/content">Go to the content planner</RouterLink>
                </Button>
              }
            />
          </Card>
        </Box>
      )}
    </AreaGate>
  )
}

function PieceDetail({ id }: { id: string }) {
  return (
    <PieceQuery id={id} title="Content piece" crumb="Details">
      {(item) => <PieceView item={item} />}
    </PieceQuery>
  )
}

function PieceView({ item }: { item: ContentItem }) {
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const remove = useDeleteContent()

  const progress = checklistProgress(item)
  return (
    <Box>
      <PageHeader
        title={item.title}
        crumbs={plannerCrumbs('Details')}
        actions={
          <>
            <Button asChild variant="outline">
              <RouterLink to="/admin/sheet/contentpage" search={{ id: item.id }}>
                Edit
              </RouterLink>
            </Button>
            <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        }
      />
      <Stack gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
        <Card flex="2" w="full" title="Text">
          {item.body ? (
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {item.body}
            </Text>
          ) : (
            <Text color="fg.muted">
              No text yet.{' '}
              <Link asChild color="primary.fg">
                <RouterLink to="/admin/sheet/contentpage" search={{ id: item.id }}>
                  Write it now
                </RouterLink>
              </Link>
            </Text>
          )}
        </Card>
        <Card flex="1" w="full" title="Details">
          <Stack gap="5">
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>Status</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Badge colorPalette={statusPalette(item.status)}>
                    {statusLabel(item.status)}
                  </Badge>
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Platform</DataList.ItemLabel>
                <DataList.ItemValue>{platformLabel(item.platform)}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Niche</DataList.ItemLabel>
                <DataList.ItemValue>{item.niche || 'Not set'}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>Planned</DataList.ItemLabel>
                <DataList.ItemValue>
                  {formatPlannedDate(item.plannedDate) ?? 'Not set'}
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <Stack gap="2">
              <Stack gap="2">
                <HStack justify="space-between" fontSize="sm">
                  <Text fontWeight="medium">Publishing checklist</Text>
                  <Text>
                    {progress.done} of {progress.total}
                  </Text>
                </HStack>
                <ProgressBar
                  value={progress.percent}
                  label="Publishing checklist"
                  colorPalette="primary"
                />
              </Stack>
              <Link asChild color="primary.fg" fontSize="sm">
                <RouterLink to="/admin/contentchecklist" search={{ id: item.id }}>
                  Open the checklist
                </RouterLink>
              </Link>
            </Stack>
          </Stack>
        </Card>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title="Delete this content piece?"
        description={`“${item.title}” and its checklist will be gone for good.`}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          remove.mutate({ params: { id: item.id } })
          void navigate({ to: '/admin/sheet/content' })
        }}
      />
    </Box>
  )
}
