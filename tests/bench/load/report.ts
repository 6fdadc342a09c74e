import type autocannon from 'autocannon'

import type { soakLoad } from './soak'

/** An autocannon run's figures; 503 is counted apart: shedding is the answer asked for under overload. */
export function summary(result: autocannon.Result) {
  const codes =
    (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
      .statusCodeStats ?? {}
  const shed = codes['503']?.count ?? 0
  const other = Object.entries(codes)
    .filter(([code]) => !code.startsWith('2') && code !== '503')
    .reduce((sum, [, c]) => sum + c.count, 0)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    shed,
    errors: other + result.errors + result.timeouts,
  }
}

/**
 * Resident memory swings with each garbage collection, so each mark is the mean of the samples
 * (every 5 s) of the minute before it, with their range: after 1 minute, every 3 minutes, at the end.
 */
export function soakRow(label: string, start: number, f: Awaited<ReturnType<typeof soakLoad>>) {
  for (const [answer, n] of [...f.failures].sort((a, b) => b[1] - a[1])) {
    console.log(`${label}: ${answer} × ${n}`)
  }
  const minuteTo = (second: number) => {
    const window = f.samples.filter((s) => s.second > second - 60 && s.second <= second + 1)
    const mbs = window.map((s) => s.mb)
    return {
      second,
      mean: mbs.reduce((a, b) => a + b, 0) / mbs.length,
      low: Math.min(...mbs),
      high: Math.max(...mbs),
    }
  }
  const end = f.samples.at(-1)!.second
  const marks = [minuteTo(60)]
  for (let second = 240; second < end - 30; second += 180) marks.push(minuteTo(second))
  marks.push(minuteTo(end))
  const first = marks[0]!
  const last = marks.at(-1)!
  return [
    label,
    f.rps.toFixed(0),
    `${f.p50} / ${f.p99} / ${f.max}`,
    String(f.total),
    String(f.shed),
    String(f.errors),
    `${start.toFixed(0)}; ${marks
      .map(
        (m) =>
          `${Math.round(m.second / 60)} min ${m.mean.toFixed(0)} (${m.low.toFixed(0)}–${m.high.toFixed(0)})`,
      )
      .join(', ')}`,
    `${(((last.mean - first.mean) / first.mean) * 100).toFixed(1)} %`,
  ]
}
