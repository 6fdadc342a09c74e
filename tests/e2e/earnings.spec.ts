import { fileURLToPath } from 'node:url'

import { NETWORK_IDS, NETWORK_KEYS } from './networks'
import {
  apiLogin,
  baseURL,
  DEMO,
  expect,
  lastMonthsDashboard,
  scrollUntil,
  signIn,
  test,
} from './support'

const fixture = (name: string) =>
  fileURLToPath(new URL(`../fixtures/earnings/${name}`, import.meta.url))

test('the demo member’s dashboard shows the figures with charts, and another month other figures', async ({
  page,
}) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  const month = page.getByLabel('Month', { exact: true })
  // This year's months up to the current one, and the whole year: none still to come.
  await expect(month.locator('option')).toHaveCount(new Date().getMonth() + 2)

  const last = lastMonthsDashboard()
  await page.goto(last.path)
  await expect(month).toHaveValue(String(last.month))
  const clickbank = page.getByTestId('summary-clickbank')
  await expect(clickbank.getByText(/^\$[\d,]+\.\d\d$/).first()).toBeVisible()
  await expect(
    page
      .getByTestId('summary-digistore24')
      .getByText(/€[\d,]+\.\d\d/)
      .first(),
  ).toBeVisible()
  // the charts are drawn (uPlot on canvas) once scrolled near, with a table of the same figures
  // a click away
  for (const name of [/^Net earnings per day/, /^ClickBank hops per day/]) {
    const chart = page.getByRole('img', { name }).first()
    await scrollUntil(page, chart)
    await expect(chart.locator('canvas').first()).toBeVisible()
  }
  const countries = page.getByRole('table', { name: /ClickBank sales by country/i })
  await scrollUntil(page, countries)
  await expect(countries).toBeVisible()

  const shown = last.month
  // two months before the one shown (the month before it is already loaded, for the
  // comparison); from January or February, two months on in the year before, as no month still
  // to come is offered
  const other = shown > 2 ? shown - 2 : shown + 2
  const before = await clickbank.innerText()
  if (shown <= 2) {
    const year = page.getByLabel('Year')
    await year.selectOption(String(Number(await year.inputValue()) - 1))
  }
  const answered = page.waitForResponse(
    (r) =>
      new URL(r.url()).pathname === '/api/profitearning' &&
      new URL(r.url()).searchParams.get('month') === String(other),
  )
  await month.selectOption(String(other))
  await answered
  await expect(clickbank).not.toHaveAttribute('aria-busy', 'true')
  await expect.poll(() => clickbank.innerText()).not.toBe(before)
  expect(page.url()).toContain(`month=${other}`)
})

test('a CSV export adds its rows once, however often it is imported', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/admin/accountdetail')
  const stored = page
    .getByTestId('account-digistore24')
    .getByText('Transactions stored')
    .locator('xpath=following-sibling::*[1]')
  const count = async () => Number((await stored.innerText()).replace(/,/g, ''))
  const before = await count()
  const input = page.getByLabel('Digistore24 CSV file')
  await input.setInputFiles(fixture('digistore24-export.csv'))
  const first = page.getByText(/^\d+ added, \d+ skipped as duplicates, \d+ rejected/)
  await expect(first).toBeVisible()
  // (a retried run finds the rows from its first attempt: they count as duplicates)
  const [added, skipped] = /^(\d+) added, (\d+) skipped/.exec(await first.innerText())!.slice(1)
  const rows = Number(added) + Number(skipped)
  expect(rows).toBeGreaterThan(10)

  await input.setInputFiles(fixture('digistore24-export.csv'))
  await expect(page.getByText(`0 added, ${rows} skipped as duplicates`)).toBeVisible()
  await expect.poll(count).toBe(before + Number(added))
})

test('a member connects Digistore24 with a key: the import runs and the dashboard fills', async ({
  page,
  request,
}) => {
  // A retried run starts from no account again.
  const token = await apiLogin(request, DEMO.member2.email, DEMO.member2.password)
  await request.delete(`${baseURL()}/api/earnings/accounts/digistore24`, {
    headers: { authorization: `Bearer ${token}` },
  })
  await signIn(page, DEMO.member2.email, DEMO.member2.password)
  // Offered twice: in the headline figures and in the earnings section.
  const connect = page.getByRole('link', { name: 'Connect an affiliate account' })
  await expect(connect).toHaveCount(2)
  await connect.first().click()
  await page.waitForURL(/\/admin\/accountdetail/)

  const card = page.getByTestId('account-digistore24')
  const form = card.getByRole('form', { name: 'Digistore24 account' })
  await form.getByLabel('Affiliate id').fill(NETWORK_IDS.digistore24)
  await form.getByLabel('API key').fill(NETWORK_KEYS.digistore24)
  await form.getByRole('button', { name: 'Save' }).click()
  // the import starts at once; the stored count shows what it brought
  await expect(card.getByText(/Stored key ••••••••-key/)).toBeVisible()
  await expect(card.getByText('90', { exact: true })).toBeVisible({ timeout: 20_000 })

  await card.getByRole('button', { name: 'Test connection' }).click()
  await expect(
    page.getByText(`Digistore24 accepted the API key of ${NETWORK_IDS.digistore24}`),
  ).toBeVisible()

  // Last month's: the local network's newest sales are hours old, none of this month on the 1st.
  await page.goto(lastMonthsDashboard().path)
  await expect(
    page
      .getByTestId('summary-digistore24')
      .getByText(/€[\d,]+\.\d\d/)
      .first(),
  ).toBeVisible()
})
