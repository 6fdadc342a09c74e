import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import type { Generation, GenerationSummary, HistoryTool } from '@schemas/ai'
import { aiApi } from '@/api/ai'
import { Card, ConfirmDialog, PanelQuery } from '@/components/ui'
import { copyText } from '@/lib/clipboard'
import { toast } from '@/lib/toast'

import { WriterBadge, writtenAt } from './ai-parts'

const PAGE = 10

/**
 * The member's past answers of one tool, newest first: reopen one (its details and text come
 * back), copy it, or delete it after a confirmation.
 */
export function HistoryPanel({
  tool,
  onOpen,
}: {
  tool: HistoryTool
  onOpen: (generation: Generation) => void
}) {
  const [pageSize, setPageSize] = useState(PAGE)
  const list = aiApi.history.useQuery({ query: { tool, pageSize } })
  const client = useQueryClient()
  const [busy, setBusy] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<GenerationSummary | null>(null)
  const remove = aiApi.removeGeneration.useMutation({
    onSuccess: () => {
      toast.success('Deleted from your history')
      setDeleting(null)
    },
    meta: { errorToast: true },
  })

  const fetchOne = async (id: string, then: (g: Generation) => void | Promise<void>) => {
    setBusy(id)
    try {
      const { data } = await client.fetchQuery(aiApi.generation.queryOptions({ params: { id } }))
      await then(data)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not open it')
    } finally {
      setBusy(null)
    }
  }

  return (
    <Card title="History">
      <PanelQuery query={list} loading="Loading your history">
        {({ data }) =>
          data.total === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              Nothing written with this tool yet. What you write is kept here, for you only.
            </Text>
          ) : (
            <Stack gap="0" as="ul" listStyleType="none" aria-label="Past answers">
              {data.items.map((g) => (
                <Box as="li" key={g.id} py="3" borderTopWidth="1px" _first={{ borderTopWidth: 0 }}>
                  <Flex gap="3" justify="space-between" align="center" wrap="wrap">
                    <Stack gap="1" minW="0" flex="1">
                      <Text fontWeight="medium" truncate title={g.title}>
                        {g.title}
                      </Text>
                      <HStack gap="2" wrap="wrap" fontSize="xs" color="fg.muted">
                        <span>{writtenAt.format(new Date(g.createdAt))}</span>
                        <WriterBadge writer={g.writer} />
                        {g.status !== 'done' ? (
                          <Badge colorPalette={g.status === 'stopped' ? 'orange' : 'red'}>
                            {g.status === 'stopped'
                              ? 'Stopped'
                              : g.status === 'running'
                                ? 'Unfinished'
                                : 'Failed'}
                          </Badge>
                        ) : null}
                      </HStack>
                    </Stack>
                    <HStack gap="1">
                      <Button
                        size="xs"
                        variant="ghost"
                        loading={busy === g.id}
                        aria-label={`Open "${g.title}"`}
                        onClick={() => void fetchOne(g.id, onOpen)}
                      >
                        Open
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        aria-label={`Copy "${g.title}"`}
                        onClick={() => void fetchOne(g.id, (one) => copyText(one.output, 'Text'))}
                      >
                        Copy
                      </Button>
                      <Button
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Delete "${g.title}"`}
                        onClick={() => setDeleting(g)}
                      >
                        Delete
                      </Button>
                    </HStack>
                  </Flex>
                </Box>
              ))}
              {data.total > data.items.length ? (
                <Button
                  mt="2"
                  size="sm"
                  variant="outline"
                  alignSelf="center"
                  loading={list.isFetching}
                  onClick={() => setPageSize((n) => Math.min(n + PAGE, 100))}
                >
                  Show more
                </Button>
              ) : null}
            </Stack>
          )
        }
      </PanelQuery>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this answer?"
        description={
          deleting ? `“${deleting.title}” is removed from your history for good.` : undefined
        }
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } })}
        onCancel={() => setDeleting(null)}
        pending={remove.isPending}
      />
    </Card>
  )
}
