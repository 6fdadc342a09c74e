import { Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'

import { LEVEL_POINTS, type Momentum } from '@schemas/momentum'
import { useMomentum } from '@/api/momentum'
import { LevelMark } from '@/components/level-mark'
import { Card, ProgressBar } from '@/components/ui'

/** What the streak says: its days, and whether today still needs learning to keep it. */
export function streakText(streak: Momentum['streak']) {
  if (streak.days === 0) return 'Learn today to start a streak.'
  const days = streak.days === 1 ? '1-day streak' : `${streak.days}-day streak`
  return streak.today ? `${days}: you learned today.` : `${days}: learn today to keep it.`
}

/** Where the member stands: the level and what the next one needs. */
export function nextLevelText(m: Momentum) {
  return m.next
    ? `${m.next.missing} ${m.next.missing === 1 ? 'point' : 'points'} to level ${m.next.level}`
    : 'The highest level'
}

/**
 * The dashboard's "Your level", beside the course to continue on a laptop: the level with its
 * mark, the points and the way to the leaderboard, a bar to the next level, and what the next
 * level and the streak need, in one line where the card is wide. Its height is kept while it
 * loads.
 */
export function MomentumCard() {
  const query = useMomentum()
  const m = query.data?.data
  return (
    <Card data-testid="momentum-card" minH={{ base: '128px', md: '110px' }}>
      {query.isPending ? (
        <Stack gap="2" role="status" aria-busy="true" aria-label="Loading your level">
          <Skeleton height="5" width="40%" />
          <Skeleton height="2" width="70%" />
          <Skeleton height="4" width="50%" />
        </Stack>
      ) : query.isError ? (
        <Text color="fg.error">Your level could not be loaded: {query.error.message}</Text>
      ) : m ? (
        <Stack gap="1.5">
          <Flex gap="2.5" align="center" minW="0">
            <LevelMark level={m.level} />
            <Heading as="h2" size="md" minW="0" flex="1">
              Level {m.level}{' '}
              <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
                · {m.points} {m.points === 1 ? 'point' : 'points'}
              </Text>
            </Heading>
            <Button asChild variant="outline" size="xs" flexShrink={0}>
              <Link to="/admin/leaderboard">Leaderboard</Link>
            </Button>
          </Flex>
          <ProgressBar
            label={`Points towards level ${m.next?.level ?? m.level}`}
            value={m.next ? m.points - (LEVEL_POINTS[m.level - 1] ?? 0) : 1}
            max={m.next ? m.next.at - (LEVEL_POINTS[m.level - 1] ?? 0) : 1}
            size="xs"
          />
          {/* Ordered as the sentence it is, whatever the page's direction: right to left, a
              leading number and the closing full stop otherwise trade places. */}
          <Text fontSize="sm" color="fg.muted" unicodeBidi="plaintext">
            {nextLevelText(m)} · {streakText(m.streak)}
          </Text>
        </Stack>
      ) : null}
    </Card>
  )
}
