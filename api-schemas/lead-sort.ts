/**
 * The columns the leads list sorts by. A module of its own, without schemas, because the leads
 * route reads it at start to check its address.
 */
export const LEAD_SORT_COLUMNS = ['name', 'email', 'source', 'createdAt'] as const
