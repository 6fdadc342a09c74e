/**
 * A content piece's statuses. A module of its own, without schemas, because the content list's
 * route reads it at start to check its status filter in the address.
 */
export const CONTENT_STATUSES = ['idea', 'draft', 'scheduled', 'published'] as const
