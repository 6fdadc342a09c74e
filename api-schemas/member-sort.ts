/**
 * The columns the members list sorts by. A module of its own, without schemas, because the
 * members route reads it at start to check its address.
 */
export const MEMBER_SORT_COLUMNS = ['email', 'firstName', 'lastName', 'role', 'createdAt'] as const
