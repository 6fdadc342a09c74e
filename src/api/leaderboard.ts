import { leaderboard } from '@schemas/leaderboard'

import { createApi } from './create-api'

export const leaderboardApi = createApi('leaderboard', leaderboard)
