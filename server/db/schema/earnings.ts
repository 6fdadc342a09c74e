/** The affiliate networks: members' accounts, imported transactions and the daily and monthly figures kept from them. */
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

import { timestamps } from './columns'
import { owner } from './members'

/** A member's account on an affiliate network: a ClickBank nickname or a Digistore24 affiliate id. */
export const networkAccounts = pgTable(
  'network_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: owner(),
    network: text('network', { enum: ['clickbank', 'digistore24'] }).notNull(),
    /** The affiliate id the spec's `affiliateid` names. */
    accountId: text('account_id').notNull(),
    /** AES-256-GCM, never sent back; null for an account known from imports only. */
    apiKeyEncrypted: text('api_key_encrypted'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The import in progress, kept here so every server instance sees it and only one runs it:
     * an instance takes it by setting `sync_running` where it is not set (or where its runner
     * stopped beating), and beats `sync_beat_at` while it works.
     */
    syncRunning: boolean('sync_running').notNull().default(false),
    syncStep: text('sync_step').notNull().default(''),
    syncProgress: real('sync_progress').notNull().default(0),
    syncImported: integer('sync_imported').notNull().default(0),
    syncStartedAt: timestamp('sync_started_at', { withTimezone: true }),
    syncBeatAt: timestamp('sync_beat_at', { withTimezone: true }),
    /** Failed imports in a row, and when the schedule may try again. */
    syncFailures: integer('sync_failures').notNull().default(0),
    syncRetryAt: timestamp('sync_retry_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('network_accounts_account_idx').on(t.network, t.accountId),
    // One account per network per member: the spec's member info names one of each.
    uniqueIndex('network_accounts_member_idx').on(t.memberId, t.network),
  ],
)

/** One network transaction; the unique key makes every import idempotent. */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    kind: text('kind', { enum: ['sale', 'refund', 'chargeback'] }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    product: text('product').notNull(),
    /** ISO 3166-1 alpha-2, upper case; 'ZZ' when the network did not say. */
    country: text('country').notNull(),
    /** Positive; the kind says whether it adds or takes away. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** The seller's account (ClickBank vendor nickname), when the network names it. */
    vendor: text('vendor'),
  },
  (t) => [
    uniqueIndex('transactions_external_idx').on(t.accountRef, t.externalId),
    // The figures read the summaries below; this serves listing an account's rows by time.
    index('transactions_account_time_idx').on(t.accountRef, t.occurredAt),
  ],
)

/** The kinds of transaction, the same as `transactions.kind`. */
export const TRANSACTION_KINDS = ['sale', 'refund', 'chargeback'] as const

/**
 * Transactions summed per account, UTC day, kind, currency and product: what the earnings and hop
 * figures read. Kept by triggers on `transactions` (migration 0006), never written by the app.
 */
export const figuresDaily = pgTable(
  'figures_daily',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    currency: text('currency').notNull(),
    product: text('product').notNull(),
    count: integer('count').notNull(),
    /** The sum of the transactions' (positive) amounts. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'figures_daily_pk',
      columns: [t.accountRef, t.day, t.kind, t.currency, t.product],
    }),
  ],
)

/**
 * Transactions summed per account, UTC month (its first day), kind, currency, product and buyer
 * country: what the sales-by-country figures read. Kept by the same triggers.
 */
export const figuresMonthlyCountry = pgTable(
  'figures_monthly_country',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: TRANSACTION_KINDS }).notNull(),
    currency: text('currency').notNull(),
    product: text('product').notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({
      name: 'figures_monthly_country_pk',
      columns: [t.accountRef, t.month, t.kind, t.currency, t.product, t.country],
    }),
  ],
)

/** Daily hop counts (ClickBank visits through the affiliate's links), per product. */
export const hops = pgTable(
  'hops',
  {
    accountRef: uuid('account_ref')
      .notNull()
      .references(() => networkAccounts.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    product: text('product').notNull(),
    hops: integer('hops').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountRef, t.day, t.product] })],
)
