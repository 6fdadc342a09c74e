import { NETWORK_LABELS } from '@schemas/earnings'
import { accountsApi } from '@/api/earnings'
import { membersApi } from '@/api/members'
import { StatTile } from '@/components/ui'
import { useQueries, useQuery } from '@/lib/use-deferred-query'

import { earningsOptions } from './figures'
import { formatMoney, toCents } from './money'
import { figuresQuery, periodOf } from './period'

/**
 * The dashboard's headline earnings: this month's net across the member's accounts, one amount
 * per currency (amounts in different currencies are never added up).
 */
export function EarningsKpi() {
  const clickbank = useQuery(membersApi.memberInfo.queryOptions({}))
  const digistore = useQuery(accountsApi.dgMemberInfo.queryOptions({}))
  const period = periodOf({})
  const label = 'Net earnings this month'
  const accounts = [
    { network: 'clickbank' as const, account: clickbank.data?.data.clickbank },
    { network: 'digistore24' as const, account: digistore.data?.data.digistore24 },
  ].flatMap(({ network, account }) => (account ? [{ network, id: account.affiliateId }] : []))
  const figures = useQueries({
    queries: accounts.map(({ network, id }) =>
      earningsOptions(network, figuresQuery(id, period, '')),
    ),
  })

  if (clickbank.isPending || digistore.isPending || figures.some((f) => f.isPending)) {
    return <StatTile label={label} loading testId="kpi-earnings" />
  }
  if (accounts.length === 0) {
    const failed = clickbank.error ?? digistore.error
    if (failed) return <StatTile label={label} error={failed.message} testId="kpi-earnings" />
    return (
      <StatTile
        label={label}
        value="Not connected"
        testId="kpi-earnings"
        link={{ to: '/admin/accountdetail', label: 'Connect an affiliate account' }}
      />
    )
  }
  const failed = figures.find((f) => f.isError)
  if (failed?.error)
    return <StatTile label={label} error={failed.error.message} testId="kpi-earnings" />

  const cents = new Map<string, number>()
  for (const f of figures) {
    for (const totals of f.data?.data.totals ?? []) {
      cents.set(totals.currency, (cents.get(totals.currency) ?? 0) + toCents(totals.net))
    }
  }
  const amounts = [...cents].map(([currency, value]) => formatMoney(value / 100, currency))
  return (
    <StatTile
      label={label}
      value={amounts[0] ?? 'No sales yet'}
      detail={[
        ...amounts.slice(1),
        accounts.map((a) => NETWORK_LABELS[a.network]).join(' and '),
      ].join(' · ')}
      testId="kpi-earnings"
    />
  )
}
