import { checks } from '@schemas/checks'

import { createApi } from './create-api'

export const checksApi = createApi('checks', checks)
