import { apiLogin, baseURL, DEMO, expect, signIn, test } from './support'

const TITLE = 'Quarterly affiliate strategy review with the whole team and the numbers'

test('the calendar writes times as the locale does, opens the week at 7, and cuts long titles at their end in both directions', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, DEMO.member.email, DEMO.member.password)
  const headers = { authorization: `Bearer ${token}` }
  const start = new Date()
  start.setHours(14, 0, 0, 0)
  const end = new Date(start)
  end.setHours(15, 30)
  const created = await request.post(`${baseURL()}/api/event`, {
    headers,
    data: { title: TITLE, start: start.toISOString(), end: end.toISOString(), allDay: false },
  })
  expect(created.status()).toBe(201)
  const { id } = ((await created.json()) as { data: { id: string } }).data
  try {
    await signIn(page, DEMO.member.email, DEMO.member.password)
    await page.goto('/admin/calendar')
    const event = page.locator(`.fc-daygrid-event[title="${TITLE}"]`)
    await expect(event).toBeVisible()
    // The time as this browser's locale writes it, as the dashboard does.
    const written = await page.evaluate(
      (at) =>
        new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(
          new Date(at),
        ),
      start.toISOString(),
    )
    await expect(event.locator('.fc-event-time')).toHaveText(written)

    const title = event.locator('.fc-event-title')
    await expect(title).toHaveCSS('text-overflow', 'ellipsis')
    /** Whether the title's first letter is drawn inside the title's box. */
    const startShown = () =>
      title.evaluate((el) => {
        const range = document.createRange()
        range.setStart(el.firstChild!, 0)
        range.setEnd(el.firstChild!, 1)
        const letter = range.getBoundingClientRect()
        const box = el.getBoundingClientRect()
        return letter.left >= box.left - 1 && letter.right <= box.right + 1
      })
    expect(await startShown()).toBe(true)
    await page.getByRole('button', { name: 'Customize appearance' }).click()
    await page.getByText('Right to left', { exact: true }).click()
    await page.keyboard.press('Escape')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    expect(await startShown()).toBe(true)

    // The week opens at the start of a working day, not at midnight.
    await page.getByRole('button', { name: 'Week', exact: true }).click()
    const scroller = page
      .locator('.fc-timegrid-body')
      .locator('xpath=ancestor::div[contains(@class, "fc-scroller")][1]')
    const seven = page.locator('.fc-timegrid-slot-label[data-time="07:00:00"]')
    await expect(seven).toBeVisible()
    await expect
      .poll(async () => {
        const [row, box] = await Promise.all([seven.boundingBox(), scroller.boundingBox()])
        return Math.abs(row!.y - box!.y)
      })
      .toBeLessThan(8)
    await expect(page.locator('.fc-timegrid-slot-label[data-time="07:00:00"]')).toHaveText(
      await page.evaluate(() =>
        new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(
          new Date(2026, 0, 1, 7),
        ),
      ),
    )
  } finally {
    await request.delete(`${baseURL()}/api/event/${id}`, { headers })
  }
})

test('on a phone the calendar opens on its agenda without the grid library, and loads the month grid when asked', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, DEMO.member.email, DEMO.member.password)
  const headers = { authorization: `Bearer ${token}` }
  const title = `Webinar rehearsal ${Date.now()}`
  const start = new Date()
  start.setHours(9, 30, 0, 0)
  const created = await request.post(`${baseURL()}/api/event`, {
    headers,
    data: {
      title,
      start: start.toISOString(),
      end: new Date(start.getTime() + 3600_000).toISOString(),
      allDay: false,
      location: 'Zoom',
    },
  })
  expect(created.status()).toBe(201)
  const { id } = ((await created.json()) as { data: { id: string } }).data
  try {
    await page.setViewportSize({ width: 375, height: 812 })
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
    })
    await signIn(page, DEMO.member.email, DEMO.member.password)
    await page.goto('/admin/calendar')
    const agenda = page.getByRole('list', { name: /^Events in / })
    const today = agenda.locator('li[aria-current="date"]')
    await expect(today.getByRole('button', { name: new RegExp(title) })).toContainText('Zoom')
    await expect(page.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(scripts.filter((path) => path.includes('calendar-grid'))).toEqual([])
    await expect(page.locator('.fc')).toHaveCount(0)

    await today.getByRole('button', { name: new RegExp(title) }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit event' })
    await expect(dialog.getByLabel('Title')).toHaveValue(title)
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Month', exact: true }).click()
    await expect(page.locator(`.fc-daygrid-event[title="${title}"]`)).toBeVisible()
    expect(scripts.filter((path) => path.includes('calendar-grid'))).toHaveLength(1)
  } finally {
    await request.delete(`${baseURL()}/api/event/${id}`, { headers })
  }
})
