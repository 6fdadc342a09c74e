import { content } from '../../api-schemas/content'
import { createApi } from './create-api'

export const contentApi = createApi('content', content)
