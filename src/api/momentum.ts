import { useEffect } from 'react'

import { momentum } from '@schemas/momentum'
import { useQuery } from '@/lib/use-deferred-query'

import { createApi } from './create-api'

export const momentumApi = createApi('momentum', momentum)

/** Whether this tab already offered the browser's time zone (it is taken only while none is set). */
let zoneOffered = false

/**
 * The own points, level and streak. A member without a time zone gets the browser's, once: the
 * days of their streak begin where they are.
 */
export function useMomentum() {
  const query = useQuery(momentumApi.momentum.queryOptions())
  const settings = momentumApi.momentumSettings.useMutation({ meta: { errorToast: false } })
  const unset = query.data?.data.timeZone === null
  const { mutate } = settings
  useEffect(() => {
    if (!unset || zoneOffered) return
    zoneOffered = true
    mutate({ body: { browserTimeZone: Intl.DateTimeFormat().resolvedOptions().timeZone } })
  }, [unset, mutate])
  return query
}
