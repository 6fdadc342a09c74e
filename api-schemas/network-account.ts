import { z } from 'zod/mini'

/**
 * The affiliate networks and what an account with one looks like to its member: a file of its
 * own, so the members contract (which shows a member's ClickBank account) does not build the
 * whole earnings contract with it on every screen's start.
 */
export const NETWORKS = ['clickbank', 'digistore24'] as const
export type Network = (typeof NETWORKS)[number]

export const NETWORK_LABELS: Record<Network, string> = {
  clickbank: 'ClickBank',
  digistore24: 'Digistore24',
}

/** What a network account looks like to its member: the API key never comes back, only a hint. */
export const syncStatusSchema = z.object({
  running: z.boolean(),
  /** What the import is doing now, or did last, e.g. "Transactions: page 3". */
  step: z.string(),
  /** Between 0 and 1 while running; 1 when done. */
  progress: z.number().check(z.gte(0), z.lte(1)),
  /** New rows this run (transactions and hop days). */
  imported: z.int(),
  startedAt: z.nullable(z.iso.datetime()),
})
export type SyncStatus = z.infer<typeof syncStatusSchema>

export const networkAccountSchema = z.object({
  network: z.enum(NETWORKS),
  affiliateId: z.string(),
  hasApiKey: z.boolean(),
  /** The key's last four characters behind bullets, e.g. "••••••••3f9a". */
  apiKeyHint: z.nullable(z.string()),
  lastSyncAt: z.nullable(z.iso.datetime()),
  lastError: z.nullable(z.string()),
  /** Transactions stored for this account. */
  transactions: z.int(),
  sync: syncStatusSchema,
})
export type NetworkAccount = z.infer<typeof networkAccountSchema>
