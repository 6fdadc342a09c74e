import { support } from '@schemas/support'

import { createApi } from './create-api'

export const supportApi = createApi('support', support)
