import { count, desc } from 'drizzle-orm'

import type { AuditEntry } from '@schemas/members'

import type { Db } from '../db/client'
import { auditLog } from '../db/schema'

export async function recordAudit(
  db: Db,
  entry: {
    actorId: string
    actorEmail: string
    action: AuditEntry['action']
    targetEmail: string
    detail?: string
    /** When it happened, if not now. */
    at?: Date
  },
) {
  const { at, ...values } = entry
  await db.insert(auditLog).values(at ? { ...values, createdAt: at } : values)
}

export async function listAudit(db: Db, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auditLog),
  ])
  return {
    items: rows.map((row): AuditEntry => ({
      id: row.id,
      actorEmail: row.actorEmail,
      action: row.action as AuditEntry['action'],
      targetEmail: row.targetEmail,
      detail: row.detail,
      createdAt: row.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  }
}
