import { expect } from 'vitest'

import {
  NetworkError,
  type ConnectorOptions,
  type Page,
} from '../../server/services/networks/types'

/** A connector's options for a fake on loopback: short waits, so retries and timeouts take ms. */
export const fast = (baseUrl: string, more: Partial<ConnectorOptions> = {}): ConnectorOptions => ({
  baseUrl,
  timeoutMs: 300,
  retries: 3,
  backoffMs: () => 5,
  minIntervalMs: 0,
  ...more,
})

/** Every row of an import, with the progress each page reported. */
export async function collect<T>(pages: AsyncGenerator<Page<T>>) {
  const rows: T[] = []
  const progress: number[] = []
  for await (const page of pages) {
    rows.push(...page.rows)
    progress.push(page.progress)
  }
  return { rows, progress }
}

export async function failure(promise: Promise<unknown>): Promise<NetworkError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(NetworkError)
    return error as NetworkError
  }
  throw new Error('expected a failure')
}

export const pad = (n: number) => String(n).padStart(2, '0')
