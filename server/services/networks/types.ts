import type { Network } from '../../../api-schemas/earnings'

/** What a connector needs to call a network on a member's behalf. */
export interface Credentials {
  /** ClickBank account nickname or Digistore24 affiliate id. */
  accountId: string
  apiKey: string
}

/** One network transaction, as stored: the external id makes re-importing idempotent. */
export interface ImportedTransaction {
  /** Unique within the account: receipt + type (+ line item) for ClickBank, the transaction id for Digistore24. */
  externalId: string
  kind: 'sale' | 'refund' | 'chargeback'
  occurredAt: Date
  product: string
  /** ISO 3166-1 alpha-2, upper case; 'ZZ' when the network did not say. */
  country: string
  /** What the affiliate earned (or lost), positive, two decimals, e.g. "42.50". */
  amount: string
  /** ISO 4217, upper case. */
  currency: string
  /** The seller's account (ClickBank vendor nickname), when the network names it. */
  vendor?: string
}

/** Hops (visits through the affiliate's links) of one product on one day. */
export interface ImportedHops {
  day: string
  product: string
  hops: number
}

/** One page of an import; `progress` estimates how far through the range it is (0–1). */
export interface Page<T> {
  rows: T[]
  progress: number
}

export interface DateRange {
  /** First day, inclusive, YYYY-MM-DD (UTC). */
  from: string
  /** Last day, inclusive, YYYY-MM-DD (UTC). */
  to: string
}

export interface Connector {
  network: Network
  /** One cheap authenticated call; resolves when the network accepted the key. */
  test(credentials: Credentials, signal?: AbortSignal): Promise<void>
  transactions(
    credentials: Credentials,
    range: DateRange,
    signal?: AbortSignal,
  ): AsyncGenerator<Page<ImportedTransaction>>
  /** Daily hops per product; a network without hop figures yields nothing. */
  hops(
    credentials: Credentials,
    range: DateRange,
    signal?: AbortSignal,
  ): AsyncGenerator<Page<ImportedHops>>
}

export interface ConnectorOptions {
  baseUrl: string
  /** Per request. */
  timeoutMs: number
  /** Attempts after the first for timeouts, 5xx, 429 and ClickBank's 403 rate limit. */
  retries: number
  /** Wait before retry number `attempt` (1-based). */
  backoffMs: (attempt: number) => number
  /** Least time between two requests to the network (ClickBank: about 10 a second). */
  minIntervalMs: number
}

/** A failure worth telling the member; `retryable` when trying later may succeed. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'NetworkError'
  }
}
