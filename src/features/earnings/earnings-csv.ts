import {
  NETWORK_LABELS,
  type CountrySales,
  type Earnings,
  type HopData,
  type Network,
} from '@schemas/earnings'
import { toCsv } from '@/lib/csv'

/** The figures of one network account as the dashboard shows them. */
export interface NetworkFigures {
  network: Network
  affiliateId: string
  earnings?: Earnings | undefined
  countries?: CountrySales | undefined
  hops?: HopData | undefined
}

export const CSV_HEADER = [
  'Network',
  'Account',
  'From',
  'To',
  'Figure',
  'Date',
  'Country code',
  'Country',
  'Currency',
  'Count',
  'Amount',
] as const

type Row = Partial<Record<(typeof CSV_HEADER)[number], string | number>>

function rowsOf({ network, affiliateId, earnings, countries, hops }: NetworkFigures): Row[] {
  const rows: Row[] = []
  const base = (period: { from: string; to: string }): Row => ({
    Network: NETWORK_LABELS[network],
    Account: affiliateId,
    From: period.from,
    To: period.to,
  })
  if (earnings) {
    const b = base(earnings.period)
    for (const t of earnings.totals) {
      const c = { ...b, Currency: t.currency }
      rows.push({ ...c, Figure: 'Sales', Count: t.salesCount, Amount: t.gross })
      rows.push({ ...c, Figure: 'Refunds', Count: t.refundsCount, Amount: t.refunds })
      rows.push({ ...c, Figure: 'Chargebacks', Count: t.chargebacksCount, Amount: t.chargebacks })
      rows.push({ ...c, Figure: 'Net earnings', Amount: t.net })
    }
    for (const d of earnings.daily) {
      rows.push({ ...b, Figure: 'Daily net', Date: d.date, Currency: d.currency, Amount: d.net })
    }
  }
  if (countries) {
    const b = base(countries.period)
    for (const c of countries.countries) {
      rows.push({
        ...b,
        Figure: 'Country sales',
        'Country code': c.code,
        Country: c.name,
        Currency: c.currency,
        Count: c.salesCount,
        Amount: c.amount,
      })
    }
  }
  if (hops) {
    const b = base(hops.period)
    rows.push({ ...b, Figure: 'Hops', Count: hops.hops })
    rows.push({ ...b, Figure: 'Hop sales', Count: hops.sales })
    for (const e of hops.earningsPerHop) {
      rows.push({ ...b, Figure: 'Earnings per hop', Currency: e.currency, Amount: e.epc })
    }
    for (const d of hops.daily) {
      rows.push({ ...b, Figure: 'Daily hops', Date: d.date, Count: d.hops })
    }
  }
  return rows
}

/** Every figure shown, one row each under one header, lines ended by CRLF. */
export const earningsToCsv = (networks: NetworkFigures[]) =>
  toCsv([
    CSV_HEADER,
    ...networks.flatMap(rowsOf).map((row) => CSV_HEADER.map((column) => String(row[column] ?? ''))),
  ])
