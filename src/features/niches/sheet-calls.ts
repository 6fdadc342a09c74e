import { NICHE_FETCH_FAILED } from '@schemas/niche-items'
import type { Niche } from '@schemas/niches'
import { customNichesApi, nicheSheetApis } from '@/api/niches'
import type { QueuedCall } from '@/api/queued-writes'
import { isApiError } from '@/lib/api-error'

import type { SheetCalls } from './use-sheet'

/** A sheet's failed load: the server's own words when it sent any, else the sheets' message. */
export const nicheFetchError = (error: unknown) =>
  isApiError(error) && error.serverMessage ? error.message : NICHE_FETCH_FAILED

/** The name a row added offline waits under, in the registry of src/api/queued-writes.ts. */
const WAITING_CREATE = {
  health: 'healthNiche.create',
  wealth: 'wealthNiche.create',
  relationship: 'relationshipNiche.create',
  woodworking: 'woodworkingNiche.create',
} as const satisfies Record<Niche, QueuedCall>

/** The calls of a member's own sheet of one of the four niches. */
export function nicheSheetCalls(niche: Niche, memberId: string): SheetCalls {
  const api = nicheSheetApis[niche]
  return {
    queryKey: api.list.key({ params: { id: memberId } }),
    list: async (signal) => (await api.list.call({ params: { id: memberId } }, signal)).data,
    create: async (row) => (await api.create.call({ body: row })).data,
    createCall: { call: WAITING_CREATE[niche], input: (row) => ({ body: row }) },
    update: async (id, changes) => (await api.update.call({ params: { id }, body: changes })).data,
    remove: async (id) => {
      await api.remove.call({ params: { id }, body: { memberId } })
    },
    batch: async (rows) => (await api.batch.call({ body: { rows } })).data.added,
  }
}

/** The calls of one of the member's own niches, named by its label. */
export function customSheetCalls(label: string, memberId: string): SheetCalls {
  const api = customNichesApi
  return {
    queryKey: api.deskList.key({ query: { member: memberId, niche: label } }),
    list: async (signal) =>
      (await api.deskList.call({ query: { member: memberId, niche: label } }, signal)).data,
    create: async (row) =>
      (await api.deskCreate.call({ body: { ...row, nicheLabel: label } })).data,
    createCall: {
      call: 'customNiches.deskCreate',
      input: (row) => ({ body: { ...row, nicheLabel: label } }),
    },
    update: async (id, changes) =>
      (await api.deskUpdate.call({ params: { id }, body: changes })).data,
    remove: async (id) => {
      await api.deskRemove.call({ params: { id }, query: { Member: memberId, niche: label, id } })
    },
    batch: async (rows) =>
      (await api.deskBatch.call({ body: { rows, nicheLabel: label } })).data.added,
  }
}
