import { describe, expect, it } from 'vitest'

import { communityApi } from './community'
import { coursesApi } from './courses'
import { customNichesApi, nicheSheetApis } from './niches'
import { notesApi } from './notes'
import { queuedCallNames, sendQueued } from './queued-writes'

/** The groups whose calls may wait, as create-api.ts names an offline mutation's call. */
const groups = [
  communityApi,
  coursesApi,
  notesApi,
  customNichesApi,
  ...Object.values(nicheSheetApis),
] as {
  key: readonly [string]
  [op: string]: unknown
}[]

describe('the registry of calls a waiting change is sent through', () => {
  it('names each call as the offline mutations and the sheets keep it: group.op', () => {
    for (const [name, endpoint] of queuedCallNames()) {
      const group = groups.find((g) => Object.values(g).includes(endpoint))
      expect(group, name).toBeDefined()
      const op = Object.entries(group!).find(([, value]) => value === endpoint)![0]
      expect(`${group!.key[0]}.${op}`).toBe(name)
    }
  })

  it('refuses a change kept under a name it does not know', async () => {
    await expect(
      sendQueued({
        id: 'a',
        keyed: true,
        seq: 1,
        member: 'member@example.com',
        call: 'notes.remove',
        input: {},
        label: 'A note',
        madeAt: '2026-03-01T10:00:00.000Z',
        state: 'waiting',
      }),
    ).rejects.toThrow('Nothing sends notes.remove')
  })
})
