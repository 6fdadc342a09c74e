import { SimpleGrid, Stack, Text } from '@chakra-ui/react'

import { NETWORK_LABELS, type Earnings, type EarningsQuery, type Network } from '@schemas/earnings'
import { Card, PanelError, PanelSkeleton } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { useQueries } from '@/lib/use-deferred-query'

import { earningsOptions } from './figures'
import { formatMoney, toCents } from './money'
import { datesBetween } from './period'
import { TrendChart, type TrendSeries } from './trend-chart'

/** Each network has its theme colour; further currencies of a network take the next ones. */
const NETWORK_COLORS: Record<Network, string> = {
  clickbank: 'primary.solid',
  digistore24: 'secondary.solid',
}
const MORE_COLORS = ['orange.solid', 'green.solid', 'purple.solid', 'pink.solid', 'teal.solid']

const compact = onFirstUse(
  () => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }),
)

/** Today as an ISO date, in the viewer's calendar. */
const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`

/** A period longer than this is drawn month by month: a year of days is a jagged blur. */
const MOST_DAYS_DRAWN = 62

export interface NetSeries extends TrendSeries {
  currency: string
}

/**
 * One line per network and currency: net earnings of each day of the period (0 without sales),
 * or of each month when the period is a year. Days and months after `today` have no point, so a
 * line ends today instead of falling to zero.
 */
export function dailyNetSeries(
  figures: { network: Network; earnings: Earnings }[],
  today = localToday(),
): { dates: string[]; unit: 'day' | 'month'; series: NetSeries[] } {
  const first = figures[0]
  if (!first) return { dates: [], unit: 'day', series: [] }
  const days = datesBetween(first.earnings.period.from, first.earnings.period.to)
  const unit = days.length > MOST_DAYS_DRAWN ? 'month' : 'day'
  const bucket = (date: string) => (unit === 'month' ? `${date.slice(0, 7)}-01` : date)
  const dates = [...new Set(days.map(bucket))]
  const index = new Map(dates.map((d, i) => [d, i]))
  const future = dates.map((d) => d > bucket(today))
  const series: NetSeries[] = []
  let extra = 0
  for (const { network, earnings } of figures) {
    const currencies = [
      ...new Set([
        ...earnings.totals.map((t) => t.currency),
        ...earnings.daily.map((d) => d.currency),
      ]),
    ]
    currencies.forEach((currency, i) => {
      const cents = dates.map(() => 0)
      for (const day of earnings.daily) {
        const at = index.get(bucket(day.date))
        if (day.currency === currency && at !== undefined) cents[at]! += toCents(day.net)
      }
      series.push({
        label: `${NETWORK_LABELS[network]} ${currency}`,
        currency,
        values: cents.map((v, at) => (future[at] ? null : v / 100)),
        color: i === 0 ? NETWORK_COLORS[network] : MORE_COLORS[extra++ % MORE_COLORS.length]!,
        format: (value) => formatMoney(value, currency),
      })
    })
  }
  return { dates, unit, series }
}

/**
 * Net earnings per day (per month for a year) of every connected network: one chart per currency,
 * as amounts in different currencies share no scale.
 */
export function DailyNetCard({
  accounts,
  periodLabel,
}: {
  accounts: { network: Network; query: EarningsQuery }[]
  periodLabel: string
}) {
  const results = useQueries({ queries: accounts.map((a) => earningsOptions(a.network, a.query)) })
  const loaded = accounts.flatMap((a, i) => {
    const data = results[i]?.data
    return data ? [{ network: a.network, earnings: data.data }] : []
  })
  const failed = results.filter((r) => r.isError)
  const pending = results.some((r) => r.isPending)
  const { dates, unit, series } = dailyNetSeries(loaded)
  const currencies = [...new Set(series.map((s) => s.currency))]
  const per = unit === 'month' ? 'month' : 'day'

  return (
    <Card title={`Net earnings per ${per}`} data-testid="daily-net">
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
            <SimpleGrid minChildWidth="min(16rem, 100%)" gap="5">
              {currencies.map((currency) => {
                const lines = series.filter((s) => s.currency === currency)
                return (
                  <Stack key={currency} gap="2">
                    {currencies.length > 1 ? (
                      <Text fontWeight="medium" fontSize="sm">
                        {currency}
                      </Text>
                    ) : null}
                    <TrendChart
                      label={`Net earnings per ${per} in ${currency}, ${periodLabel}: ${lines.map((s) => s.label).join(', ')}`}
                      dates={dates}
                      unit={unit}
                      series={lines}
                      axisFormat={(v) => compact.format(v)}
                    />
                  </Stack>
                )
              })}
            </SimpleGrid>
          )}
        </Stack>
      )}
    </Card>
  )
}
