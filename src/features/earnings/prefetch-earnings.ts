import type { QueryClient } from '@tanstack/react-query'

import { accountsApi } from '@/api/earnings'
import { membersApi } from '@/api/members'

import { countriesOptions, earningsOptions, hopsOptions } from './figures'
import { figuresQuery, periodOf, previousPeriod } from './period'
import type { EarningsSearch } from './search'

/**
 * What the dashboard's earnings need, asked for while the screen's code loads: the member's
 * accounts (awaited, so the section is drawn in its final shape at once), then every figures
 * call of the period and of the one before, side by side (not awaited: each card waits in a
 * placeholder of its own size).
 */
export async function prefetchEarnings(client: QueryClient, search: EarningsSearch) {
  const [clickbank, digistore] = await Promise.all([
    client.ensureQueryData(membersApi.memberInfo.queryOptions({})).catch(() => undefined),
    client.ensureQueryData(accountsApi.dgMemberInfo.queryOptions({})).catch(() => undefined),
  ])
  const period = periodOf(search)
  const product = (search.search ?? '').trim()
  const accounts = [
    { network: 'clickbank' as const, account: clickbank?.data.clickbank },
    { network: 'digistore24' as const, account: digistore?.data.digistore24 },
  ]
  for (const { network, account } of accounts) {
    if (!account) continue
    const query = figuresQuery(account.affiliateId, period, product)
    const before = figuresQuery(account.affiliateId, previousPeriod(period), product)
    void client.prefetchQuery(earningsOptions(network, query))
    void client.prefetchQuery(earningsOptions(network, before))
    void client.prefetchQuery(countriesOptions(network, query))
    if (network === 'clickbank') void client.prefetchQuery(hopsOptions(query))
  }
}
