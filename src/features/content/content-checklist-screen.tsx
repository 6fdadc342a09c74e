import {
  Badge,
  Box,
  Button,
  Grid,
  Heading,
  HStack,
  Link,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'

import { CHECKLIST_ITEMS, type ContentItem } from '@schemas/content'
import { contentApi } from '@/api/content'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { CheckboxField } from '@/components/checkbox-field'
import { Card, EmptyState, ErrorState, PageHeader, ProgressBar } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import {
  bodyOf,
  checklistProgress,
  platformLabel,
  statusLabel,
  statusPalette,
} from './content-labels'
import { plannerCrumbs } from './content-parts'
import { useSaveChecklist } from './use-content-mutations'

const route = getRouteApi('/admin/contentchecklist')

/** The publishing checklist per piece, with progress per piece and over all pieces. */
export function ContentChecklistScreen() {
  return (
    <AreaGate area="content">
      <Checklist />
    </AreaGate>
  )
}

function ChecklistProgress({ label, done, total }: { label: string; done: number; total: number }) {
  const percent = total === 0 ? 0 : Math.round((done / total) * 100)
  return (
    <Stack gap="1.5">
      <HStack justify="space-between" gap="2" fontSize="sm">
        <Text>{label}</Text>
        <Text fontWeight="medium">{percent}%</Text>
      </HStack>
      <ProgressBar
        value={percent}
        label={label}
        colorPalette={percent === 100 ? 'green' : 'primary'}
      />
    </Stack>
  )
}

function Checklist() {
  const { id } = route.useSearch()
  const list = useQuery(contentApi.list.queryOptions({ query: {} }))
  const save = useSaveChecklist()
  // A refused tick can be undone before the box ever re-rendered as ticked, which leaves the
  // native input ticked; drawing the boxes afresh after a failure keeps them truthful.
  const [failures, setFailures] = useState(0)

  const locked = lockedPanelFor(list.error)
  if (locked) return locked

  const header = <PageHeader title="Content checklist" crumbs={plannerCrumbs('Checklist')} />

  if (list.isPending) {
    return (
      <Box>
        {header}
        <Stack gap="3" aria-busy="true">
          <Text srOnly role="status">
            Loading content
          </Text>
          <Skeleton height="16" />
          <Skeleton height="48" />
        </Stack>
      </Box>
    )
  }
  if (list.isError) {
    return (
      <Box>
        {header}
        <ErrorState
          title="Your content could not be loaded"
          message={list.error.message}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      </Box>
    )
  }

  const pieces = list.data.data
  if (pieces.length === 0) {
    return (
      <Box>
        {header}
        <Card>
          <EmptyState
            title="Nothing to check yet"
            description="Plan a content piece first; its publishing checklist appears here."
            action={
              <Button asChild>
                <RouterLink to="/admin/sheet/contentpage" search={{}}>
                  Plan a content piece
                </RouterLink>
              </Button>
            }
          />
        </Card>
      </Box>
    )
  }

  const selected = pieces.find((piece) => piece.id === id) ?? pieces[0]!
  const totalDone = pieces.reduce((sum, piece) => sum + checklistProgress(piece).done, 0)
  const totalItems = pieces.length * CHECKLIST_ITEMS.length

  const toggle = (piece: ContentItem, key: (typeof CHECKLIST_ITEMS)[number]['key'], on: boolean) =>
    save.mutate(
      {
        params: { id: piece.id },
        body: { ...bodyOf(piece), checklist: { ...piece.checklist, [key]: on } },
      },
      { onError: () => setFailures((count) => count + 1) },
    )

  const selectedProgress = checklistProgress(selected)
  return (
    <Box>
      {header}
      <Stack gap="6">
        <Card>
          <ChecklistProgress
            label={`All pieces: ${totalDone} of ${totalItems} steps done`}
            done={totalDone}
            total={totalItems}
          />
        </Card>
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="6">
          <Card title="Pieces">
            <Stack as="ul" gap="2" listStyleType="none" aria-label="Content pieces">
              {pieces.map((piece) => {
                const progress = checklistProgress(piece)
                const current = piece.id === selected.id
                return (
                  <li key={piece.id}>
                    {/* A link to the piece's checklist: it opens in a new tab too. */}
                    <Box
                      asChild
                      display="block"
                      w="full"
                      textAlign="start"
                      p="3"
                      rounded="l2"
                      borderWidth="1px"
                      borderColor={current ? 'primary.solid' : 'border'}
                      bg={current ? 'primary.subtle' : 'transparent'}
                      _hover={{ bg: current ? 'primary.subtle' : 'bg.muted' }}
                      _focusVisible={{ outline: '2px solid', outlineColor: 'primary.solid' }}
                    >
                      <RouterLink
                        to="/admin/contentchecklist"
                        search={{ id: piece.id }}
                        replace
                        aria-current={current ? 'page' : undefined}
                      >
                        <ChecklistProgress
                          label={piece.title}
                          done={progress.done}
                          total={progress.total}
                        />
                      </RouterLink>
                    </Box>
                  </li>
                )
              })}
            </Stack>
          </Card>
          <Card
            title={selected.title}
            action={
              <Link asChild fontSize="sm" color="primary.fg" flexShrink={0}>
                <RouterLink to="/admin/contentdetail" search={{ id: selected.id }}>
                  Open piece
                </RouterLink>
              </Link>
            }
          >
            <Stack gap="4">
              <HStack gap="2" wrap="wrap">
                <Badge colorPalette={statusPalette(selected.status)}>
                  {statusLabel(selected.status)}
                </Badge>
                <Badge variant="outline">{platformLabel(selected.platform)}</Badge>
                <Text fontSize="sm" color="fg.muted">
                  {selectedProgress.done} of {selectedProgress.total} done
                </Text>
              </HStack>
              <Heading as="h3" srOnly>
                Checklist of {selected.title}
              </Heading>
              <Stack gap="3">
                {CHECKLIST_ITEMS.map((entry) => (
                  <CheckboxField
                    key={`${entry.key}:${failures}`}
                    label={entry.label}
                    checked={selected.checklist[entry.key] === true}
                    onCheckedChange={(on) => toggle(selected, entry.key, on)}
                  />
                ))}
              </Stack>
            </Stack>
          </Card>
        </Grid>
      </Stack>
    </Box>
  )
}
