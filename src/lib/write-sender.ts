import type { QueuedWrite } from './write-queue'

/** Sends one kept change; resolves with its group, whose queries are then out of date. */
export type SendWrite = (write: QueuedWrite) => Promise<string>

let load: (() => Promise<SendWrite>) | null = null

/**
 * Where the write queue (lib/write-queue.ts) gets the code that sends a kept change: the API
 * layer's registry (src/api/queued-writes.ts), handed over by the app when it is made
 * (src/app.tsx) and loaded only to send what waits. So the queue imports nothing of the API.
 */
export function setWriteSender(loader: () => Promise<SendWrite>) {
  load = loader
}

/** The sender, or null before the app has handed one over. */
export const writeSender = () => (load ? load() : Promise.resolve(null))
