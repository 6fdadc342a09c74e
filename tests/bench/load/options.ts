import { parseArgs } from 'node:util'

/** The run's settings, from the command line (see load.ts). */
export const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    cycles: { type: 'string', default: '10' },
    only: { type: 'string' },
    soak: { type: 'string' },
    contention: { type: 'boolean' },
  },
})
export const soak = values.soak ? Math.max(120, Math.min(3600, Number(values.soak))) : 0
export const duration = Math.max(5, Math.min(600, Number(values.duration)))
export const cycles = Math.max(1, Math.min(20, Number(values.cycles)))
export const MEMBERS = 4
