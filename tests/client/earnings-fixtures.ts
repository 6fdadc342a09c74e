import type { CountrySales, Earnings, HopData } from '@schemas/earnings'
import { contract } from '@schemas/index'

import { makeAccount } from './factories'
import { handle } from './msw'

// Last year: its March has passed whatever the month now, and no month still to come is offered.
export const YEAR = new Date().getFullYear() - 1
export const period = (month: number | null, year = YEAR) =>
  month === null
    ? { from: `${year}-01-01`, to: `${year}-12-31` }
    : {
        from: `${year}-${String(month).padStart(2, '0')}-01`,
        to: new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10),
      }
export const day = (month: number, d: number) =>
  `${YEAR}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`

export const usd = (net: string, overrides: Partial<Earnings['totals'][number]> = {}) => ({
  currency: 'USD',
  salesCount: 12,
  gross: '1200.00',
  refundsCount: 1,
  refunds: '100.00',
  chargebacksCount: 1,
  chargebacks: '50.00',
  net,
  ...overrides,
})

export function earnings(
  month: number | null,
  totals: Earnings['totals'],
  daily: Earnings['daily'] = [],
) {
  return { period: period(month), totals, daily, products: [] } satisfies Earnings
}

export const countries = (month: number | null, rows: CountrySales['countries']): CountrySales => ({
  period: period(month),
  countries: rows,
})

const hops = (month: number | null, overrides: Partial<HopData> = {}): HopData => ({
  period: period(month),
  hops: 200,
  sales: 10,
  conversionRate: 0.05,
  earningsPerHop: [{ currency: 'USD', epc: '5.25' }],
  daily: [{ date: day(3, 2), hops: 120, sales: 6 }],
  ...overrides,
})

export const connected = () => [
  handle(contract.members.memberInfo, () => ({
    data: {
      data: {
        member: { id: 'member-1', email: 'member@example.com', allMember: [] },
        clickbank: makeAccount({ affiliateId: 'mayacb', transactions: 40 }),
      },
    },
  })),
  handle(contract.accounts.dgMemberInfo, () => ({
    data: {
      data: {
        digistore24: makeAccount({
          network: 'digistore24',
          affiliateId: 'maya_ds24',
          transactions: 20,
        }),
      },
    },
  })),
]

export type Calls = Record<string, URLSearchParams[]>

/** Figures for March (and a February to compare with), recording every query sent. */
export function figures(calls: Calls = {}) {
  const record = (op: string, url: URL) => (calls[op] ??= []).push(url.searchParams)
  const month = (url: URL) => {
    const m = url.searchParams.get('month')
    return m === null ? null : Number(m)
  }
  return [
    handle(contract.earnings.profitEarning, ({ url }) => {
      record('profitEarning', url)
      const m = month(url)
      const net = m === 3 ? '1050.00' : m === 2 ? '700.00' : '9000.00'
      return {
        data: {
          data: earnings(
            m,
            [usd(net)],
            [
              { date: day(3, 2), currency: 'USD', net: '600.00' },
              { date: day(3, 9), currency: 'USD', net: '450.00' },
            ],
          ),
        },
      }
    }),
    handle(contract.earnings.dgEarning, ({ url }) => {
      record('dgEarning', url)
      const m = month(url)
      const net = m === 3 ? '80.00' : '100.00'
      return {
        data: {
          data: earnings(
            m,
            [
              {
                currency: 'EUR',
                salesCount: 2,
                gross: '120.00',
                refundsCount: 1,
                refunds: '40.00',
                chargebacksCount: 0,
                chargebacks: '0.00',
                net,
              },
            ],
            [{ date: day(3, 5), currency: 'EUR', net }],
          ),
        },
      }
    }),
    handle(contract.earnings.saleByCountry, ({ url }) => {
      record('saleByCountry', url)
      return {
        data: {
          data: countries(month(url), [
            { code: 'DE', name: 'Germany', currency: 'USD', salesCount: 2, amount: '150.00' },
            { code: 'US', name: 'United States', currency: 'USD', salesCount: 9, amount: '900.00' },
          ]),
        },
      }
    }),
    handle(contract.earnings.dgSaleByCountry, ({ url }) => {
      record('dgSaleByCountry', url)
      return {
        data: {
          data: countries(month(url), [
            {
              code: 'KR',
              name: 'Korea, Republic of',
              currency: 'EUR',
              salesCount: 1,
              amount: '80.00',
            },
          ]),
        },
      }
    }),
    handle(contract.earnings.hopData, ({ url }) => {
      record('hopData', url)
      return { data: { data: hops(month(url)) } }
    }),
  ]
}

export const march = `/admin/dashboard?year=${YEAR}&month=3`

/** Every observed element is on screen at once: the charts load only when scrolled near. */
export class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, isIntersecting: true } as IntersectionObserverEntry],
      this as unknown as IntersectionObserver,
    )
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return []
  }
}
