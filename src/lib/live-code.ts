/**
 * The live stream's code (live-events.ts) while it arrives: the top bar's bell asks for it at the
 * member's first act on the page, and the update prompt waits for it (service-worker.ts).
 */
export const liveCode: { arriving?: Promise<unknown> } = {}
