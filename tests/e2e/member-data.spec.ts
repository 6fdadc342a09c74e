import { type Page } from '@playwright/test'

import { apiLogin, baseURL, DEMO, expect, scrollUntil, signIn, test } from './support'

/** The id in the body of the POST the page sends while `action` runs. */
async function createdId(page: Page, path: string, action: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api${path}`,
    ),
    action(),
  ])
  expect(response.status()).toBe(201)
  return ((await response.json()) as { data: { id: string } }).data.id
}

const pad = (n: number) => String(n).padStart(2, '0')
/** Today at `hour` as a datetime-local value, so the event is in the month the calendar opens on. */
function todayAt(hour: number) {
  const d = new Date()
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`
}

/** A day of the current month other than today (the day after, or before at the month's end). */
function otherDayThisMonth() {
  const d = new Date()
  const next = new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1)
  const day =
    next.getMonth() === d.getMonth()
      ? next
      : new Date(d.getFullYear(), d.getMonth(), d.getDate() - 1)
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}

test('a member’s note, event and content piece stay after reload and are nobody else’s', async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36)
  const noteTitle = `E2E note ${stamp}`
  const eventTitle = `E2E call ${stamp}`
  const pieceTitle = `E2E reel ${stamp}`

  await signIn(page, DEMO.member.email, DEMO.member.password)

  // A note, through the notes page.
  await page.goto('/admin/notes')
  await expect(page.getByRole('article', { name: 'Launch checklist' })).toBeVisible()
  await page.getByRole('button', { name: 'New note' }).click()
  const noteDialog = page.getByRole('dialog', { name: 'New note' })
  await noteDialog.getByLabel('Title').fill(noteTitle)
  await noteDialog.getByLabel('Note', { exact: true }).fill('Written in the browser test')
  await noteDialog.getByText('Green', { exact: true }).click()
  const noteId = await createdId(page, '/notes', () =>
    noteDialog.getByRole('button', { name: 'Add note' }).click(),
  )
  await expect(page.getByRole('article', { name: noteTitle })).toBeVisible()

  // An event, through the calendar.
  await page.goto('/admin/calendar')
  await expect(page.getByText('Weekly coaching call').first()).toBeVisible()
  await page.getByRole('button', { name: 'New event' }).click()
  const eventDialog = page.getByRole('dialog', { name: 'New event' })
  await eventDialog.getByLabel('Title').fill(eventTitle)
  await eventDialog.getByLabel('Start').fill(todayAt(10))
  await eventDialog.getByLabel('End').fill(todayAt(11))
  await eventDialog.getByLabel('Location').fill('Zoom')
  const eventId = await createdId(page, '/event', () =>
    eventDialog.getByRole('button', { name: 'Add event' }).click(),
  )
  await expect(page.getByText(eventTitle)).toBeVisible()

  // Dragging it to another day of the month moves it (saved with PUT).
  const target = otherDayThisMonth()
  const [moved] = await Promise.all([
    page.waitForResponse(
      (r) =>
        r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/event/${eventId}`,
    ),
    page
      .locator('.fc-event', { hasText: eventTitle })
      .dragTo(page.locator(`td.fc-daygrid-day[data-date="${target}"] .fc-daygrid-day-events`)),
  ])
  expect(moved.status()).toBe(200)
  await expect(page.getByText('Event moved')).toBeVisible()
  await page.reload()
  await expect(
    page.locator(`td.fc-daygrid-day[data-date="${target}"]`).getByText(eventTitle),
  ).toBeVisible()

  // A content piece, through the content planner.
  await page.goto('/admin/sheet/content')
  await expect(
    page.getByRole('link', { name: '3 passive income myths', exact: true }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'New piece' }).click()
  const form = page.getByRole('form', { name: 'New content piece' })
  await form.getByLabel('Title').fill(pieceTitle)
  await form.getByLabel('Platform').selectOption('tiktok')
  await form.getByLabel('Niche').fill('wealth')
  await form.getByLabel('Text').fill('Hook: nobody tells you this')
  const pieceId = await createdId(page, '/content', () =>
    form.getByRole('button', { name: 'Add piece' }).click(),
  )
  await expect(page).toHaveURL(new RegExp(`/admin/contentdetail\\?id=${pieceId}$`))
  await expect(page.getByRole('heading', { level: 1, name: pieceTitle })).toBeVisible()

  // Everything is still there after a reload.
  await page.goto('/admin/notes')
  await page.reload()
  await expect(page.getByRole('article', { name: noteTitle })).toBeVisible()
  await page.goto('/admin/calendar')
  await page.reload()
  await expect(page.getByText(eventTitle)).toBeVisible()
  await page.goto('/admin/sheet/content')
  await page.reload()
  await expect(page.getByRole('link', { name: pieceTitle, exact: true })).toBeVisible()
  await page.goto('/admin/dashboard')
  await scrollUntil(page, page.getByRole('list', { name: 'Latest notes' }))
  await expect(page.getByRole('list', { name: 'Latest notes' })).toContainText(noteTitle)
  await expect(page.getByRole('list', { name: 'Events in the next 14 days' })).toBeVisible()

  // member2 sees none of it, on screen or through the API.
  const other = await browser.newContext({ baseURL: baseURL() })
  const otherPage = await other.newPage()
  const otherErrors: string[] = []
  otherPage.on('pageerror', (error) => otherErrors.push(error.message))
  await signIn(otherPage, DEMO.member2.email, DEMO.member2.password)
  await otherPage.goto('/admin/notes')
  await expect(otherPage.getByText('No notes yet')).toBeVisible()
  await otherPage.goto('/admin/calendar')
  await expect(otherPage.getByText(/Nothing planned here yet/)).toBeVisible()
  await expect(otherPage.getByText(eventTitle)).toHaveCount(0)
  await otherPage.goto('/admin/sheet/content')
  await expect(otherPage.getByText('No content planned yet')).toBeVisible()
  await otherPage.goto(`/admin/contentdetail?id=${pieceId}`)
  await expect(otherPage.getByText('This content piece does not exist')).toBeVisible()
  await expect(otherPage.getByText(pieceTitle)).toHaveCount(0)
  expect(otherErrors).toEqual([])
  await other.close()

  const token = await apiLogin(request, DEMO.member2.email, DEMO.member2.password)
  const headers = { Authorization: `Bearer ${token}` }
  for (const path of [`/api/notes/${noteId}`, `/api/event/${eventId}`, `/api/content/${pieceId}`]) {
    const res = await request.get(`${baseURL()}${path}`, { headers })
    expect(res.status(), path).toBe(404)
    const text = await res.text()
    expect(text).not.toContain(stamp)
  }
})
