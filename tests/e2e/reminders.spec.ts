import { readFileSync } from 'node:fs'

import type { APIRequestContext } from '@playwright/test'

import type { ReminderSettings } from '@schemas/reminders'

import { startServer } from './server-process'
import { apiLogin, DEMO, expect, storeSession, test } from './support'

/** The outbox as a server logs it: each mail's subject, address and link, and its stop link. */
function outbox(logPath: string) {
  const mails: { subject: string; to: string; link: string; stop?: string }[] = []
  for (const line of readFileSync(logPath, 'utf8').split('\n')) {
    let msg: string
    try {
      msg = String((JSON.parse(line) as { msg?: string }).msg ?? '')
    } catch {
      continue
    }
    const stop = msg.match(/^outbox: to stop "([^"]*)" for (\S+) — (\S+)$/)
    const mail = msg.match(/^outbox: "([^"]*)" for (\S+) — (\S+)$/)
    if (mail) mails.push({ subject: mail[1]!, to: mail[2]!, link: mail[3]! })
    else if (stop) {
      const last = mails.findLast((m) => m.subject === stop[1] && m.to === stop[2])
      if (last) last.stop = stop[3]
    }
  }
  return mails
}

async function sendDue(request: APIRequestContext, base: string) {
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password, base)
  const res = await request.post(`${base}/api/reminders/run`, {
    headers: { authorization: `Bearer ${admin}` },
  })
  expect(res.status(), await res.text()).toBe(200)
}

// A server of the file's own, on a fresh demo: its member last learned 15 days ago, nobody
// since; and sign-ups, which are limited per address, are not taken from the main server's.
let own: Awaited<ReturnType<typeof startServer>>
test.beforeAll(async () => {
  own = await startServer(process.env.E2E_STATIC_DIR!)
})
test.afterAll(async () => {
  await own?.stop()
})

test('a new member is asked once which reminder e-mails to get, and finds the choice under Notifications', async ({
  page,
  request,
}) => {
  const who = { email: `rhea.reminders.${Date.now()}@example.com`, password: 'Remind#2026' }
  const signUp = await request.post(`${own.baseURL}/api/auth/signup`, {
    data: { firstName: 'Rhea', lastName: 'Reminders', ...who },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const token = await apiLogin(request, who.email, who.password, own.baseURL)
  await storeSession(page, { token, email: who.email, role: 'member' }, own.baseURL)
  await page.goto(`${own.baseURL}/admin/dashboard`)

  const ask = page.getByRole('region', { name: 'Would you like reminder e-mails?' })
  await expect(ask).toBeVisible()
  await ask.getByText('Weekly summary').click()
  await ask.getByRole('button', { name: 'Save my choice' }).click()
  await expect(ask).toBeHidden()
  await page.reload()
  await expect(page.getByTestId('momentum-card')).toContainText('Level 1')
  await expect(ask).toBeHidden()

  const saved = await request.get(`${own.baseURL}/api/reminders`, {
    headers: { authorization: `Bearer ${token}` },
  })
  expect(((await saved.json()) as { data: ReminderSettings }).data).toEqual({
    continue: true,
    events: true,
    weekly: false,
    chosen: true,
  })
  await page.goto(`${own.baseURL}/admin/notifications#reminders`)
  const settings = page.locator('#reminders')
  await expect(settings.getByRole('checkbox', { name: 'Weekly summary' })).not.toBeChecked()
  await expect(settings.getByRole('checkbox', { name: 'Your events' })).toBeChecked()
})

test('an idle member gets the reminder to continue once, stops it from its link, and gets no more', async ({
  page,
  request,
}) => {
  const continues = () =>
    outbox(own.logPath).filter(
      (m) => m.to === DEMO.member.email && m.subject.startsWith('Continue where you left off'),
    )
  await sendDue(request, own.baseURL)
  await expect.poll(() => continues().length).toBe(1)
  const [mail] = continues()
  expect(mail!.subject).toBe('Continue where you left off: Hoplinks, promolinks and tracking ids')
  expect(mail!.link).toBe(`${own.baseURL}/admin/training/module2/lesson2`)
  // Sent again at once: nothing new.
  await sendDue(request, own.baseURL)
  expect(continues()).toHaveLength(1)

  // The link in the mail, opened without signing in.
  await page.goto(mail!.stop!)
  await expect(page.getByRole('heading', { name: /Continue where you left off/ })).toBeVisible()
  await page.getByRole('button', { name: 'Stop these e-mails' }).click()
  await expect(page.getByText(/^You will get no more/)).toBeVisible()

  // An event in three hours: its reminder comes, the stopped kind does not.
  const member = await apiLogin(request, DEMO.member.email, DEMO.member.password, own.baseURL)
  const start = Date.now() + 3 * 60 * 60 * 1000
  const event = await request.post(`${own.baseURL}/api/event`, {
    headers: { authorization: `Bearer ${member}` },
    data: {
      title: 'Check my bridge page',
      start: new Date(start).toISOString(),
      end: new Date(start + 30 * 60 * 1000).toISOString(),
    },
  })
  expect(event.status(), await event.text()).toBe(201)
  await sendDue(request, own.baseURL)
  await expect
    .poll(() =>
      outbox(own.logPath).filter((m) => m.subject === 'Starting soon: Check my bridge page'),
    )
    .toHaveLength(1)
  expect(continues()).toHaveLength(1)
  const settings = await request.get(`${own.baseURL}/api/reminders`, {
    headers: { authorization: `Bearer ${member}` },
  })
  expect(((await settings.json()) as { data: ReminderSettings }).data).toMatchObject({
    continue: false,
    events: true,
  })
})
