import 'uplot/dist/uPlot.min.css'

import { Box, chakra } from '@chakra-ui/react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import uPlot from 'uplot'

import { useAppearance } from '@/stores/appearance'

export interface UPlotSeries {
  label: string
  values: (number | null)[]
  /** A Chakra colour token, e.g. "primary.solid"; resolved to the colour the theme gives it now. */
  color: string
}

export interface UPlotChartProps {
  /** Unix seconds (UTC midnights) of the x axis. */
  xs: number[]
  series: UPlotSeries[]
  height?: number
  formatValue: (value: number) => string
  /** The index of the day under the pointer, null when it leaves the chart. */
  onCursor?: (index: number | null) => void
}

const AXIS_TOKENS = ['fg.muted', 'border'] as const

/**
 * A line chart drawn by uPlot on a canvas. Canvas cannot read CSS variables, so each colour token
 * is rendered on a hidden swatch and its computed colour read back, again whenever the mode or
 * colour theme changes.
 */
export default function UPlotChart({
  xs,
  series,
  height = 240,
  formatValue,
  onCursor,
}: UPlotChartProps) {
  const frame = useRef<HTMLDivElement>(null)
  const swatches = useRef<HTMLSpanElement>(null)
  const mode = useAppearance((s) => s.activeMode)
  const theme = useAppearance((s) => s.activeTheme)
  const [colors, setColors] = useState<string[] | null>(null)
  const tokens = [...AXIS_TOKENS, ...series.map((s) => s.color)]
  const tokenKey = tokens.join('|')

  useLayoutEffect(() => {
    const spans = swatches.current ? [...swatches.current.children] : []
    setColors(spans.map((span) => getComputedStyle(span).color || 'gray'))
  }, [tokenKey, mode, theme])

  // The latest props, read by the chart without rebuilding it on every render of the parent.
  const latest = useRef({ xs, series, formatValue, onCursor })
  useLayoutEffect(() => {
    latest.current = { xs, series, formatValue, onCursor }
  })
  // The chart is rebuilt only when what it draws changes.
  const drawn = JSON.stringify([xs, series.map((s) => [s.label, s.values])])

  useEffect(() => {
    const target = frame.current
    if (!target || !colors) return
    const drawing = latest.current
    const [axis, grid, ...lines] = colors
    const axisStyle: uPlot.Axis = {
      stroke: axis,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid, width: 1 },
      font: '12px system-ui, sans-serif',
    }
    const chart = new uPlot(
      {
        width: Math.max(target.clientWidth, 200),
        height,
        legend: { show: false },
        // Days are UTC dates: label them as such, whatever the viewer's time zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true } },
        cursor: { drag: { x: false, y: false } },
        series: [
          {},
          ...drawing.series.map((s, i) => ({
            label: s.label,
            stroke: lines[i],
            width: 2,
            points: { show: drawing.xs.length <= 31, size: 5 },
          })),
        ],
        axes: [
          axisStyle,
          {
            ...axisStyle,
            size: 64,
            values: (_u, splits) => splits.map((v) => latest.current.formatValue(v)),
          },
        ],
        hooks: {
          setCursor: [
            (u) => {
              const index = u.cursor.idx
              latest.current.onCursor?.(index ?? null)
            },
          ],
        },
      },
      [drawing.xs, ...drawing.series.map((s) => s.values)],
      target,
    )
    const resize = new ResizeObserver(() => {
      chart.setSize({ width: Math.max(target.clientWidth, 200), height })
    })
    resize.observe(target)
    return () => {
      resize.disconnect()
      chart.destroy()
    }
  }, [colors, drawn, height])

  return (
    <Box position="relative" dir="ltr">
      <chakra.span ref={swatches} display="none" aria-hidden="true">
        {tokens.map((token, i) => (
          <chakra.span key={`${token}-${i}`} color={token} />
        ))}
      </chakra.span>
      <Box ref={frame} w="full" minH={`${height}px`} overflow="hidden" />
    </Box>
  )
}
