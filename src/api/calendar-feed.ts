import { calendarFeed } from '@schemas/calendar-feed'

import { createApi } from './create-api'

export const calendarFeedApi = createApi('calendarFeed', calendarFeed)
