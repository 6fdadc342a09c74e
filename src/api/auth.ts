import { auth } from '@schemas/auth'

import { createApi } from './create-api'

export const authApi = createApi('auth', auth)
