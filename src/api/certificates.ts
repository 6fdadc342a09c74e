import { certificates } from '@schemas/certificates'

import { createApi } from './create-api'

export const certificatesApi = createApi('certificates', certificates)
