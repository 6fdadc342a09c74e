import { waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it, vi } from 'vitest'

import { API_PREFIX, contract } from '@schemas/index'

import { setClock } from './clock'
import { charts } from './earnings-chart-stand-in'
import {
  connected,
  countries,
  day,
  earnings,
  figures,
  march,
  OnScreenObserver,
  period,
  usd,
  YEAR,
  type Calls,
} from './earnings-fixtures'
import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// A factory is hoisted above the imports, so it loads the stand-in itself: the same module the
// test reads `charts` from.
vi.mock('uplot', async () => (await import('./earnings-chart-stand-in')).uplotModule)

beforeEach(() => {
  charts.length = 0
  storeSession()
  vi.stubGlobal('IntersectionObserver', OnScreenObserver)
  return () => vi.unstubAllGlobals()
})

describe('dashboard earnings', () => {
  it('shows each network against the previous month, the charts, countries and hops', async () => {
    const calls: Calls = {}
    server.use(...memberHandlers(makeProfile()), ...connected(), ...figures(calls))
    const { screen, user } = await renderApp(march)

    // The first test of the file also waits for the dashboard's chunks to load.
    const cb = await screen.findByTestId('summary-clickbank')
    await waitFor(() => expect(within(cb).getByTestId('net').textContent).toBe('$1,050.00'))
    expect(within(cb).getByText('mayacb')).toBeTruthy()
    await waitFor(() => expect(within(cb).getByTestId('change').textContent).toContain('Up 50.0%'))
    expect(cb.textContent).toContain(`vs $700.00 in February ${YEAR}`)
    expect(cb.textContent).toContain('12 · $1,200.00') // sales
    expect(cb.textContent).toContain('1 · $100.00') // refunds
    expect(cb.textContent).toContain('1 · $50.00') // chargebacks

    const ds = screen.getByTestId('summary-digistore24')
    await waitFor(() => expect(within(ds).getByTestId('net').textContent).toBe('€80.00'))
    await waitFor(() =>
      expect(within(ds).getByTestId('change').textContent).toContain('Down 20.0%'),
    )

    // The spec's query: affiliate id, year, month as a number and by name.
    const sent = calls.profitEarning!.map((q) => Object.fromEntries(q))
    expect(sent).toContainEqual({
      affiliateid: 'mayacb',
      year: String(YEAR),
      month: '3',
      monthName: 'March',
    })
    expect(sent).toContainEqual({
      affiliateid: 'mayacb',
      year: String(YEAR),
      month: '2',
      monthName: 'February',
    })
    expect(Object.fromEntries(calls.dgEarning![0]!)).toMatchObject({ affiliateid: 'maya_ds24' })

    // Sales by country, largest amount first.
    const table = await screen.findByRole('table', { name: 'ClickBank sales by country' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual(['USUnited States9$900.00', 'DEGermany2$150.00'])
    expect(await screen.findByRole('table', { name: 'Digistore24 sales by country' })).toBeTruthy()

    // Hops, conversion and earnings per hop.
    const hopsCard = await screen.findByTestId('hops')
    await waitFor(() => expect(hopsCard.textContent).toContain('Hops200'))
    expect(hopsCard.textContent).toContain('Conversion rate5.0%')
    expect(hopsCard.textContent).toContain('Earnings per hop$5.25')

    // Charts: net per day, one chart per currency, and hops per day; all 31 days of March.
    const usdChart = await screen.findByRole('img', { name: /^Net earnings per day in USD, March/ })
    expect(usdChart.getAttribute('aria-label')).toMatch(/: ClickBank USD$/)
    const eurChart = screen.getByRole('img', { name: /^Net earnings per day in EUR, March/ })
    expect(eurChart.getAttribute('aria-label')).toMatch(/: Digistore24 EUR$/)
    await waitFor(() => expect(charts.filter((c) => !c.destroyed)).toHaveLength(3))
    const netChart = charts.find((c) => !c.destroyed && c.series[0] === 'ClickBank USD')!
    expect(netChart.data[0]).toHaveLength(31)
    expect(netChart.data[1]![1]).toBe(600) // 2 March
    const euroChart = charts.find((c) => !c.destroyed && c.series[0] === 'Digistore24 EUR')!
    expect(euroChart.data[1]![4]).toBe(80) // 5 March
    expect(screen.getByRole('img', { name: /^ClickBank hops per day, March/ })).toBeTruthy()

    // The same figures as a table, on demand.
    const card = await screen.findByTestId('daily-net')
    await user.click(within(card).getAllByRole('button', { name: 'Show as a table' })[0]!)
    const dataTable = within(card).getByRole('table', { name: /^Net earnings per day in USD/ })
    const second = within(dataTable).getAllByRole('row')[2]!
    expect(second.textContent).toBe(`Mar 2, ${YEAR}$600.00`)
  })

  it('asks for another month, the whole year and a product, and keeps them in the address', async () => {
    const calls: Calls = {}
    server.use(...memberHandlers(makeProfile()), ...connected(), ...figures(calls))
    const { screen, user, router } = await renderApp(march)
    const cb = await screen.findByTestId('summary-clickbank')
    await waitFor(() => expect(within(cb).getByTestId('net').textContent).toBe('$1,050.00'))

    await user.selectOptions(screen.getByLabelText('Month'), 'April')
    await waitFor(() =>
      expect(calls.profitEarning!.map((q) => Object.fromEntries(q))).toContainEqual({
        affiliateid: 'mayacb',
        year: String(YEAR),
        month: '4',
        monthName: 'April',
      }),
    )
    expect(router.state.location.search).toMatchObject({ year: YEAR, month: 4 })

    await user.selectOptions(screen.getByLabelText('Month'), 'Whole year')
    await waitFor(() => expect(within(cb).getByTestId('net').textContent).toBe('$9,000.00'))
    const wholeYear = calls.profitEarning!.map((q) => Object.fromEntries(q))
    expect(wholeYear).toContainEqual({ affiliateid: 'mayacb', year: String(YEAR) })
    expect(wholeYear).toContainEqual({ affiliateid: 'mayacb', year: String(YEAR - 1) })
    expect(router.state.location.search).toMatchObject({ month: 'all' })

    const before = calls.hopData!.length
    await user.type(screen.getByLabelText('Product'), 'keto')
    await waitFor(() =>
      expect(calls.hopData!.slice(before).map((q) => q.get('search'))).toContain('keto'),
    )
    // Sent once typing paused, not per keystroke.
    expect(calls.hopData!.slice(before).map((q) => q.get('search'))).not.toContain('ket')
    expect(router.state.location.search).toMatchObject({ search: 'keto' })
  })

  it('keeps the month on another year where that year has it, else the latest it has', async () => {
    // May of the year after YEAR: this year's months so far end in May.
    setClock(YEAR + 1, 5, 15, 12)
    // Signed in on that clock: the session set before the test may have ended by its date.
    storeSession()
    server.use(...memberHandlers(makeProfile()), ...connected(), ...figures({}))
    const { screen, user, router } = await renderApp(`/admin/dashboard?year=${YEAR}&month=12`)
    const month = (await screen.findByLabelText('Month')) as HTMLSelectElement
    expect(month.value).toBe('12')
    await user.selectOptions(screen.getByLabelText('Year'), String(YEAR + 1))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ year: YEAR + 1 }))
    expect(router.state.location.search).toMatchObject({ month: 5 })
    expect(month.value).toBe('5')
    expect([...month.options].at(-1)!.textContent).toBe('May')

    await user.selectOptions(month, 'March')
    await user.selectOptions(screen.getByLabelText('Year'), String(YEAR))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ year: YEAR }))
    expect(router.state.location.search).toMatchObject({ month: 3 })
    expect(month.options).toHaveLength(13)

    await user.selectOptions(month, 'Whole year')
    await user.selectOptions(screen.getByLabelText('Year'), String(YEAR + 1))
    await waitFor(() =>
      expect(router.state.location.search).toMatchObject({ year: YEAR + 1, month: 'all' }),
    )
  })

  it('asks for every figure of the period and of the one before at once', async () => {
    const calls: Calls = {}
    server.use(...memberHandlers(makeProfile()), ...connected(), ...figures(calls))
    const { screen } = await renderApp(march)
    await screen.findByTestId('summary-clickbank')
    await waitFor(() => expect(calls.hopData).toBeDefined())
    // Both months of both networks, countries and hops: every card's call was made; the
    // headline figure asks for the current month too.
    const months = new Set(['2', '3', String(new Date().getMonth() + 1)])
    expect(new Set(calls.profitEarning!.map((q) => q.get('month')))).toEqual(months)
    expect(new Set(calls.dgEarning!.map((q) => q.get('month')))).toEqual(months)
    expect(calls.saleByCountry).toHaveLength(1)
    expect(calls.dgSaleByCountry).toHaveLength(1)
  })

  it("heads the dashboard with this month's net, one amount per currency, across both networks", async () => {
    server.use(...memberHandlers(makeProfile()), ...connected(), ...figures())
    const { screen } = await renderApp(march)
    const now = new Date()
    const tile = await screen.findByRole('group', { name: 'Net earnings this month' })
    // This month: ClickBank 9,000.00 USD (March and February differ), Digistore24 100.00 EUR.
    const current = now.getMonth() + 1
    const usd = current === 3 ? '$1,050.00' : current === 2 ? '$700.00' : '$9,000.00'
    const eur = current === 3 ? '€80.00' : '€100.00'
    await waitFor(() => expect(within(tile).getByText(usd)).toBeTruthy())
    expect(within(tile).getByText(`${eur} · ClickBank and Digistore24`)).toBeTruthy()
  })

  it('lists the countries of each currency in a table of its own, a country paid in both in each', async () => {
    server.use(
      ...memberHandlers(makeProfile()),
      ...connected(),
      handle(contract.earnings.dgSaleByCountry, ({ url }) => ({
        data: {
          data: countries(Number(url.searchParams.get('month')), [
            { code: 'US', name: 'United States', currency: 'USD', salesCount: 9, amount: '873.00' },
            { code: 'US', name: 'United States', currency: 'EUR', salesCount: 2, amount: '200.70' },
            { code: 'DE', name: 'Germany', currency: 'EUR', salesCount: 1, amount: '50.00' },
          ]),
        },
      })),
      ...figures(),
    )
    const { screen } = await renderApp(march)
    const card = await screen.findByTestId('countries-digistore24')
    const usd = await within(card).findByRole('table', {
      name: 'Digistore24 sales by country in USD',
    })
    const eur = within(card).getByRole('table', { name: 'Digistore24 sales by country in EUR' })
    const texts = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent)
    expect(texts(usd)).toEqual(['USUnited States9$873.00'])
    expect(texts(eur)).toEqual(['USUnited States2€200.70', 'DEGermany1€50.00'])
    expect(within(card).getByText('Paid in USD')).toBeTruthy()
    expect(within(card).getByText('Paid in EUR')).toBeTruthy()
  })

  it('leads to the account screen when no account is connected', async () => {
    let figuresAsked = false
    server.use(
      ...memberHandlers(makeProfile()),
      handle(contract.earnings.profitEarning, () => {
        figuresAsked = true
        return { status: 404, message: 'No such affiliate account' }
      }),
    )
    const { screen } = await renderApp('/admin/dashboard')
    expect(await screen.findByText('No affiliate account connected')).toBeTruthy()
    // In the headline figures and in the earnings section.
    const links = screen.getAllByRole('link', { name: 'Connect an affiliate account' })
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/admin/accountdetail',
      '/admin/accountdetail',
    ])
    expect(figuresAsked).toBe(false)
  })

  it("shows the spec's default messages without a server message, and the server's otherwise", async () => {
    let fail = true
    server.use(
      ...memberHandlers(makeProfile()),
      ...connected(),
      http.get(`${API_PREFIX}/profitearning`, ({ request }) => {
        if (!fail) return undefined
        return new URL(request.url).searchParams.get('month') === '3'
          ? new HttpResponse(null, { status: 500 })
          : undefined
      }),
      http.get(`${API_PREFIX}/salebycountry`, () =>
        fail ? new HttpResponse('<html>Bad gateway</html>', { status: 502 }) : undefined,
      ),
      http.get(`${API_PREFIX}/hopdata`, () =>
        fail ? HttpResponse.json({}, { status: 500 }) : undefined,
      ),
      handle(contract.earnings.dgEarning, () => ({
        status: 403,
        message: 'This affiliate account belongs to another member',
      })),
      ...figures(),
    )
    const { screen, user } = await renderApp(march)
    const cb = await screen.findByTestId('summary-clickbank')
    expect((await within(cb).findByRole('alert')).textContent).toContain(
      'Failed to fetch profit data',
    )
    expect(
      (await within(await screen.findByTestId('countries-clickbank')).findByRole('alert'))
        .textContent,
    ).toContain('Failed to fetch sale data')
    expect(
      (await within(await screen.findByTestId('hops')).findByRole('alert')).textContent,
    ).toContain('Failed to fetch hop data')
    const ds = screen.getByTestId('summary-digistore24')
    expect((await within(ds).findByRole('alert')).textContent).toContain(
      'This affiliate account belongs to another member',
    )

    fail = false
    await user.click(within(cb).getByRole('button', { name: 'Try again' }))
    await waitFor(() => expect(within(cb).getByTestId('net').textContent).toBe('$1,050.00'))
  })

  it('Refresh figures clears the cached figures and loads them again', async () => {
    let net = '1050.00'
    let calls = 0
    server.use(
      ...memberHandlers(makeProfile()),
      ...connected(),
      handle(contract.earnings.profitEarning, ({ url }) => {
        calls += 1
        const m = Number(url.searchParams.get('month'))
        return { data: { data: earnings(m, [usd(m === 3 ? net : '700.00')]) } }
      }),
      ...figures(),
    )
    const { screen, user, queryClient } = await renderApp(march)
    const cb = await screen.findByTestId('summary-clickbank')
    await waitFor(() => expect(within(cb).getByTestId('net').textContent).toBe('$1,050.00'))
    // A figure of another period, cached but no longer shown, is dropped by the reset.
    queryClient.setQueryData(['earnings', 'profitEarning', { query: { affiliateid: 'old' } }], {})
    const before = calls

    net = '1999.00'
    await user.click(screen.getByRole('button', { name: 'Refresh figures' }))
    await waitFor(() => expect(within(cb).getByTestId('net').textContent).toBe('$1,999.00'))
    expect(calls).toBeGreaterThanOrEqual(before + 2) // this month and the one before
    // It says so, and when the figures shown were fetched.
    expect(await screen.findByText(`Figures refreshed for March ${YEAR}`)).toBeTruthy()
    expect(screen.getByText(/Figures as of/)).toBeTruthy()
    expect(
      queryClient.getQueryData(['earnings', 'profitEarning', { query: { affiliateid: 'old' } }]),
    ).toBeUndefined()
  })

  it('exports what is shown as a CSV file', async () => {
    server.use(...memberHandlers(makeProfile()), ...connected(), ...figures())
    const created: Blob[] = []
    const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob)
      return 'blob:earnings'
    })
    URL.revokeObjectURL = vi.fn()
    try {
      const { screen, user } = await renderApp(march)
      await screen.findByRole('table', { name: 'Digistore24 sales by country' })
      await waitFor(() => expect(screen.getByTestId('hops').textContent).toContain('Hops200'))
      const button = screen.getByRole('button', { name: 'Export CSV' })
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
      await user.click(button)
      expect(created).toHaveLength(1)
      const text = (await created[0]!.text()).replace(/^\uFEFF/, '')
      const lines = text.split('\r\n')
      expect(lines[0]).toBe(
        'Network,Account,From,To,Figure,Date,Country code,Country,Currency,Count,Amount',
      )
      const { from, to } = period(3)
      expect(lines).toContain(`ClickBank,mayacb,${from},${to},Net earnings,,,,USD,,1050.00`)
      expect(lines).toContain(`ClickBank,mayacb,${from},${to},Sales,,,,USD,12,1200.00`)
      expect(lines).toContain(`ClickBank,mayacb,${from},${to},Daily net,${day(3, 2)},,,USD,,600.00`)
      expect(lines).toContain(
        `Digistore24,maya_ds24,${from},${to},Country sales,,KR,"Korea, Republic of",EUR,1,80.00`,
      )
      expect(lines).toContain(`ClickBank,mayacb,${from},${to},Hops,,,,,200,`)
      expect(lines.at(-1)).toBe('')
      // Every line has the header's eleven fields.
      for (const line of lines.slice(0, -1)) {
        expect(line.replace(/"[^"]*"/g, 'x').split(',')).toHaveLength(11)
      }
    } finally {
      Object.assign(URL, { createObjectURL: original.create, revokeObjectURL: original.revoke })
    }
  })
})
