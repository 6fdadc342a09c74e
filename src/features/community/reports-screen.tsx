import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'

import { REPORT_REASONS, type Author, type Reported } from '@schemas/community'
import { communityApi } from '@/api/community'
import { guardQuery } from '@/components/query-guard'
import { Card, ConfirmDialog, EmptyState, PageHeader, PanelSkeleton } from '@/components/ui'
import { formatDateTime, timeAgo } from '@/lib/time-ago'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { Initials } from './community-text'
import { MuteDialog } from './moderation-dialogs'

const reasonLabel = (key: string) => REPORT_REASONS.find((r) => r.key === key)?.label ?? key

/**
 * What members reported, the longest waiting first: each post or reply once, with every report
 * on it, and what an administrator does about it (hide, show again, delete, dismiss, mute).
 */
export function ReportsScreen() {
  const [now] = useState(() => Date.now())
  const [muting, setMuting] = useState<Author | null>(null)
  const [deleting, setDeleting] = useState<Reported | null>(null)
  const reports = useQuery(communityApi.reports.queryOptions())
  const moderate = communityApi.moderate.useMutation({
    onSuccess: (said) => {
      toast.success(said.data.message)
      setDeleting(null)
    },
  })
  const act = (item: Reported, action: 'hide' | 'restore' | 'delete' | 'dismiss') =>
    moderate.mutate({
      params: { id: item.post.id },
      body: { ...(item.replyId ? { replyId: item.replyId } : {}), action },
    })
  const shown = guardQuery(reports, {
    loading: <PanelSkeleton label="Loading the reports" rows={3} height="12rem" />,
    errorTitle: 'The reports could not be loaded',
  })
  return (
    <Stack gap="5">
      <PageHeader
        title="Reports"
        crumbs={[{ label: 'Community', to: '/admin/community' }, { label: 'Reports' }]}
      />
      {!shown.ready ? (
        shown.view
      ) : shown.data.data.length === 0 ? (
        <Card>
          <EmptyState
            title="Nothing to review"
            description="When members report a post or a reply, it waits here for you."
          />
        </Card>
      ) : (
        <Stack as="ul" gap="4" m="0" p="0" aria-label="Reported posts and replies">
          {shown.data.data.map((item) => {
            const what = item.replyId ? 'reply' : 'post'
            return (
              <Box as="li" key={item.replyId ?? item.post.id} listStyleType="none">
                <Card>
                  <Stack gap="3">
                    <HStack gap="3" align="start">
                      <Initials author={item.author} />
                      <Stack gap="1" flex="1" minW="0">
                        <HStack gap="2" wrap="wrap">
                          <Text fontWeight="semibold">
                            <bdi>{item.author.name}</bdi>
                          </Text>
                          <Text color="fg.muted" fontSize="sm">
                            @{item.author.handle} · {item.replyId ? 'a reply in' : 'a post:'}{' '}
                            <bdi>{item.post.title || 'a lesson question'}</bdi>
                          </Text>
                          {item.hidden ? (
                            <Badge colorPalette="orange" size="sm">
                              Hidden
                            </Badge>
                          ) : null}
                        </HStack>
                        <Text dir="auto" whiteSpace="pre-wrap" overflowWrap="anywhere">
                          {item.excerpt}
                        </Text>
                        <Link asChild fontSize="sm" alignSelf="start">
                          <RouterLink
                            to="/admin/community/$postId"
                            params={{ postId: item.post.id }}
                            hash={item.replyId ? `reply-${item.replyId}` : undefined}
                          >
                            Open the thread
                          </RouterLink>
                        </Link>
                      </Stack>
                    </HStack>
                    <Stack as="ul" gap="1.5" m="0" ps="4" fontSize="sm">
                      {item.reports.map((report, i) => (
                        <Box as="li" key={i}>
                          <Text as="span" fontWeight="medium">
                            {reasonLabel(report.reason)}
                          </Text>
                          {report.note ? (
                            <Text as="span" dir="auto">
                              {' '}
                              — “{report.note}”
                            </Text>
                          ) : null}
                          <Text as="span" color="fg.muted">
                            {' '}
                            · <bdi>{report.reporter.name}</bdi>,{' '}
                            <time
                              dateTime={report.createdAt}
                              title={formatDateTime(report.createdAt)}
                            >
                              <bdi>{timeAgo(report.createdAt, now)}</bdi>
                            </time>
                          </Text>
                        </Box>
                      ))}
                    </Stack>
                    <HStack gap="2" wrap="wrap">
                      {item.hidden ? (
                        <Button size="sm" variant="outline" onClick={() => act(item, 'restore')}>
                          Show again
                        </Button>
                      ) : (
                        <Button size="sm" variant="outline" onClick={() => act(item, 'hide')}>
                          Hide
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => setDeleting(item)}
                      >
                        Delete the {what}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => act(item, 'dismiss')}>
                        Dismiss the reports
                      </Button>
                      {item.author.role === 'admin' ? null : (
                        <Button size="sm" variant="ghost" onClick={() => setMuting(item.author)}>
                          Mute <bdi>{item.author.name}</bdi>
                        </Button>
                      )}
                    </HStack>
                  </Stack>
                </Card>
              </Box>
            )
          })}
        </Stack>
      )}
      <MuteDialog author={muting} onClose={() => setMuting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={deleting?.replyId ? 'Delete this reply?' : 'Delete this post?'}
        description="It goes for everyone, and its reports are closed. This cannot be undone."
        confirmLabel="Delete"
        pending={moderate.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && act(deleting, 'delete')}
      />
    </Stack>
  )
}
