import type { QueuedWrite } from '@/lib/write-queue'

import { coursesApi } from './courses'
import { customNichesApi, nicheSheetApis } from './niches'
import { notesApi } from './notes'

type Sendable = {
  key: readonly [string]
  [op: string]: unknown
}

/**
 * The groups whose changes may wait for the connection (a lesson's progress, notes, rows of an
 * own sheet), by the name their calls are kept under. Loaded only to send what waits.
 */
const groups: Sendable[] = [
  coursesApi,
  notesApi,
  customNichesApi,
  ...Object.values(nicheSheetApis),
] as unknown as Sendable[]

type KeyedCall = (
  input: unknown,
  signal: undefined,
  headers: Record<string, string> | undefined,
) => Promise<unknown>

/**
 * Sends one kept change with the Idempotency-Key it was given when it was made; resolves with
 * its group, whose queries are then out of date.
 */
export async function sendQueued(write: QueuedWrite): Promise<string> {
  const [groupName, op] = write.call.split('.')
  const group = groups.find((g) => g.key[0] === groupName)
  const endpoint = group?.[op ?? ''] as { call: KeyedCall } | undefined
  if (!group || !endpoint) throw new Error(`Nothing sends ${write.call}`)
  await endpoint.call(
    write.input,
    undefined,
    write.keyed ? { 'Idempotency-Key': write.id } : undefined,
  )
  return groupName!
}
