import { Badge, Box, Button, Flex, Link, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'

import { MAIL_CHOICES, type MailChoice, type Notification } from '@schemas/notifications'
import { notificationsApi } from '@/api/notifications'
import { AppIcon, type IconName } from '@/components/layout/icons'
import { guardQuery } from '@/components/query-guard'
import { SelectField } from '@/components/select-field'
import { Card, EmptyState, PageHeader, PanelError, PanelSkeleton } from '@/components/ui'
import { setUnread } from '@/lib/live-unread'
import { notificationHref, notificationText } from '@/lib/notification-text'
import { formatDateTime, timeAgo } from '@/lib/time-ago'
import { toast } from '@/lib/toast'
import { useInfiniteQuery } from '@/lib/use-deferred-infinite-query'
import { useQuery } from '@/lib/use-deferred-query'

import { ReminderSettings } from './reminder-settings'

const ICONS: Record<Notification['kind'], IconName> = {
  mention: 'user',
  reply: 'message',
  answer: 'check',
  announcement: 'star',
}

/**
 * The member's notifications, newest first, the unread ones marked; opening one reads it. Below,
 * how they want to hear of mentions and replies by e-mail.
 */
export function NotificationsScreen() {
  const [now] = useState(() => Date.now())
  const client = useQueryClient()
  const list = useInfiniteQuery({
    queryKey: notificationsApi.list.key({ query: {} }),
    queryFn: ({ pageParam, signal }) =>
      notificationsApi.list.call({ query: pageParam ? { before: pageParam } : {} }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.data.nextBefore ?? undefined,
  })
  const read = notificationsApi.read.useMutation({
    onSuccess: (answer) => setUnread(answer.data.unread),
  })
  const pages = list.data?.pages
  const items = pages?.flatMap((p) => p.data.items) ?? []
  const unread = pages?.[0]?.data.unread ?? 0
  const shown = guardQuery(
    { ...list, data: pages },
    {
      loading: <PanelSkeleton label="Loading your notifications" rows={4} height="4.5rem" />,
      errorTitle: 'Your notifications could not be loaded',
    },
  )
  return (
    <Stack gap="5">
      <PageHeader
        title="Notifications"
        actions={
          unread > 0 ? (
            <Button
              size="sm"
              variant="outline"
              loading={read.isPending}
              onClick={() =>
                read.mutate(
                  { body: { all: true } },
                  { onSuccess: () => toast.success('All notifications are read') },
                )
              }
            >
              <AppIcon name="check" size="16px" /> Mark all as read
            </Button>
          ) : undefined
        }
      />
      {!shown.ready ? (
        shown.view
      ) : items.length === 0 ? (
        <Card>
          <EmptyState
            title="Nothing yet"
            description="When someone mentions you, replies in a thread you follow or marks an answer, you will see it here."
            action={
              <Button asChild colorPalette="primary">
                <RouterLink to="/admin/community">Go to the community</RouterLink>
              </Button>
            }
          />
        </Card>
      ) : (
        <Card p="0">
          <Stack as="ul" gap="0" m="0" p="0" aria-label="Notifications">
            {items.map((n) => (
              <Box
                as="li"
                key={n.id}
                listStyleType="none"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
                bg={n.read ? undefined : 'primary.subtle/40'}
              >
                <Flex gap="3" px={{ base: '3', md: '5' }} py="3" align="start">
                  <Flex
                    aria-hidden
                    boxSize="8"
                    flexShrink={0}
                    borderRadius="full"
                    bg="bg.muted"
                    align="center"
                    justify="center"
                    color="primary.fg"
                  >
                    <AppIcon name={ICONS[n.kind]} size="16px" />
                  </Flex>
                  <Stack gap="0.5" flex="1" minW="0">
                    <Link asChild fontWeight={n.read ? 'normal' : 'semibold'} color="fg">
                      <RouterLink
                        to={notificationHref(n)}
                        onClick={() => {
                          if (!n.read) read.mutate({ body: { ids: [n.id] } })
                          void client.invalidateQueries({ queryKey: notificationsApi.key })
                        }}
                      >
                        <bdi>{notificationText(n)}</bdi>
                      </RouterLink>
                    </Link>
                    {n.excerpt ? (
                      <Text color="fg.muted" fontSize="sm" lineClamp={2} dir="auto">
                        {n.excerpt}
                      </Text>
                    ) : null}
                    <Text color="fg.muted" fontSize="xs">
                      <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                        <bdi>{timeAgo(n.createdAt, now)}</bdi>
                      </time>
                    </Text>
                  </Stack>
                  {n.read ? null : (
                    <Badge size="sm" colorPalette="primary" variant="solid">
                      New
                    </Badge>
                  )}
                </Flex>
              </Box>
            ))}
          </Stack>
        </Card>
      )}
      {list.hasNextPage ? (
        <Button
          alignSelf="center"
          variant="outline"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          Show older notifications
        </Button>
      ) : null}
      <MailSettings />
      {/* Drawn once the list above is in: drawn before, it would move as the list arrives. */}
      {list.isPending ? null : <ReminderSettings />}
    </Stack>
  )
}

function MailSettings() {
  const settings = useQuery(notificationsApi.settings.queryOptions())
  const save = notificationsApi.saveSettings.useMutation({
    onSuccess: () => toast.success('E-mail settings saved'),
  })
  const mail = save.variables?.body.mail ?? settings.data?.data.mail
  return (
    <Card>
      <Stack gap="3" id="settings">
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          E-mail
        </Text>
        <Text color="fg.muted" fontSize="sm">
          Mentions and replies in threads you follow can reach you by e-mail too. Every e-mail has a
          link that stops them.
        </Text>
        {settings.isError && !mail ? (
          <PanelError
            message={settings.error.message}
            onRetry={() => void settings.refetch()}
            retrying={settings.isFetching}
          />
        ) : mail ? (
          <Box maxW="22rem">
            <SelectField
              label="Send me e-mail for mentions and replies"
              value={mail}
              onValueChange={(value) => save.mutate({ body: { mail: value as MailChoice } })}
              options={MAIL_CHOICES.map((c) => ({ value: c.key, label: c.label }))}
            />
          </Box>
        ) : (
          <PanelSkeleton label="Loading your e-mail settings" rows={1} />
        )}
      </Stack>
    </Card>
  )
}
