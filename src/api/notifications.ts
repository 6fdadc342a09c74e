import { notifications } from '@schemas/notifications'

import { createApi } from './create-api'

export const notificationsApi = createApi('notifications', notifications)
