/**
 * What the feed's address holds (?category=&sort=&period=), as plain words: the route reads them
 * without loading the contract's schemas, and the screen checks them against it.
 */
export const FEED_CATEGORY_KEYS = ['wins', 'questions', 'introductions', 'announcements'] as const
export const FEED_SORT_KEYS = ['new', 'top', 'active'] as const
export const FEED_PERIOD_KEYS = ['week', 'all'] as const
