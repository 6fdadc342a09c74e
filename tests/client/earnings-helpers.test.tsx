import { describe, expect, it } from 'vitest'

import { rankCountries } from '@/features/earnings/countries-card'
import { dailyNetSeries } from '@/features/earnings/daily-net-card'
import { earningsToCsv } from '@/features/earnings/earnings-csv'
import { monthsBegun, periodOf, previousPeriod } from '@/features/earnings/period'
import { csvField } from '@/lib/csv'

import { usd } from './earnings-fixtures'

describe('earnings helpers', () => {
  it('quotes CSV fields and neutralises formulas, but not negative amounts', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('Korea, Republic of')).toBe('"Korea, Republic of"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvField('-12.50')).toBe('-12.50')
    expect(earningsToCsv([]).split('\r\n')).toHaveLength(2)
  })

  it('compares January with December of the year before, a year with the year before', () => {
    expect(previousPeriod({ year: 2026, month: 1 })).toEqual({ year: 2025, month: 12 })
    expect(previousPeriod({ year: 2026, month: 7 })).toEqual({ year: 2026, month: 6 })
    expect(previousPeriod({ year: 2026, month: null })).toEqual({ year: 2025, month: null })
  })

  it('fills days without sales with 0 and keeps currencies apart', () => {
    const { dates, series } = dailyNetSeries([
      {
        network: 'clickbank',
        earnings: {
          period: { from: '2026-02-01', to: '2026-02-28' },
          totals: [usd('10.00'), usd('5.00', { currency: 'EUR' })],
          daily: [
            { date: '2026-02-03', currency: 'USD', net: '10.00' },
            { date: '2026-02-03', currency: 'EUR', net: '5.00' },
          ],
          products: [],
        },
      },
    ])
    expect(dates).toHaveLength(28)
    expect(series.map((s) => s.label)).toEqual(['ClickBank USD', 'ClickBank EUR'])
    expect(series[0]!.values[2]).toBe(10)
    expect(series[1]!.values[2]).toBe(5)
    expect(series[0]!.values.reduce((a, b) => a! + b!, 0)).toBe(10)
  })

  it('ends each line today: days still to come have no point, not a zero', () => {
    const { dates, unit, series } = dailyNetSeries(
      [
        {
          network: 'clickbank',
          earnings: {
            period: { from: '2026-02-01', to: '2026-02-28' },
            totals: [usd('10.00')],
            daily: [{ date: '2026-02-03', currency: 'USD', net: '10.00' }],
            products: [],
          },
        },
      ],
      '2026-02-10',
    )
    expect(unit).toBe('day')
    expect(dates).toHaveLength(28)
    expect(series[0]!.values.slice(8, 11)).toEqual([0, 0, null])
    expect(series[0]!.values.filter((v) => v === null)).toHaveLength(18)
  })

  it('draws a year month by month, up to the current month', () => {
    const { dates, unit, series } = dailyNetSeries(
      [
        {
          network: 'digistore24',
          earnings: {
            period: { from: '2026-01-01', to: '2026-12-31' },
            totals: [usd('30.05', { currency: 'EUR' })],
            daily: [
              { date: '2026-01-03', currency: 'EUR', net: '10.10' },
              { date: '2026-01-30', currency: 'EUR', net: '9.95' },
              { date: '2026-03-15', currency: 'EUR', net: '10.00' },
            ],
            products: [],
          },
        },
      ],
      '2026-04-20',
    )
    expect(unit).toBe('month')
    expect(dates).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}-01`),
    )
    expect(series[0]!.values).toEqual([
      20.05,
      0,
      10,
      0,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('offers no month still to come, and reads one asked for in the address as this month', () => {
    const now = new Date(2026, 3, 20)
    expect(monthsBegun(2026, now)).toBe(4)
    expect(monthsBegun(2025, now)).toBe(12)
    expect(periodOf({ year: 2026, month: 9 }, now)).toEqual({ year: 2026, month: 4 })
    expect(periodOf({ year: 2025, month: 9 }, now)).toEqual({ year: 2025, month: 9 })
    expect(periodOf({ year: 2026, month: 'all' }, now)).toEqual({ year: 2026, month: null })
  })

  it('ranks countries by amount with bars relative to the top amount of the same currency', () => {
    const ranked = rankCountries([
      { code: 'DE', name: 'Germany', currency: 'EUR', salesCount: 1, amount: '50.00' },
      { code: 'US', name: 'United States', currency: 'USD', salesCount: 3, amount: '300.00' },
      { code: 'AT', name: 'Austria', currency: 'EUR', salesCount: 2, amount: '100.00' },
    ])
    expect(ranked.map((r) => [r.code, r.share])).toEqual([
      ['US', 1],
      ['AT', 1],
      ['DE', 0.5],
    ])
  })
})
