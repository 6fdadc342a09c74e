import { queue } from '@schemas/queue'

import { createApi } from './create-api'

export const queueApi = createApi('queue', queue)
