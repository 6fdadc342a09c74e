import sharp from 'sharp'

import {
  apiLogin,
  baseURL,
  DEMO,
  expect,
  outboxLink,
  scrollUntil,
  signIn,
  test,
  useSession,
} from './support'

// The steps share the database with each other and with the other specs: each one puts back what
// it changed for the demo accounts.
test.describe.configure({ mode: 'serial' })

const LEAD = { name: 'Edda E2E', email: 'edda.e2e@example.com' }

test('a lead added on the leads screen is kept, and only its owner sees it', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/admin/sheet/leads')
  await expect(page.getByRole('table', { name: 'Leads' })).toBeVisible()
  await page.getByRole('button', { name: 'Add lead' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add a lead' })
  await dialog.getByLabel('Name').fill(LEAD.name)
  await dialog.getByLabel('E-mail').fill(LEAD.email)
  await dialog.getByRole('button', { name: 'Add lead' }).click()
  await expect(page.getByText('Lead added')).toBeVisible()
  await expect(page.getByRole('link', { name: LEAD.name })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('link', { name: LEAD.name })).toBeVisible()

  await page.goto('/admin/logout')
  await page.waitForURL(/\/auth\/login/)
  await signIn(page, DEMO.member2.email, DEMO.member2.password)
  await page.goto('/admin/sheet/leads')
  await expect(page.getByText('No leads yet')).toBeVisible()
  await expect(page.getByRole('link', { name: LEAD.name })).toHaveCount(0)
})

test('without the viralLeads area the member sees the upgrade panel and the API refuses', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, DEMO.admin.email, DEMO.admin.password)
  await page.goto('/admin/updateaccess')
  await page.getByRole('searchbox', { name: 'Search members' }).fill(DEMO.member.email)
  const access = page.getByRole('button', { name: `Access of ${DEMO.member.email}` })
  await expect(access).toBeVisible()
  await expect(page.getByRole('button', { name: /^Access of / })).toHaveCount(1)
  const setViralLeads = async (on: boolean) => {
    await access.click()
    const dialog = page.getByRole('dialog', { name: `Access of ${DEMO.member.email}` })
    const box = dialog.getByRole('checkbox', { name: 'Viral leads (free)' })
    await expect(box).toBeVisible()
    // A card in the middle of the window, not a full-height column stuck to its top.
    const card = (await dialog.boundingBox())!
    const window = page.viewportSize()!
    expect(card.width).toBeLessThan(window.width * 0.8)
    expect(card.y).toBeGreaterThan(16)
    expect(Math.abs(card.y + card.height / 2 - window.height / 2)).toBeLessThan(24)
    if ((await box.isChecked()) !== on) await dialog.getByText('Viral leads').click()
    await expect(box).toBeChecked({ checked: on })
    await dialog.getByRole('button', { name: 'Save access' }).click()
    await expect(page.getByText(`Access saved for ${DEMO.member.email}`).first()).toBeVisible()
    await expect(dialog).toBeHidden()
  }
  await setViralLeads(false)

  try {
    const member = await browser.newContext({ baseURL: baseURL() })
    const memberPage = await member.newPage()
    await signIn(memberPage, DEMO.member.email, DEMO.member.password)
    await memberPage.goto('/admin/sheet/leads')
    await expect(memberPage.getByRole('link', { name: 'Ask us to open it' })).toBeVisible()
    // The sidebar marks the entries the member cannot open.
    await expect(
      memberPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Leads (locked)' }),
    ).toBeVisible()
    await expect(
      memberPage.getByText(
        'Viral leads is a free area that is not open on your account yet: ask us to open it.',
      ),
    ).toBeVisible()
    await member.close()

    const token = await apiLogin(request, DEMO.member.email, DEMO.member.password)
    const res = await request.get(`${baseURL()}/api/leads?email=${DEMO.member.email}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(res.status()).toBe(403)
    expect(((await res.json()) as { message: string }).message).toBe(
      'Viral leads is a free area that is not open on your account yet: ask us to open it.',
    )
  } finally {
    await setViralLeads(true)
  }
  await expect(page.getByText('Access changed').first()).toBeVisible()
})

test('a photo chosen on the profile is saved at once, shows in the top bar and survives a reload', async ({
  page,
}) => {
  const photo = await sharp({
    create: { width: 96, height: 96, channels: 3, background: { r: 40, g: 110, b: 220 } },
  })
    .png()
    .toBuffer()
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/admin/updateprofile')
  const form = page.getByRole('form', { name: 'Profile' })
  await form.getByLabel('Profile photo file').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: photo,
  })
  await expect(page.getByText('Photo saved')).toBeVisible()
  const avatar = page.getByRole('button', { name: /, account menu$/ }).locator('img')
  await expect(avatar).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]{36}$/)
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0)
  await page.reload()
  await expect(avatar).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]{36}$/)

  // Put the demo account back as it was: removing is saved at once too.
  await form.getByRole('button', { name: 'Remove photo' }).click()
  await expect(page.getByText('Photo removed')).toBeVisible()
  await expect(avatar).toHaveCount(0)
})

test('/admin/updateaccess sends a member to /auth/404', async ({ page }) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/admin/updateaccess')
  await expect(page).toHaveURL(/\/auth\/404$/)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Members and access' })).toHaveCount(0)
})

test('signing up on /userform lands on the dashboard', async ({ page }) => {
  const email = `signup-${Date.now()}@example.com`
  await page.goto('/userform')
  await page.getByLabel('First name').fill('Sina')
  await page.getByLabel('Last name').fill('Signup')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel(/^Password/).fill('Sign#up2026')
  await page.getByLabel('Confirm password').fill('Sign#up2026')
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { name: 'Welcome back, Sina Signup' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(JSON.stringify({ email }))
})

test('a visitor opting in through /optin/<key> becomes a lead of the member', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await page.goto('/admin/virallead')
  const link = await page.getByRole('textbox', { name: 'Opt-in link' }).inputValue()
  expect(link).toMatch(new RegExp(`^${baseURL()}/optin/[A-Za-z0-9_-]{16,64}$`))

  const visitor = await browser.newContext({ baseURL: baseURL() })
  const visitorPage = await visitor.newPage()
  await visitorPage.goto(link)
  await expect(
    visitorPage.getByRole('heading', { name: 'Get updates from Maya Member' }),
  ).toBeVisible()
  await visitorPage.getByRole('textbox', { name: 'Name' }).fill('Otto Optin')
  await visitorPage.getByRole('textbox', { name: 'E-mail' }).fill('otto.optin@example.com')
  await visitorPage.getByText('I agree to be contacted by e-mail').click()
  await visitorPage.getByRole('button', { name: 'Sign me up' }).click()
  await expect(visitorPage.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  await visitor.close()

  await page.goto('/admin/sheet/leads?search=otto.optin')
  const row = page.getByRole('row', { name: /Otto Optin/ })
  await expect(row).toBeVisible()
  await expect(row.getByText('Opt-in form')).toBeVisible()

  // Leave the member's leads as seeded.
  for (const name of ['Otto Optin', LEAD.name]) {
    await page.goto(`/admin/sheet/leads?search=${encodeURIComponent(name)}`)
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByRole('link', { name })).toHaveCount(0)
  }
})

test("the administrator's dashboard counts the members the server holds, and a member's does not show them", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, DEMO.admin.email, DEMO.admin.password)
  const list = await request.get(`${baseURL()}/api/getmember?pageSize=1`, {
    headers: { authorization: `Bearer ${token}` },
  })
  const total: number = (await list.json()).data.total
  await signIn(page, DEMO.admin.email, DEMO.admin.password)
  const membership = page.getByRole('region', { name: 'Membership' })
  await expect(
    membership.getByRole('group', { name: 'Members' }).getByText(total.toLocaleString('en')),
  ).toBeVisible()
  await expect(
    membership
      .getByRole('list', { name: 'Sign-ups in each of the last 12 weeks' })
      .getByRole('listitem'),
  ).toHaveCount(12)
  await expect(membership.getByText(DEMO.member.email).first()).toBeVisible()

  await page.goto('/admin/logout')
  await page.waitForURL(/\/auth\/login/)
  await signIn(page, DEMO.member.email, DEMO.member.password)
  await expect(page.getByRole('region', { name: 'At a glance' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Membership' })).toHaveCount(0)
})

test('an administrator sees the course funnels, writes to a member who never opened an area, and opens their timeline', async ({
  page,
  request,
}) => {
  // A member who has just joined has free areas and has opened none of them.
  const token = await apiLogin(request, DEMO.admin.email, DEMO.admin.password)
  const email = `nudge.${Date.now()}@example.com`
  const made = await request.post(`${baseURL()}/api/createmember`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, firstName: 'Nora', lastName: 'Nudge' },
  })
  expect(made.status(), await made.text()).toBe(201)
  // And a member who has started the training (opening a lesson counts).
  const member = await apiLogin(request, DEMO.member.email, DEMO.member.password)
  const opened = await request.get(
    `${baseURL()}/api/lesson?path=${encodeURIComponent('/admin/training/module1/lesson1')}`,
    { headers: { Authorization: `Bearer ${member}` } },
  )
  expect(opened.status()).toBe(200)

  await signIn(page, DEMO.admin.email, DEMO.admin.password)
  await page.getByRole('link', { name: 'Insights' }).click()
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible()
  const funnel = page.getByRole('table', { name: 'Digital-marketing training: lessons' })
  await expect(funnel.getByRole('row')).toHaveCount(12)

  await page.getByRole('tab', { name: 'Members who need a nudge' }).click()
  await page.getByRole('button', { name: 'Never opened an area they have' }).click()
  await expect(page).toHaveURL(/kind=unopened/)
  await page.getByRole('button', { name: 'Write to Nora Nudge' }).click()
  const dialog = page.getByRole('dialog', { name: 'Write to Nora Nudge' })
  await expect(dialog.getByText(`To ${email}`)).toBeVisible()
  const subject = await dialog.getByLabel(/Subject/).inputValue()
  await dialog.getByRole('button', { name: 'Send e-mail' }).click()
  await expect(page.getByText('E-mail sent to Nora Nudge')).toBeVisible()
  expect(await outboxLink(email, subject)).toMatch(/^http:\/\/[^/]+\/admin\//)

  // From the member list to the member's timeline.
  await page.goto('/admin/updateaccess')
  await page.getByRole('searchbox', { name: 'Search members' }).fill(email)
  await page.getByRole('button', { name: `More actions for ${email}` }).click()
  await page.getByRole('menuitem', { name: 'Timeline' }).click()
  await expect(
    page.getByRole('heading', { name: 'Timeline of Nora Nudge', level: 1 }),
  ).toBeVisible()
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Joined')
})

test('a member row’s "⋯" menu opens its dialogs and gives focus back to its button', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'admin')
  await page.goto('/admin/updateaccess')
  const more = page.getByRole('button', { name: `More actions for ${DEMO.member.email}` })
  await more.click()
  await expect(page.getByRole('menuitem', { name: 'Change e-mail' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(more).toBeFocused()

  await more.click()
  await page.getByRole('menuitem', { name: 'Change e-mail' }).click()
  const dialog = page.getByRole('dialog', { name: 'Change e-mail' })
  await expect(dialog).toBeVisible()
  // Open once it has taken the focus: a dialog shown but not yet listening for Escape (its
  // effects still to run, the parts below the list being built) would miss the key.
  await expect(dialog.locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(more).toBeFocused()

  await more.click()
  await page.getByRole('menuitem', { name: 'Delete member' }).click()
  const confirm = page.getByRole('alertdialog')
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(more).toBeFocused()
})

test('on a phone, the members screen builds the areas by level and the audit log once scrolled near', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await useSession(page, request, 'admin')
  const asked: string[] = []
  page.on('request', (r) => asked.push(new URL(r.url()).pathname))
  await page.goto('/admin/updateaccess')
  await expect(
    page.getByRole('button', { name: `More actions for ${DEMO.member.email}` }),
  ).toBeVisible()
  const later = ['Areas opened by level', 'Audit log'].map((label) =>
    page.locator(`[data-when-near][aria-label="${label}"]`),
  )
  for (const part of later) await expect(part).toHaveCount(1)
  expect(asked.filter((path) => /\/(audit|area-unlocks)$/.test(path))).toEqual([])

  const unlock = page.getByRole('combobox', { name: 'Chatbot opens' })
  await scrollUntil(page, unlock)
  await expect(unlock).toBeVisible()
  // The log's entries (a list on a phone), or none yet on a database no test has changed.
  const log = page.getByRole('list', { name: 'Audit log' }).or(page.getByText('No changes yet'))
  await scrollUntil(page, log)
  await expect(log).toBeVisible()
  expect(asked).toContain('/api/audit')
  for (const part of later) await expect(part).toHaveCount(0)
})
