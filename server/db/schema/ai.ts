/** The AI writing tools' generations and the chatbot's conversations. */
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

import { owner } from './members'

/**
 * What the AI writing tools and the translator wrote for a member: the input as sent, the
 * output as far as it got, and who wrote it (the model or the templates).
 */
export const aiGenerations = pgTable(
  'ai_generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    tool: text('tool').notNull(),
    title: text('title').notNull(),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    output: text('output').notNull().default(''),
    writer: text('writer', { enum: ['model', 'templates', 'course'] }).notNull(),
    status: text('status', { enum: ['running', 'done', 'stopped', 'failed'] }).notNull(),
    message: text('message'),
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ai_generations_member_idx').on(t.memberId, t.createdAt)],
)

/** The member's conversation with the course chatbot: questions and answers, oldest first. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    role: text('role', { enum: ['member', 'assistant'] }).notNull(),
    text: text('text').notNull(),
    writer: text('writer', { enum: ['model', 'templates', 'course'] }),
    status: text('status', { enum: ['running', 'done', 'stopped', 'failed'] }).notNull(),
    message: text('message'),
    sources: jsonb('sources')
      .$type<
        {
          path: string
          title: string
          heading: string | null
          anchor: string | null
          text: string
        }[]
      >()
      .notNull()
      .default([]),
    tokens: integer('tokens').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('chat_messages_member_idx').on(t.memberId, t.createdAt)],
)
