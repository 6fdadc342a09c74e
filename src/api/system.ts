import { system } from '@schemas/system'

import { createApi } from './create-api'

export const systemApi = createApi('system', system)
