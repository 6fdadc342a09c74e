import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { startAppServer, type Started } from '../bench/process'
import { networkQuiet } from '../network-quiet'
import { startOpenAiFake, type OpenAiFake } from '../server/fakes/openai'
import { expect, test, useSession } from './support'

const AI_SCREENS = [
  '/admin/aitools',
  '/admin/generator',
  '/admin/aiscript/SEO',
  '/admin/aiscript/tiktok',
  '/admin/translator',
  '/admin/translatorpage',
  '/admin/chatbot',
]

test('without a model, a tweet is written from templates as variants that fit, and saved to notes', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'member')
  await page.goto('/admin/aiscript/twitterTweet')
  await page.getByLabel('Topic').fill('Starting an email list')
  await page.getByRole('button', { name: 'Write', exact: true }).click()
  const results = page.getByRole('region', { name: 'Results' })
  await expect(results.getByText('Written from templates')).toBeVisible()
  await expect(results.getByText('3 variants written')).toBeVisible()
  const variants = results.getByTestId('variant-text')
  await expect(variants).toHaveCount(3)
  await expect(variants.first()).toContainText(/email list/i)
  await expect(results.getByText(/^Tweet: \d+ \/ 280$/)).toHaveCount(3)
  await results.getByRole('button', { name: 'Save to notes' }).first().click()
  await expect(page.getByText('Saved to your notes')).toBeVisible()
  await expect(
    page.getByRole('list', { name: 'Past answers' }).getByText('Starting an email list'),
  ).toBeVisible()
})

test('without a model, the translator says it needs one and translates nothing', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'member')
  await page.goto('/admin/translator')
  await expect(page.getByText('Translation needs an AI model')).toBeVisible()
  await expect(page.getByText(/AI_BASE_URL and AI_MODEL/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Translate' })).toBeDisabled()
})

test('the chatbot answers from the course and links to the lesson that covers it', async ({
  page,
  request,
}) => {
  await useSession(page, request, 'member')
  await page.goto('/admin/chatbot')
  const question = page.getByLabel('Your question')
  await question.fill('Who are the four parties in an affiliate sale?')
  await question.press('Enter')
  const link = page.getByRole('link', { name: 'How affiliate marketing works: The four parties' })
  await expect(link).toBeVisible()
  await expect(page.getByText('From the course').last()).toBeVisible()
  await link.click()
  await expect(page).toHaveURL(/\/admin\/training\/module1\/lesson1#the-four-parties$/)
  await expect(
    page.getByRole('heading', { name: 'How affiliate marketing works', level: 1 }),
  ).toBeVisible()
})

for (const width of [1440, 375]) {
  test(`every AI screen renders without errors at ${width}px`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await useSession(page, request, 'member')
    for (const path of AI_SCREENS) {
      await page.goto(path)
      await expect(page, path).toHaveURL((url) => url.pathname === path)
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
      await networkQuiet(page)
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      )
      expect(overflow, `${path} is wider than the screen`).toBeLessThanOrEqual(1)
    }
    await page.goto('/admin/aiscript/nonsense')
    await expect(page).toHaveURL(/\/auth\/404$/)
  })
}

test('a member without the AI tools area sees the lock', async ({ page, request }) => {
  await useSession(page, request, 'member2')
  await page.goto('/admin/aiscript/tiktok')
  await expect(page.getByRole('heading', { name: /AI tools/, level: 2 })).toBeVisible()
  await expect(page.getByLabel('Video topic')).toHaveCount(0)
})

test.describe('with a model', () => {
  let fake: OpenAiFake
  let server: Started
  let dir: string
  const SCRIPT =
    'Hook: Your starter is not dead, it is hungry.\nScript:\nScene 1: Close-up of a flat starter. On-screen text: "Flat starter?"\nScene 2: Feed it equal flour and water. On-screen text: "Feed, wait, watch"\nCaption: Three checks before you bin your sourdough starter. #sourdough #ad'

  test.beforeAll(async () => {
    fake = await startOpenAiFake({ reply: () => SCRIPT, chunkDelayMs: 60 })
    dir = mkdtempSync(join(tmpdir(), 'members-area-ai-'))
    server = await startAppServer(dir, {
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
      AI_BASE_URL: fake.baseUrl,
      AI_MODEL: 'fake-writer',
    })
  })
  test.afterAll(async () => {
    await server?.stop()
    await fake?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a member writes a TikTok script through the model and sees it stream in', async ({
    page,
    request,
  }) => {
    await useSession(page, request, 'member', server.url)
    await page.goto(`${server.url}/admin/aiscript/tiktok`)
    await page.getByLabel('Video topic').fill('Reviving a sourdough starter')
    await page.getByLabel('Variants').selectOption('1')
    await page.getByRole('button', { name: 'Write', exact: true }).click()
    const results = page.getByRole('region', { name: 'Results' })
    // While it streams: the stop button, and part of the answer but not yet all of it.
    await expect(results.getByRole('button', { name: 'Stop' })).toBeVisible()
    await expect(results.getByTestId('variant-text')).toContainText('Your starter')
    expect(await results.getByTestId('variant-text').textContent()).not.toContain('#ad')
    await expect(results.getByTestId('variant-text')).toHaveText(SCRIPT)
    await expect(results.getByText('Written by the AI model')).toBeVisible()
    await expect(results.getByRole('button', { name: 'Regenerate' })).toBeVisible()
    await expect(results.getByText(/^TikTok caption: \d+ \/ 4,000$/)).toBeVisible()
    const sent = fake.requests.at(-1)!.body
    expect(sent.model).toBe('fake-writer')
    expect(JSON.parse(sent.messages[1].content)).toEqual({
      'Video topic': 'Reviving a sourdough starter',
    })
  })

  test('stopping keeps what was written', async ({ page, request }) => {
    fake.set({ chunkDelayMs: 150 })
    await useSession(page, request, 'member', server.url)
    await page.goto(`${server.url}/admin/generator`)
    await page.getByLabel('What to write').fill('A welcome email for new subscribers')
    await page.getByRole('button', { name: 'Write', exact: true }).click()
    const results = page.getByRole('region', { name: 'Results' })
    await expect(results.getByTestId('variant-text').first()).toContainText('Your starter')
    await results.getByRole('button', { name: 'Stop' }).click()
    await expect(results.getByText('Stopped. What was written is kept.')).toBeVisible()
    await expect(results.getByTestId('variant-text').first()).toContainText('Your starter')
  })
})
