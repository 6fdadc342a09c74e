import { asc, count, desc, sql } from 'drizzle-orm'

import type { AreaKey } from '@schemas/access'
import type { MemberPage, MemberSortColumn, MemberSummary } from '@schemas/members'

import type { Db } from '../db/client'
import { members } from '../db/schema'
import { escapeLike } from './like'

export interface ListOptions {
  search?: string | undefined
  sort: MemberSortColumn
  order: 'asc' | 'desc'
  page: number
  pageSize: number
}

/**
 * Search terms of three characters or more match anywhere in e-mail and name (trigram index);
 * shorter ones match the start of the e-mail, first or last name (prefix indexes), because a
 * one- or two-letter substring would match most members and no index could help.
 */
export function memberSearch(term: string | undefined) {
  const text = term?.trim().toLowerCase()
  if (!text) return undefined
  const escaped = escapeLike(text)
  if (text.length >= 3) return sql`${members.searchText} like ${`%${escaped}%`}`
  const prefix = `${escaped}%`
  return sql`(${members.email} like ${prefix} or lower(${members.firstName}) like ${prefix} or lower(${members.lastName}) like ${prefix})`
}

export const summaryColumns = {
  id: members.id,
  email: members.email,
  role: members.role,
  firstName: members.firstName,
  lastName: members.lastName,
  areas: members.areas,
  createdAt: members.createdAt,
}

export const toSummary = (row: {
  id: string
  email: string
  role: 'admin' | 'member'
  firstName: string
  lastName: string
  areas: string[]
  createdAt: Date
}): MemberSummary => ({
  ...row,
  areas: row.areas as AreaKey[],
  createdAt: row.createdAt.toISOString(),
})

const sortColumns: Record<MemberSortColumn, string> = {
  email: 'email',
  firstName: 'first_name',
  lastName: 'last_name',
  role: 'role',
  createdAt: 'created_at',
}

interface MemberListRow {
  id: string
  email: string
  role: 'admin' | 'member'
  first_name: string
  last_name: string
  areas: string[]
  created_at: Date | string
}

export async function listMembers(db: Db, options: ListOptions): Promise<MemberPage> {
  const where = memberSearch(options.search)
  const offset = (options.page - 1) * options.pageSize
  const direction = options.order === 'asc' ? asc : desc
  const page = where
    ? // The matches first (through the search indexes), then sorted: left to itself the planner
      // may walk a sort index and filter, reading most of the table before a rare name turns up.
      db
        .execute(
          sql`with matches as materialized (
                select id, email, role, first_name, last_name, areas, created_at
                from ${members} where ${where})
              select * from matches
              order by ${sql.identifier(sortColumns[options.sort])} ${sql.raw(options.order)}, id asc
              limit ${options.pageSize} offset ${offset}`,
        )
        .then((result) =>
          (result as unknown as { rows: MemberListRow[] }).rows.map((r) => ({
            id: r.id,
            email: r.email,
            role: r.role,
            firstName: r.first_name,
            lastName: r.last_name,
            areas: r.areas,
            createdAt: new Date(r.created_at),
          })),
        )
    : db
        .select(summaryColumns)
        .from(members)
        .orderBy(direction(members[options.sort]), asc(members.id))
        .limit(options.pageSize)
        .offset(offset)
  const [rows, [total]] = await Promise.all([
    page,
    db.select({ n: count() }).from(members).where(where),
  ])
  return {
    items: rows.map(toSummary),
    total: total?.n ?? 0,
    page: options.page,
    pageSize: options.pageSize,
  }
}
