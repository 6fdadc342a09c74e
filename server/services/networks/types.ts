import type { Network } from '@schemas/earnings'

import type { ImportedHops, ImportedTransaction } from '../../repos/accounts'

/** What a connector needs to call a network on a member's behalf. */
export interface Credentials {
  /** ClickBank account nickname or Digistore24 affiliate id. */
  accountId: string
  apiKey: string
}

// The rows an import stores are the repo's shapes: a connector yields what it stores.
export type { ImportedHops, ImportedTransaction }

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
