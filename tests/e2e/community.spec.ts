import type { APIRequestContext, Browser, Page } from '@playwright/test'

import { watchRequests } from '../network-quiet'
import { apiLogin, DEMO, expect, outboxLink, storeSession, test } from './support'

const LESSON = '/admin/training/module1/lesson1'

/** A second member's own browser, signed in, its console watched like the first one's. */
async function ownBrowser(
  browser: Browser,
  request: APIRequestContext,
  who: 'member' | 'member2' | 'admin',
  errors: string[],
) {
  const context = await browser.newContext({ serviceWorkers: 'block' })
  const page = await context.newPage()
  watchRequests(page)
  page.on('console', (m) => {
    // A post hidden from this member answers 404, as the test means it to.
    if (m.type() === 'error' && !/status of 404/.test(m.text())) {
      errors.push(`${who} console: ${m.text()}`)
    }
  })
  page.on('pageerror', (e) => errors.push(`${who} uncaught: ${e.message}`))
  const { email, password } = DEMO[who]
  const token = await apiLogin(request, email, password)
  await storeSession(page, { token, email, role: who === 'admin' ? 'admin' : 'member' })
  return { page, context, token }
}

/** Opens the lesson and brings its questions and answers in (the first Tab builds them). */
async function openDiscussion(page: Page) {
  await page.goto(LESSON)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.keyboard.press('Tab')
  const section = page.getByRole('region', { name: 'Questions and answers' })
  await expect(section.getByRole('button', { name: 'Ask' })).toBeVisible()
  return section
}

test('two members talk under a lesson, live: a question, an answer with a mention, the notification and its e-mail; a report hides a post', async ({
  page,
  browser,
  request,
  consoleErrors,
}) => {
  // Maya in this browser, Milo in his own.
  const maya = await apiLogin(request, DEMO.member.email, DEMO.member.password)
  await storeSession(page, { token: maya, email: DEMO.member.email, role: 'member' })
  const milo = await ownBrowser(browser, request, 'member2', consoleErrors)
  const question = `Is one review a week enough to start? (${Date.now()})`

  // Milo is reading the lesson already.
  const miloSection = await openDiscussion(milo.page)

  const mayaSection = await openDiscussion(page)
  await mayaSection
    .getByRole('combobox', { name: 'Ask a question about this lesson' })
    .fill(question)
  await mayaSection.getByRole('button', { name: 'Ask' }).click()
  await expect(mayaSection.getByText(question)).toBeVisible()

  // It shows on Milo's screen without a reload.
  const asked = miloSection.getByRole('listitem').filter({ hasText: question })
  await expect(asked).toBeVisible()
  await asked.getByRole('button', { name: 'Reply' }).click()
  const box = asked.getByRole('combobox', { name: 'Write a reply' })
  await box.pressSequentially('Yes, if you keep at it. @may')
  await expect(milo.page.getByRole('option', { name: /Maya Member/ })).toBeVisible()
  await box.press('Enter')
  await expect(box).toHaveValue('Yes, if you keep at it. @mayam ')
  await box.pressSequentially('try it for a month.')
  await asked.getByRole('button', { name: 'Reply', exact: true }).last().click()
  await expect(asked.getByText('try it for a month.')).toBeVisible()

  // Maya hears of it at once: the bell, a toast, and an e-mail.
  await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible()
  await expect(page.getByText(/^Milo Second mentioned you in a question on “.+”$/)).toBeVisible()
  const link = await outboxLink(DEMO.member.email, 'Milo Second mentioned you')
  expect(link).toMatch(/\/admin\/community\/[0-9a-f-]{36}#reply-[0-9a-f-]{36}$/)
  await page.getByRole('link', { name: /^Notifications, \d+ unread$/ }).click()
  await page
    .getByRole('link', { name: /^Milo Second mentioned you in a question on/ })
    .first()
    .click()
  await expect(page.getByText('try it for a month.')).toBeVisible()
  const threadUrl = page.url()

  // Milo reports Maya's question; an administrator hides it from the queue.
  await milo.page.goto(threadUrl)
  await milo.page.getByRole('button', { name: 'More actions for this post' }).click()
  await milo.page.getByRole('menuitem', { name: 'Report' }).click()
  const dialog = milo.page.getByRole('dialog', { name: 'Report this post' })
  await dialog.getByRole('combobox', { name: 'What is wrong?' }).selectOption('other')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(
    milo.page.getByText('Thank you for the report: an administrator will look at it.'),
  ).toBeVisible()

  const admin = await ownBrowser(browser, request, 'admin', consoleErrors)
  await admin.page.goto('/admin/community/reports')
  const reported = admin.page
    .getByRole('list', { name: 'Reported posts and replies' })
    .getByRole('listitem')
    .filter({ hasText: question })
    .first()
  await reported.getByRole('button', { name: 'Hide' }).click()
  await expect(admin.page.getByText('The post is hidden')).toBeVisible()

  // Gone for Milo; still there for its author, marked.
  await milo.page.reload()
  await expect(milo.page).toHaveURL(/\/auth\/404$/)
  await page.reload()
  await expect(page.getByText('Hidden by a moderator').first()).toBeVisible()

  await milo.context.close()
  await admin.context.close()
})
