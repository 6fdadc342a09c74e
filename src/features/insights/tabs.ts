/** The insight screen's tabs, as its address names them (`?tab=nudges`). */
export const INSIGHT_TABS = ['courses', 'checks', 'nudges', 'earnings'] as const
