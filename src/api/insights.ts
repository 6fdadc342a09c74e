import { insights } from '@schemas/insights'

import { createApi } from './create-api'

export const insightsApi = createApi('insights', insights)
