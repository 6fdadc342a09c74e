import { NETWORK_LABELS } from '../../../api-schemas/earnings'
import { Stack, Text } from '@chakra-ui/react'
import { useQueries } from '@tanstack/react-query'

import type { Earnings, EarningsQuery, Network } from '../../../api-schemas/earnings'
import { Card, PanelError, PanelSkeleton } from '../../components/ui'
import { earningsOptions } from './figures'
import { formatMoney } from './money'
import { datesBetween } from './period'
import { type TrendSeries, TrendChart } from './trend-chart'

/** Each network has its theme colour; further currencies of a network take the next ones. */
const NETWORK_COLORS: Record<Network, string> = {
  clickbank: 'primary.solid',
  digistore24: 'secondary.solid',
}
const MORE_COLORS = ['orange.solid', 'green.solid', 'purple.solid', 'pink.solid', 'teal.solid']

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })

/** One line per network and currency: net earnings of each day of the period (0 without sales). */
export function dailyNetSeries(figures: { network: Network; earnings: Earnings }[]): {
  dates: string[]
  series: TrendSeries[]
} {
  const first = figures[0]
  if (!first) return { dates: [], series: [] }
  const dates = datesBetween(first.earnings.period.from, first.earnings.period.to)
  const index = new Map(dates.map((d, i) => [d, i]))
  const series: TrendSeries[] = []
  let extra = 0
  for (const { network, earnings } of figures) {
    const currencies = [
      ...new Set([
        ...earnings.totals.map((t) => t.currency),
        ...earnings.daily.map((d) => d.currency),
      ]),
    ]
    currencies.forEach((currency, i) => {
      const values = dates.map(() => 0)
      for (const day of earnings.daily) {
        const at = index.get(day.date)
        if (day.currency === currency && at !== undefined) values[at]! += Number(day.net)
      }
      series.push({
        label: `${NETWORK_LABELS[network]} ${currency}`,
        values: values.map((v) => Math.round(v * 100) / 100),
        color: i === 0 ? NETWORK_COLORS[network] : MORE_COLORS[extra++ % MORE_COLORS.length]!,
        format: (value) => formatMoney(value, currency),
      })
    })
  }
  return { dates, series }
}

/** Net earnings per day of every connected network, in one chart. */
export function DailyNetCard({
  accounts,
  periodLabel,
}: {
  accounts: { network: Network; query: EarningsQuery }[]
  periodLabel: string
}) {
  const results = useQueries({
    queries: accounts.map((a) => earningsOptions(a.network, a.query)),
  })
  const loaded = accounts.flatMap((a, i) => {
    const data = results[i]?.data
    return data ? [{ network: a.network, earnings: data.data }] : []
  })
  const failed = results.filter((r) => r.isError)
  const pending = results.some((r) => r.isPending)
  const { dates, series } = dailyNetSeries(loaded)

  return (
    <Card title="Net earnings per day" data-testid="daily-net">
      {pending ? (
        <PanelSkeleton label="Loading daily earnings" rows={4} />
      ) : (
        <Stack gap="3">
          {failed.map((r, i) => (
            <PanelError
              key={i}
              message={r.error?.message ?? 'An error occurred'}
              onRetry={() => void r.refetch()}
              retrying={r.isFetching}
            />
          ))}
          {loaded.length === 0 ? null : series.length === 0 ? (
            <Text color="fg.muted">No earnings in {periodLabel}.</Text>
          ) : (
            <TrendChart
              label={`Net earnings per day, ${periodLabel}: ${series.map((s) => s.label).join(', ')}`}
              dates={dates}
              series={series}
              axisFormat={(v) => compact.format(v)}
            />
          )}
        </Stack>
      )}
    </Card>
  )
}
