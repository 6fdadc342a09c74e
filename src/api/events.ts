import { events } from '../../api-schemas/events'
import { createApi } from './create-api'

export const eventsApi = createApi('events', events)
