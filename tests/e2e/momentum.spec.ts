import type { Post } from '@schemas/community'

import { apiLogin, baseURL, DEMO, expect, storeSession, test } from './support'

test('a like raises the author’s points and level live, on the dashboard and the leaderboard', async ({
  page,
  request,
}) => {
  // An author of this run's own: no points yet.
  const author = {
    email: `lena.author.${Date.now()}@example.com`,
    password: 'Author#2026',
  }
  const signUp = await request.post(`${baseURL()}/api/auth/signup`, {
    data: { firstName: 'Lena', lastName: 'Author', ...author },
  })
  expect(signUp.status(), await signUp.text()).toBe(201)
  const token = await apiLogin(request, author.email, author.password)
  // The reminders chosen already: the dashboard does not ask.
  const chose = await request.put(`${baseURL()}/api/reminders`, {
    headers: { authorization: `Bearer ${token}` },
    data: { continue: false, events: true, weekly: true },
  })
  expect(chose.status(), await chose.text()).toBe(200)
  const posts: Post[] = []
  for (const title of ['My first bridge page', 'A subject line that worked', 'Week one notes']) {
    const res = await request.post(`${baseURL()}/api/community/posts`, {
      headers: { authorization: `Bearer ${token}` },
      data: { category: 'wins', title, body: 'What I tried, and what happened.' },
    })
    expect(res.status(), await res.text()).toBe(201)
    posts.push(((await res.json()) as { data: Post }).data)
  }

  await storeSession(page, { token, email: author.email, role: 'member' })
  await page.goto('/admin/dashboard')
  const card = page.getByTestId('momentum-card')
  await expect(card.getByRole('heading', { name: /Level 1/ })).toContainText('0 points')
  await expect(card).toContainText('5 points to level 2')
  // The live stream opens at the member's first act on the page.
  const live = page.waitForResponse((r) => r.url().includes('/api/notifications/stream'))
  await page.keyboard.press('Shift')
  await live

  // Two members like the three posts: six likes, six points, level 2, as they happen.
  for (const who of [DEMO.member, DEMO.member2]) {
    const liker = await apiLogin(request, who.email, who.password)
    for (const post of posts) {
      const res = await request.put(`${baseURL()}/api/community/posts/${post.id}/reactions`, {
        headers: { authorization: `Bearer ${liker}` },
        data: { reaction: 'like', on: true },
      })
      expect(res.status(), await res.text()).toBe(200)
    }
  }
  await expect(card.getByRole('heading', { name: /Level 2/ })).toContainText('6 points')
  await expect(card).toContainText('14 points to level 3')
  await expect(page.getByText('You reached level 2')).toBeVisible()

  // On the leaderboard once the author chooses to appear, with the level beside the name.
  await card.getByRole('link', { name: 'Leaderboard' }).click()
  const choice = page.getByRole('checkbox', { name: /Show me on the leaderboard/ })
  await page.getByText(/^Show me on the leaderboard/).click()
  await expect(choice).toBeChecked()
  const mine = page.getByRole('row', { name: /Lena Author/ })
  await expect(mine).toContainText('level 2')
  await expect(mine).toContainText('6')
  await expect(mine).toHaveAttribute('aria-current', 'true')
})
