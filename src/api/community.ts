import { community } from '@schemas/community'

import { createApi } from './create-api'

export const communityApi = createApi('community', community)
