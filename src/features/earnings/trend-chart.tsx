import { Box, Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { lazy, Suspense, useId, useRef, useState } from 'react'

import { DataTable } from '@/components/list-kit'
import { onFirstUse } from '@/lib/intl'
import { useNearViewport } from '@/lib/use-near-viewport'

export interface TrendSeries {
  label: string
  /** One value per date; null where the series has none. */
  values: (number | null)[]
  color: string
  format: (value: number) => string
}

// uPlot and its styles load in their own chunk, only when a chart is scrolled near.
const UPlotChart = lazy(() => import('./uplot-chart'))

/** The plot's height: low enough for two charts and the figures around them on one screen. */
const CHART_HEIGHT = 160

const dayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
)
const monthFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en', {
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
)

/**
 * A line chart of daily figures with its legend and the same figures as a table on demand.
 * The canvas is an image with a label for screen readers; the table is the accessible version.
 */
export function TrendChart({
  label,
  dates,
  unit = 'day',
  series,
  axisFormat,
}: {
  label: string
  /** ISO dates of the x axis: days, or the first day of each month. */
  dates: string[]
  unit?: 'day' | 'month'
  series: TrendSeries[]
  axisFormat: (value: number) => string
}) {
  const [showTable, setShowTable] = useState(false)
  const format = unit === 'month' ? monthFormat : dayFormat
  const formatDay = (date: string) => format.format(new Date(`${date}T00:00:00Z`))
  const [hovered, setHovered] = useState<number | null>(null)
  const tableId = useId()
  const xs = dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000)
  const chartSeries = series.map(({ label: name, values, color }) => ({
    label: name,
    values,
    color,
  }))
  const hoveredDate = hovered === null ? undefined : dates[hovered]
  const box = useRef<HTMLDivElement>(null)
  const near = useNearViewport(box)

  return (
    <Stack gap="2">
      <Box role="img" aria-label={label} ref={box}>
        {near ? (
          <Suspense fallback={<Skeleton height={`${CHART_HEIGHT}px`} />}>
            <UPlotChart
              xs={xs}
              height={CHART_HEIGHT}
              series={chartSeries}
              formatValue={axisFormat}
              onCursor={setHovered}
            />
          </Suspense>
        ) : (
          <Skeleton height={`${CHART_HEIGHT}px`} />
        )}
      </Box>
      <HStack gap="4" flexWrap="wrap" fontSize="sm" minH="6">
        <HStack gap="4" flexWrap="wrap" aria-hidden="true" me="auto">
          {hoveredDate ? <Text fontWeight="medium">{formatDay(hoveredDate)}</Text> : null}
          {series.map((s) => {
            const value = hovered === null ? null : s.values[hovered]
            return (
              <HStack key={s.label} gap="1.5">
                <Box w="3" h="3" rounded="full" bg={s.color} flexShrink={0} />
                <Text>
                  {s.label}
                  {value !== null && value !== undefined ? `: ${s.format(value)}` : ''}
                </Text>
              </HStack>
            )
          })}
        </HStack>
        <Button
          size="xs"
          variant="ghost"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((v) => !v)}
        >
          {showTable ? 'Hide the table' : 'Show as a table'}
        </Button>
      </HStack>
      {showTable ? (
        <DataTable
          label={label}
          columns={[
            {
              key: 'date',
              header: unit === 'month' ? 'Month' : 'Date',
              cell: (i: number) => <time dateTime={dates[i]}>{formatDay(dates[i]!)}</time>,
            },
            ...series.map((s) => ({
              key: s.label,
              header: s.label,
              cell: (i: number) => {
                const value = s.values[i]
                return value === null || value === undefined ? '–' : s.format(value)
              },
              headerProps: { textAlign: 'end' as const },
              cellProps: { textAlign: 'end' as const },
            })),
          ]}
          rows={dates.map((_, i) => i)}
          rowKey={(i) => dates[i]!}
          phoneCards={false}
          framed={false}
          stickyHeader
          scrollProps={{ id: tableId, maxH: '80', borderWidth: '1px', rounded: 'l2' }}
        />
      ) : null}
    </Stack>
  )
}
