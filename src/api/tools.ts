import { tools } from '@schemas/tools'

import { createApi } from './create-api'

export const toolsApi = createApi('tools', tools)

/** The tools' content changes only with a new release of the server: read once per visit. */
export const toolsContent = {
  viral: { ...toolsApi.viral.queryOptions(), staleTime: Infinity },
  quickCash: { ...toolsApi.quickCash.queryOptions(), staleTime: Infinity },
}
