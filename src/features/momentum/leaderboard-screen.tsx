import { Badge, Box, Flex, Heading, HStack, Stack, Table, Tabs, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { areaLabel } from '@schemas/access'
import { LEADERBOARD_PERIODS, periodLabel, type LeaderboardPeriod } from '@schemas/leaderboard'
import { LEVEL_POINTS, POINTS } from '@schemas/momentum'
import { leaderboardApi } from '@/api/leaderboard'
import { momentumApi, useMomentum } from '@/api/momentum'
import { CheckboxField } from '@/components/checkbox-field'
import { LevelMark } from '@/components/level-mark'
import { Screen } from '@/components/screen'
import { Card, EmptyState, PanelError, PanelSkeleton } from '@/components/ui'
import { useDocumentTitle } from '@/lib/document-title'
import { useQuery } from '@/lib/use-deferred-query'

import { nextLevelText, streakText } from './momentum-card'

/**
 * The leaderboard: the members with the most points in the last 7 days, 30 days or all time, of
 * those who chose to appear on it; the member's own level, streak and place, the choice to appear,
 * and how points and levels work (and which areas a level opens).
 */
export function LeaderboardScreen() {
  useDocumentTitle('Leaderboard')
  const [period, setPeriod] = useState<LeaderboardPeriod>('7d')
  return (
    <Screen title="Leaderboard">
      <Stack gap="5">
        <OwnStanding />
        <Card minH="400px">
          <Tabs.Root
            value={period}
            onValueChange={(e) => setPeriod(e.value as LeaderboardPeriod)}
            variant="line"
          >
            <Tabs.List mb="4" overflowX="auto">
              {LEADERBOARD_PERIODS.map((p) => (
                <Tabs.Trigger key={p} value={p}>
                  {periodLabel[p]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {LEADERBOARD_PERIODS.map((p) => (
              <Tabs.Content key={p} value={p}>
                {p === period ? <Board period={p} /> : null}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Card>
        <HowPointsWork />
      </Stack>
    </Screen>
  )
}

function OwnStanding() {
  const query = useMomentum()
  const client = useQueryClient()
  // The board shows the member once they chose to appear, and no longer once they left it.
  const settings = momentumApi.momentumSettings.useMutation({
    onSuccess: () => void client.invalidateQueries({ queryKey: ['leaderboard'] }),
  })
  const m = query.data?.data
  return (
    // The height of the loaded card at each width, kept while it loads: nothing below moves.
    <Card minH={{ base: '232px', sm: '176px', md: '140px' }}>
      {query.isPending ? (
        <PanelSkeleton label="Loading your level" rows={2} />
      ) : query.isError ? (
        <PanelError
          message={`Your level could not be loaded: ${query.error.message}`}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : m ? (
        <Stack gap="3">
          <Flex gap="3" align="center">
            <LevelMark level={m.level} />
            <Heading as="h2" size="md">
              You are level {m.level} with {m.points} {m.points === 1 ? 'point' : 'points'}
            </Heading>
          </Flex>
          <Text color="fg.muted">
            {nextLevelText(m)}. {streakText(m.streak)}
          </Text>
          <CheckboxField
            label="Show me on the leaderboard (other members see my name, level and points)"
            checked={m.listed}
            disabled={settings.isPending}
            onCheckedChange={(listed) => settings.mutate({ body: { listed } })}
          />
        </Stack>
      ) : null}
    </Card>
  )
}

function Board({ period }: { period: LeaderboardPeriod }) {
  const query = useQuery(leaderboardApi.leaderboard.queryOptions({ query: { period } }))
  if (query.isPending) return <PanelSkeleton label="Loading the leaderboard" rows={5} />
  if (query.isError)
    return (
      <PanelError
        message={`The leaderboard could not be loaded: ${query.error.message}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  const { rows, you } = query.data.data
  const mine = rows.find((r) => r.rank === you.rank)
  return (
    <Stack gap="3">
      {rows.length === 0 ? (
        <EmptyState
          title="No points in this period yet"
          description="Complete a lesson, pass a knowledge check or help someone in the community to be the first."
        />
      ) : (
        <Table.Root size="sm" aria-label={`Leaderboard, ${periodLabel[period].toLowerCase()}`}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w="16">Place</Table.ColumnHeader>
              <Table.ColumnHeader>Member</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Points</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row
                key={r.memberId}
                bg={r === mine ? 'primary.subtle' : undefined}
                aria-current={r === mine ? 'true' : undefined}
              >
                <Table.Cell fontWeight="semibold">{r.rank}</Table.Cell>
                <Table.Cell>
                  <HStack gap="2" minW="0">
                    <LevelMark level={r.level} />
                    <Text truncate dir="auto">
                      <bdi>{r.name}</bdi>
                    </Text>
                    <Text as="span" color="fg.muted" fontSize="xs" flexShrink={0}>
                      level {r.level}
                    </Text>
                    {r === mine ? <Badge size="sm">You</Badge> : null}
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end">{r.points}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Text fontSize="sm" color="fg.muted">
        {you.listed
          ? `You are in place ${you.rank} with ${you.points} points in this period.`
          : `You have ${you.points} points in this period. You are not on the leaderboard: tick the box above to appear.`}
      </Text>
    </Stack>
  )
}

function HowPointsWork() {
  const unlocks = useQuery(leaderboardApi.areaUnlocks.queryOptions())
  const opened = unlocks.data?.data ?? []
  return (
    <Card title="How points and levels work">
      <Stack gap="3" fontSize="sm">
        <Box as="ul" ps="5" listStyleType="disc">
          <li>A completed lesson or chapter: {POINTS.lesson} points.</li>
          <li>A knowledge check passed (the first time): {POINTS.check} points.</li>
          <li>
            Each like your posts and replies receive: {POINTS.like} point. Liking your own gives
            none, and a like taken back takes its point back.
          </li>
        </Box>
        <Text>
          Levels start at{' '}
          {LEVEL_POINTS.slice(1)
            .map((p, i) => `${p} points (level ${i + 2})`)
            .join(', ')}
          . The 7- and 30-day boards count whole days in UTC, today included.
        </Text>
        {opened.length > 0 ? (
          <Text>
            Reaching a level opens:{' '}
            {opened.map((u) => `${areaLabel(u.area)} at level ${u.level}`).join('; ')}.
          </Text>
        ) : null}
        <Text>
          Your streak counts the days in a row on which you read or completed a lesson or took a
          knowledge check, in your own time zone (set in your profile).
        </Text>
      </Stack>
    </Card>
  )
}
