import { endpoint, envelope } from './contract'
import { quickCashFileSchema, viralFileSchema } from './tool-content'

/** The tools' read-only content, the same for every member of the area, read once at start. */
export const tools = {
  viral: endpoint({
    method: 'GET',
    path: '/viralideas',
    access: 'member',
    area: 'quickCash',
    summary: 'Viral post ideas: hook formulas, why each works, steps and a worked example',
    response: envelope(viralFileSchema),
  }),
  quickCash: endpoint({
    method: 'GET',
    path: '/quickcash',
    access: 'member',
    area: 'quickCash',
    summary: '7-day quick-start plans: one offer type, one free traffic channel, a task a day',
    response: envelope(quickCashFileSchema),
  }),
}
