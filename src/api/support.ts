import { support } from '../../api-schemas/support'
import { createApi } from './create-api'

export const supportApi = createApi('support', support)
