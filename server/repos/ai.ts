import { and, asc, count, desc, eq, gte, inArray, lt, sql, sum } from 'drizzle-orm'

import type {
  ChatMessage,
  Generation,
  GenerationSummary,
  HistoryTool,
  Source,
  Writer,
} from '@schemas/ai'

import type { Db } from '../db/client'
import { aiGenerations, chatMessages } from '../db/schema'

type GenerationRow = typeof aiGenerations.$inferSelect
type ChatRow = typeof chatMessages.$inferSelect
export type Outcome = {
  output: string
  status: 'done' | 'stopped' | 'failed'
  message: string | null
  tokens: number
}

const summaryOf = (row: GenerationRow): GenerationSummary => ({
  id: row.id,
  tool: row.tool as HistoryTool,
  title: row.title,
  writer: row.writer,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
})

const generationOf = (row: GenerationRow): Generation => ({
  ...summaryOf(row),
  input: row.input,
  output: row.output,
  message: row.message,
  tokens: row.tokens,
})

const chatOf = (row: ChatRow): ChatMessage => ({
  id: row.id,
  role: row.role,
  text: row.text,
  writer: row.writer,
  status: row.status,
  message: row.message,
  sources: row.sources,
  createdAt: row.createdAt.toISOString(),
})

const mine = (memberId: string, id: string) =>
  and(eq(aiGenerations.memberId, memberId), eq(aiGenerations.id, id))

export async function insertGeneration(
  db: Db,
  values: {
    memberId: string
    tool: HistoryTool
    title: string
    input: Record<string, unknown>
    writer: Writer
    createdAt: Date
  },
) {
  const [row] = await db
    .insert(aiGenerations)
    .values({ ...values, status: 'running' })
    .returning({ id: aiGenerations.id })
  return row!.id
}

export async function finishGeneration(db: Db, id: string, outcome: Outcome) {
  await db.update(aiGenerations).set(outcome).where(eq(aiGenerations.id, id))
}

export async function listGenerations(
  db: Db,
  memberId: string,
  tool: HistoryTool | undefined,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(aiGenerations.memberId, memberId),
    tool ? eq(aiGenerations.tool, tool) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(aiGenerations)
      .where(where)
      .orderBy(desc(aiGenerations.createdAt), desc(aiGenerations.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(aiGenerations).where(where),
  ])
  return { items: rows.map(summaryOf), total: total?.n ?? 0, page, pageSize }
}

export async function findGeneration(db: Db, memberId: string, id: string) {
  const [row] = await db.select().from(aiGenerations).where(mine(memberId, id)).limit(1)
  return row ? generationOf(row) : undefined
}

export async function removeGeneration(db: Db, memberId: string, id: string) {
  const rows = await db
    .delete(aiGenerations)
    .where(mine(memberId, id))
    .returning({ id: aiGenerations.id })
  return rows.length > 0
}

/** Keeps the member's newest `keep` rows of a table, removing older ones. */
async function keepNewest(
  db: Db,
  table: typeof aiGenerations | typeof chatMessages,
  memberId: string,
  keep: number,
) {
  const old = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.memberId, memberId))
    .orderBy(desc(table.createdAt), desc(table.id))
    .offset(keep)
  if (old.length > 0) {
    await db.delete(table).where(
      inArray(
        table.id,
        old.map((r) => r.id),
      ),
    )
  }
}

export const pruneGenerations = (db: Db, memberId: string, keep: number) =>
  keepNewest(db, aiGenerations, memberId, keep)
export const pruneChat = (db: Db, memberId: string, keep: number) =>
  keepNewest(db, chatMessages, memberId, keep)

/**
 * The member's use of the AI allowance: answers begun in the last hour (generations and
 * chatbot answers alike), the oldest of them, and tokens used in the last 24 hours.
 */
export async function aiUsage(db: Db, memberId: string, now: Date) {
  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000)
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000)
  const of = (table: typeof aiGenerations | typeof chatMessages, extra?: ReturnType<typeof eq>) =>
    db
      .select({
        requests:
          sql<number>`count(*) filter (where ${table.createdAt} >= ${hourAgo.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
        oldest:
          sql<Date | null>`min(${table.createdAt}) filter (where ${table.createdAt} >= ${hourAgo.toISOString()}::timestamptz)`.mapWith(
            (v: string | Date | null) => (v === null ? null : new Date(v)),
          ),
        tokens: sum(table.tokens).mapWith(Number),
      })
      .from(table)
      .where(and(eq(table.memberId, memberId), gte(table.createdAt, dayAgo), extra))
  const [[generations], [answers]] = await Promise.all([
    of(aiGenerations),
    of(chatMessages, eq(chatMessages.role, 'assistant')),
  ])
  const oldest = [generations?.oldest, answers?.oldest].filter((d): d is Date => d instanceof Date)
  return {
    requests: (generations?.requests ?? 0) + (answers?.requests ?? 0),
    tokens: (generations?.tokens || 0) + (answers?.tokens || 0),
    oldestRequest: oldest.length ? new Date(Math.min(...oldest.map((d) => d.getTime()))) : null,
  }
}

export async function listChat(db: Db, memberId: string) {
  const rows = await db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.memberId, memberId))
    .orderBy(asc(chatMessages.createdAt))
  return rows.map(chatOf)
}

/** The last exchanges before now, for the model to follow the conversation. */
export async function recentChat(db: Db, memberId: string, before: Date, limit: number) {
  const rows = await db
    .select({ role: chatMessages.role, text: chatMessages.text })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.memberId, memberId),
        lt(chatMessages.createdAt, before),
        inArray(chatMessages.status, ['done']),
      ),
    )
    .orderBy(desc(chatMessages.createdAt))
    .limit(limit)
  return rows.reverse()
}

export async function insertChatMessage(
  db: Db,
  values: {
    memberId: string
    role: 'member' | 'assistant'
    text: string
    writer: Writer | null
    status: ChatMessage['status']
    sources?: Source[]
    createdAt: Date
  },
) {
  const [row] = await db.insert(chatMessages).values(values).returning({ id: chatMessages.id })
  return row!.id
}

export async function finishChatMessage(
  db: Db,
  id: string,
  outcome: Omit<Outcome, 'output'> & { text: string; sources: Source[]; writer: Writer },
) {
  await db.update(chatMessages).set(outcome).where(eq(chatMessages.id, id))
}

export async function removeChatMessages(db: Db, memberId: string, ids: string[]) {
  await db
    .delete(chatMessages)
    .where(and(eq(chatMessages.memberId, memberId), inArray(chatMessages.id, ids)))
}

export async function clearChat(db: Db, memberId: string) {
  const rows = await db
    .delete(chatMessages)
    .where(eq(chatMessages.memberId, memberId))
    .returning({ id: chatMessages.id })
  return rows.length
}
