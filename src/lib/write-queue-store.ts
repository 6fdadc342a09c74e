import { clear, createStore, del, set, values } from 'idb-keyval'

import type { QueuedWrite } from './write-queue'

/**
 * Where the changes made without a connection wait: this browser's IndexedDB, one record per
 * change under its id. Loaded only once a change has to wait, or to look for waiting ones after
 * the app has started, so no first screen carries it.
 */
const store = createStore('members-area-writes', 'writes')

export const readWrites = async (): Promise<QueuedWrite[]> =>
  (await values<QueuedWrite>(store)).sort((a, b) => a.seq - b.seq)

export const putWrite = (write: QueuedWrite) => set(write.id, write, store)

export const deleteWrite = (id: string) => del(id, store)

export const clearWrites = () => clear(store)
