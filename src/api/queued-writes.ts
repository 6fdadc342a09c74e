import type { QueuedWrite } from '@/lib/write-queue'
import type { SendWrite } from '@/lib/write-sender'

import { communityApi } from './community'
import { coursesApi } from './courses'
import { customNichesApi, nicheSheetApis } from './niches'
import { notesApi } from './notes'

type KeyedCall = (
  input: unknown,
  signal: undefined,
  headers: Record<string, string> | undefined,
) => Promise<unknown>

/**
 * Every call whose change may wait for the connection, by the name it is kept under
 * (`group.op`, as create-api.ts's offline mutations and the sheets' waiting rows name it): a
 * lesson's progress, notes, replies in the community, and rows added to a sheet. Loaded only to send what waits.
 */
const queuedCalls = {
  'courses.progress': coursesApi.progress,
  'community.reply': communityApi.reply,
  'notes.create': notesApi.create,
  'notes.update': notesApi.update,
  'healthNiche.create': nicheSheetApis.health.create,
  'wealthNiche.create': nicheSheetApis.wealth.create,
  'relationshipNiche.create': nicheSheetApis.relationship.create,
  'woodworkingNiche.create': nicheSheetApis.woodworking.create,
  'customNiches.deskCreate': customNichesApi.deskCreate,
} satisfies Record<string, { call: unknown }>

/** The name a waiting change is kept under: one of the calls above. */
export type QueuedCall = keyof typeof queuedCalls

const isQueuedCall = (name: string): name is QueuedCall => Object.hasOwn(queuedCalls, name)

/** Each name with the call it sends through (for the test that checks the names). */
export const queuedCallNames = () => Object.entries(queuedCalls)

/**
 * Sends one kept change with the Idempotency-Key it was given when it was made; resolves with
 * its group, whose queries are then out of date.
 */
export const sendQueued: SendWrite = async (write: QueuedWrite) => {
  if (!isQueuedCall(write.call)) throw new Error(`Nothing sends ${write.call}`)
  const send = queuedCalls[write.call].call as KeyedCall
  await send(write.input, undefined, write.keyed ? { 'Idempotency-Key': write.id } : undefined)
  return write.call.split('.')[0]!
}
