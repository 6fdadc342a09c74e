import { createFileRoute } from '@tanstack/react-router'

import { LeaderboardScreen } from '@/features/momentum/leaderboard-screen'

export const Route = createFileRoute('/admin/leaderboard')({
  component: LeaderboardScreen,
})
