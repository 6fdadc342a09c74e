import { networkQuiet } from '../network-quiet'
import { expect, test, useSession } from './support'

const NICHE_SCREENS = [
  '/admin/niche/health',
  '/admin/niche/wealth',
  '/admin/niche/relationship',
  '/admin/niche/woodworking',
  '/admin/healthniche',
  '/admin/wealthniche',
  '/admin/relationshipniche',
  '/admin/craftniche',
  '/admin/customniches',
  '/admin/mobilenav',
  ...['mobquickhealth', 'mobquickwealth', 'mobrelationship', 'mobcraft'].map(
    (flow) => `/admin/${flow}`,
  ),
  '/admin/instagram/bio',
  '/admin/instagrambio',
  '/admin/sheet/viral',
  '/admin/sheet/viralpage?id=listicle-carousel',
  '/admin/quickcash/viralspreadsheet',
  '/admin/mobquickcash',
  '/admin/quickcash/buffer',
]

test('a member copies library rows into the own sheet, edits a cell by keyboard, and the edit stays', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await useSession(page, request, 'member')
  await page.goto('/admin/niche/health')
  const library = page.getByRole('grid', { name: 'Health library' })
  await expect(library).toBeVisible()
  for (const n of [1, 2, 3])
    await page.getByRole('checkbox', { name: `Select row ${n}`, exact: true }).check()
  await page.getByRole('button', { name: 'Copy 3 selected to my sheet' }).click()
  const copied = page.getByText('3 rows copied to your health sheet')
  await expect(copied).toBeVisible()
  // The toast sits over the page's actions at the top right, and stays while the window has no
  // focus (a headless one may not): closed by a click, as a member would.
  await copied.click()
  await expect(copied).toBeHidden()

  await page.getByRole('link', { name: 'Open my health sheet' }).click()
  await expect(page).toHaveURL(/\/admin\/healthniche$/)
  const sheet = page.getByRole('grid', { name: 'My sheet' })
  await expect(sheet.getByRole('row')).toHaveCount(4)
  // To the second row's call to action, by keyboard only.
  await sheet.focus()
  await page.keyboard.press('ArrowDown')
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Enter')
  const editor = page.getByRole('textbox', { name: 'Call to action' })
  await expect(editor).toBeFocused()
  await editor.fill('Comment WALK and I will send the plan')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved')

  await page.reload()
  const row = page.getByRole('grid', { name: 'My sheet' }).getByRole('row').nth(2)
  await expect(row.getByRole('gridcell').nth(8)).toHaveText('Comment WALK and I will send the plan')
})

test('a member writes a post on the phone flow at 375 px and finds it saved', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await useSession(page, request, 'member')
  await page.goto('/admin/mobquickwealth')
  await page.locator('main button').filter({ hasText: 'Pain:' }).first().click()
  await expect(page).toHaveURL(/\/admin\/mobquickwealth2$/)
  const hook = page.getByLabel('Hook')
  await hook.fill('Three money habits I dropped this year')
  await page.getByRole('textbox', { name: 'Hashtags' }).fill('#moneytips #budgeting')
  await page.getByRole('button', { name: 'Next: review' }).click()
  await expect(page).toHaveURL(/\/admin\/mobquickwealth3$/)
  await page.getByRole('button', { name: 'Save post' }).click()
  await expect(page.getByText('Three money habits I dropped this year').first()).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(1)
})

test('a member makes a niche of their own and uses its desk and card views', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await useSession(page, request, 'member')
  await page.goto('/admin/customniches')
  await page.getByRole('button', { name: 'New niche' }).click()
  await page.getByLabel('Niche name').fill('Houseplants')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/admin\/customniches\/Houseplants$/)
  await page.getByRole('button', { name: 'Add row' }).click()
  const sheet = page.getByRole('grid', { name: 'My sheet' })
  await expect(sheet.getByRole('row')).toHaveCount(2)
  await sheet.focus()
  await page.keyboard.press('Home')
  await page.keyboard.type('Low-light plants')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved')
  await page.getByRole('link', { name: 'Card view' }).click()
  await expect(page).toHaveURL(/\/admin\/customniche\/Houseplants$/)
  await expect(page.getByRole('listitem').filter({ hasText: 'Low-light plants' })).toBeVisible()
})

test('on a 375 px phone a member edits a row of the own sheet in its panel, and the edit stays', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await useSession(page, request, 'member')
  // A niche of its own, so the sheet holds only this test's row.
  const niche = `Balcony herbs ${Date.now().toString(36)}`
  await page.goto('/admin/customniches')
  await page.getByRole('button', { name: 'New niche' }).click()
  await page.getByLabel('Niche name').fill(niche)
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/admin\/customniches\/Balcony/)
  await page.getByRole('button', { name: 'Add row' }).click()
  const cards = page.getByRole('list', { name: 'My sheet' })
  await expect(cards.getByRole('listitem')).toHaveCount(1)
  // The panel's code loads on this first press.
  await cards.getByRole('button', { name: 'Edit row 1' }).click()
  const panel = page.getByRole('dialog', { name: 'Edit row' })
  await panel.getByRole('textbox', { name: 'Hook' }).fill('Three bills to cancel this week')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel).toBeHidden()
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved')

  await page.reload()
  await expect(
    page.getByRole('list', { name: 'My sheet' }).getByText('Three bills to cancel this week'),
  ).toBeVisible()
})

for (const width of [1440, 375]) {
  test(`every niche and phone screen renders without errors at ${width}px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    const token = await useSession(page, request, 'member')
    const auth = { headers: { authorization: `Bearer ${token}` } }
    const label = `Drones ${width}`
    const made = await request.post('/api/addniche', { ...auth, data: { label } })
    expect(made.status()).toBe(201)
    const custom = [
      `/admin/customniches/${encodeURIComponent(label)}`,
      `/admin/customniche/${encodeURIComponent(label)}`,
    ]
    for (const path of [...NICHE_SCREENS, ...custom]) {
      await page.goto(path)
      await expect(page, path).toHaveURL((url) => `${url.pathname}${url.search}` === path)
      await expect(page.getByRole('heading').first(), path).toBeVisible()
      await networkQuiet(page)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(1)
    }
  })
}

test('a member without the niche sheets area sees the lock, not the sheet', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'member2')
  await page.goto('/admin/healthniche')
  await expect(page.getByText(/Niche sheets is a paid upgrade/).first()).toBeVisible()
  await expect(page.getByRole('grid')).toHaveCount(0)
})
