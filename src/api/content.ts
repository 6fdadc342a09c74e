import { content } from '@schemas/content'

import { createApi } from './create-api'

export const contentApi = createApi('content', content)
