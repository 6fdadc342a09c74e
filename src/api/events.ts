import { events } from '@schemas/events'

import { createApi } from './create-api'

export const eventsApi = createApi('events', events)
