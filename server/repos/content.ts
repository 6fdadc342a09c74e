import { and, desc, eq, ilike, or } from 'drizzle-orm'

import type { ContentItem } from '@schemas/content'

import type { Db } from '../db/client'
import { contentItems } from '../db/schema'
import { escapeLike } from './like'
import { ownedRows } from './owned'

export const contentRows = ownedRows(contentItems)

export const toContentItem = (row: typeof contentItems.$inferSelect): ContentItem => ({
  id: row.id,
  title: row.title,
  platform: row.platform as ContentItem['platform'],
  niche: row.niche,
  status: row.status as ContentItem['status'],
  plannedDate: row.plannedDate,
  body: row.body,
  checklist: row.checklist,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export async function listContent(
  db: Db,
  memberId: string,
  filter: { status?: string | undefined; search?: string | undefined },
): Promise<ContentItem[]> {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : undefined
  const rows = await db
    .select()
    .from(contentItems)
    .where(
      and(
        eq(contentItems.memberId, memberId),
        filter.status ? eq(contentItems.status, filter.status) : undefined,
        pattern
          ? or(ilike(contentItems.title, pattern), ilike(contentItems.niche, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(contentItems.updatedAt))
  return rows.map(toContentItem)
}
