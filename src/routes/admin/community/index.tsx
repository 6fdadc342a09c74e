import { createFileRoute } from '@tanstack/react-router'

import { FeedScreen } from '@/features/community/feed-screen'
import {
  FEED_CATEGORY_KEYS,
  FEED_PERIOD_KEYS,
  FEED_SORT_KEYS,
} from '@/features/community/feed-search'
import { optionalOneOf, searchOf } from '@/lib/search-params'

/** The feed's category, sort and period live in the address, so back and a shared link keep them. */
export const Route = createFileRoute('/admin/community/')({
  validateSearch: searchOf((search) => ({
    category: optionalOneOf(search.category, FEED_CATEGORY_KEYS),
    sort: optionalOneOf(search.sort, FEED_SORT_KEYS),
    period: optionalOneOf(search.period, FEED_PERIOD_KEYS),
  })),
  component: FeedScreen,
})
