import { SimpleGrid, Stack, Text } from '@chakra-ui/react'

import type { EarningsQuery, HopData } from '@schemas/earnings'
import { Card, PanelError, PanelSkeleton } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import { hopsOptions } from './figures'
import { countFormat, formatMoney, formatPercent } from './money'
import { datesBetween } from './period'
import { TrendChart, type TrendSeries } from './trend-chart'

/** Hops of each day of the period, 0 on days without any. */
export function dailyHopsSeries(hops: HopData): { dates: string[]; series: TrendSeries[] } {
  const dates = datesBetween(hops.period.from, hops.period.to)
  const byDate = new Map(hops.daily.map((d) => [d.date, d.hops]))
  return {
    dates,
    series: [
      {
        label: 'Hops',
        values: dates.map((d) => byDate.get(d) ?? 0),
        color: 'primary.solid',
        format: (value) => countFormat.format(value),
      },
    ],
  }
}

/** ClickBank visitors sent ("hops"), how many bought, and what each hop earned. */
export function HopsCard({ query, periodLabel }: { query: EarningsQuery; periodLabel: string }) {
  const hops = useQuery(hopsOptions(query))
  const data = hops.data?.data

  return (
    <Card title="ClickBank hops" data-testid="hops">
      {hops.isPending ? (
        <PanelSkeleton label="Loading hop data" rows={4} />
      ) : hops.isError ? (
        <PanelError
          message={hops.error.message}
          onRetry={() => void hops.refetch()}
          retrying={hops.isFetching}
        />
      ) : data ? (
        <Stack gap="4">
          <SimpleGrid minChildWidth="min(7.5rem, 100%)" gap="3">
            <Figure label="Hops" value={countFormat.format(data.hops)} />
            <Figure label="Sales" value={countFormat.format(data.sales)} />
            <Figure label="Conversion rate" value={formatPercent(data.conversionRate * 100)} />
            <Figure
              label="Earnings per hop"
              value={
                data.earningsPerHop.length === 0
                  ? '–'
                  : data.earningsPerHop.map((e) => formatMoney(e.epc, e.currency)).join(' · ')
              }
            />
          </SimpleGrid>
          {data.hops === 0 ? (
            <Text color="fg.muted">No hops in {periodLabel}.</Text>
          ) : (
            <ChartOf data={data} periodLabel={periodLabel} />
          )}
        </Stack>
      ) : null}
    </Card>
  )
}

function ChartOf({ data, periodLabel }: { data: HopData; periodLabel: string }) {
  const { dates, series } = dailyHopsSeries(data)
  return (
    <TrendChart
      label={`ClickBank hops per day, ${periodLabel}`}
      dates={dates}
      series={series}
      axisFormat={(v) => countFormat.format(v)}
    />
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0.5" minW="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" overflowWrap="anywhere">
        {value}
      </Text>
    </Stack>
  )
}
