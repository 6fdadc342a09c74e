import { endpoint, envelope } from './contract'
import { quickCashFileSchema, viralFileSchema } from './tool-content'

const VIRAL_PATH = '/viralideas'
const QUICK_CASH_PATH = '/quickcash'

/**
 * The tools' paths as types. The app reads this read-only content without building its schemas:
 * it imports only types from here, and a path it names that is not the contract's fails tsc.
 */
export interface ToolPaths {
  viral: typeof VIRAL_PATH
  quickCash: typeof QUICK_CASH_PATH
}

/** The tools' read-only content, the same for every member of the area, read once at start. */
export const tools = {
  viral: endpoint({
    method: 'GET',
    path: VIRAL_PATH,
    access: 'member',
    area: 'quickCash',
    summary: 'Viral post ideas: hook formulas, why each works, steps and a worked example',
    response: envelope(viralFileSchema),
  }),
  quickCash: endpoint({
    method: 'GET',
    path: QUICK_CASH_PATH,
    access: 'member',
    area: 'quickCash',
    summary: '7-day quick-start plans: one offer type, one free traffic channel, a task a day',
    response: envelope(quickCashFileSchema),
  }),
}
