import {
  customNiches,
  healthNiche,
  phoneItems,
  relationshipNiche,
  wealthNiche,
  woodworkingNiche,
} from '@schemas/niche-items'
import { niches } from '@schemas/niches'

import { createApi } from './create-api'

export const nicheLibraryApi = createApi('nicheLibrary', niches)

/** Each niche's own sheet, by niche. */
export const nicheSheetApis = {
  health: createApi('healthNiche', healthNiche),
  wealth: createApi('wealthNiche', wealthNiche),
  relationship: createApi('relationshipNiche', relationshipNiche),
  woodworking: createApi('woodworkingNiche', woodworkingNiche),
}

export const phoneItemsApi = createApi('phoneItems', phoneItems)
export const customNichesApi = createApi('customNiches', customNiches)
