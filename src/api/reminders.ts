import { reminders } from '@schemas/reminders'

import { createApi } from './create-api'

export const remindersApi = createApi('reminders', reminders)
