import { and, asc, count, desc, eq, sql } from 'drizzle-orm'

import type { Lead } from '@schemas/leads'

import type { Db } from '../db/client'
import { leads, members } from '../db/schema'
import { escapeLike } from './like'
import { ownedRows } from './owned'

export const leadRows = ownedRows(leads)

export const toLead = (row: typeof leads.$inferSelect): Lead => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  source: row.source as Lead['source'],
  consent: row.consent,
  notes: row.notes,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export interface LeadListOptions {
  search?: string | undefined
  sort: 'name' | 'email' | 'source' | 'createdAt'
  order: 'asc' | 'desc'
  page: number
  pageSize: number
}

export async function listLeads(db: Db, memberId: string, options: LeadListOptions) {
  const pattern = options.search ? `%${escapeLike(options.search)}%` : undefined
  const where = and(
    eq(leads.memberId, memberId),
    pattern ? sql`(${leads.name} || ' ' || ${leads.email}) ilike ${pattern}` : undefined,
  )
  const direction = options.order === 'asc' ? asc : desc
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(direction(leads[options.sort]), asc(leads.id))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ n: count() }).from(leads).where(where),
  ])
  return {
    items: rows.map(toLead),
    total: total?.n ?? 0,
    page: options.page,
    pageSize: options.pageSize,
  }
}

export async function setLeadFormKey(db: Db, memberId: string, key: string) {
  await db.update(members).set({ leadFormKey: key }).where(eq(members.id, memberId))
}

export async function findFormOwner(db: Db, key: string) {
  const [row] = await db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      areas: members.areas,
      role: members.role,
    })
    .from(members)
    .where(eq(members.leadFormKey, key))
    .limit(1)
  return row
}

/** A person opting in twice stays one lead: the second time only refreshes consent. */
export async function captureLead(
  db: Db,
  memberId: string,
  values: { name: string; email: string },
) {
  const [existing] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.memberId, memberId), eq(leads.email, values.email)))
    .limit(1)
  if (existing) {
    await db
      .update(leads)
      .set({ consent: true, updatedAt: new Date() })
      .where(eq(leads.id, existing.id))
    return
  }
  await db.insert(leads).values({ ...values, memberId, source: 'optin', consent: true })
}
