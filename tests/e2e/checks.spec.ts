import type { APIRequestContext, Page } from '@playwright/test'

import type { CheckSource } from '@schemas/checks'
import type { Course } from '@schemas/courses'

import { apiLogin, baseURL, DEMO, expect, storeSession, test } from './support'

/** A learner of this spec's own, signed up once for the server's run, with the training open. */
const LEARNER = { email: 'tessa.learner@example.com', password: 'Learner#2026' }

async function learnerToken(request: APIRequestContext) {
  const signIn = await request.post(`${baseURL()}/api/auth/login`, { data: LEARNER })
  if (signIn.status() !== 200) {
    const signUp = await request.post(`${baseURL()}/api/auth/signup`, {
      data: { firstName: 'Tessa', lastName: 'Learner', ...LEARNER },
    })
    expect(signUp.status(), await signUp.text()).toBe(201)
  }
  const admin = await apiLogin(request, DEMO.admin.email, DEMO.admin.password)
  const access = await request.put(`${baseURL()}/api/updatePageAccess`, {
    headers: { authorization: `Bearer ${admin}` },
    data: { email: LEARNER.email, areas: ['training'] },
  })
  expect(access.status(), await access.text()).toBe(200)
  return { token: await apiLogin(request, LEARNER.email, LEARNER.password), admin }
}

async function source(request: APIRequestContext, admin: string, module: number) {
  const res = await request.get(`${baseURL()}/api/checks/training/${module}/source`, {
    headers: { authorization: `Bearer ${admin}` },
  })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { data: CheckSource }).data
}

/** Ticks, for each question, the right options, or else the first wrong one. */
async function answer(page: Page, check: CheckSource, right: boolean) {
  for (const q of check.questions) {
    const picks = q.options.filter((o) => o.correct === right).slice(0, right ? undefined : 1)
    for (const option of picks) {
      await page
        .getByRole(q.kind === 'single' ? 'radio' : 'checkbox', { name: option.text, exact: true })
        .check()
    }
  }
}

test('a member fails a check, retries, passes, completes the training and downloads the certificate', async ({
  page,
  request,
}) => {
  const { token, admin } = await learnerToken(request)
  const auth = { authorization: `Bearer ${token}` }
  // Every lesson read, and the first two modules' checks passed, through the API.
  const courses = (await (
    await request.get(`${baseURL()}/api/courses`, { headers: auth })
  ).json()) as {
    data: { courses: Course[] }
  }
  const training = courses.data.courses.find((c) => c.key === 'training')!
  for (const lesson of training.lessons) {
    const res = await request.put(
      `${baseURL()}/api/lesson/progress?path=${encodeURIComponent(lesson.path)}`,
      { headers: auth, data: { completed: true } },
    )
    expect(res.status()).toBe(200)
  }
  for (const module of [1, 2]) {
    const check = await source(request, admin, module)
    const answers = Object.fromEntries(
      check.questions.map((q) => [
        q.id,
        q.options.flatMap((o, i) => (o.correct ? ['abcde'[i]!] : [])),
      ]),
    )
    const res = await request.post(`${baseURL()}/api/checks/training/${module}/attempts`, {
      headers: auth,
      data: { answers },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  const last = await source(request, admin, 3)

  await storeSession(page, { token, email: LEARNER.email, role: 'member' })
  await page.goto('/admin/dgtraining')
  await expect(
    page.getByText(
      'Complete every lesson and pass each module’s knowledge check to get a certificate of completion.',
    ),
  ).toBeVisible()
  const module3 = page.getByRole('region', { name: /Module 3/ })
  await module3.getByRole('link', { name: /Knowledge check/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeVisible()

  // A first try with wrong answers fails, and explains.
  await answer(page, last, false)
  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(page.getByText(/^Not passed yet: 0 %/)).toBeVisible()
  await expect(page.getByText(last.questions[0]!.options[0]!.explanation)).toBeVisible()

  await page.getByRole('button', { name: 'Try again' }).first().click()
  await answer(page, last, true)
  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(page.getByText('Passed: 100 %', { exact: false })).toBeVisible()
  await expect(page.getByText(/That completes the course/)).toBeVisible()

  await page.getByRole('link', { name: 'Get your certificate' }).click()
  await expect(page).toHaveURL(/\/admin\/dgtraining$/)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download certificate' }).click()
  expect((await download).suggestedFilename()).toBe('certificate-training.pdf')
  await expect(
    page.getByRole('region', { name: /Module 3/ }).getByText('Passed', { exact: true }),
  ).toBeVisible()
})
