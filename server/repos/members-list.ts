import { asc, desc, ilike, or, sql } from 'drizzle-orm'

import type { MemberPage } from '../../api-schemas/members'
import type { MEMBER_SORT_COLUMNS } from '../../api-schemas/members'
import type { Db } from '../db/client'
import { members } from '../db/schema'

export interface ListOptions {
  search?: string | undefined
  sort: (typeof MEMBER_SORT_COLUMNS)[number]
  order: 'asc' | 'desc'
  page: number
  pageSize: number
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function listMembers(db: Db, options: ListOptions): Promise<MemberPage> {
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined
  const where = pattern
    ? or(
        ilike(members.email, pattern),
        ilike(sql`${members.firstName} || ' ' || ${members.lastName}`, pattern),
      )
    : undefined
  const direction = options.order === 'asc' ? asc : desc
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: members.id,
        email: members.email,
        role: members.role,
        firstName: members.firstName,
        lastName: members.lastName,
        createdAt: members.createdAt,
      })
      .from(members)
      .where(where)
      .orderBy(direction(members[options.sort]), asc(members.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(members)
      .where(where),
  ])
  return {
    items: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    total: count?.n ?? 0,
    page: options.page,
    pageSize: options.pageSize,
  }
}
