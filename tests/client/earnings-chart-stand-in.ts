/** What the stand-in for uPlot was asked to draw: one record per chart made. */
export interface ChartRecord {
  series: string[]
  data: unknown[][]
  destroyed: boolean
}

export const charts: ChartRecord[] = []

// uPlot draws on a canvas, which jsdom lacks: a stand-in records what it was asked to draw.
class FakePlot {
  static tzDate = (date: Date) => date
  record: ChartRecord
  constructor(options: { series: { label?: string }[] }, data: unknown[][]) {
    this.record = {
      series: options.series.slice(1).map((s) => s.label ?? ''),
      data,
      destroyed: false,
    }
    charts.push(this.record)
  }
  setSize() {}
  destroy() {
    this.record.destroyed = true
  }
}

/** The module `vi.mock('uplot', …)` puts in uPlot's place. */
export const uplotModule = { default: FakePlot }
