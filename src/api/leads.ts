import { leads } from '@schemas/leads'

import { createApi } from './create-api'

export const leadsApi = createApi('leads', leads)
