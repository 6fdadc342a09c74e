import { customType, timestamp } from 'drizzle-orm/pg-core'

/** Column types and columns more than one table uses. */

export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}
