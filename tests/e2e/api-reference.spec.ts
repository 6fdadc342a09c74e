import { baseURL, expect, test } from './support'

test('the API reference renders the contract under the page policy, fetching nothing elsewhere', async ({
  page,
}) => {
  const outside: string[] = []
  page.on('request', (request) => {
    if (!request.url().startsWith(baseURL()) && !request.url().startsWith('data:')) {
      outside.push(request.url())
    }
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { violations: string[] }).violations = seen
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
  })
  await page.goto('/api/reference')
  await expect(page).toHaveTitle(/API reference/)
  // The introduction written once, then the contract's groups and operations.
  await expect(page.getByRole('heading', { name: 'Idempotency-Key' })).toBeVisible()
  await page.getByRole('button', { name: 'Health niche' }).first().click()
  await page.getByText("Add a row to a member's health sheet").first().click()
  await expect(page.getByText('Idempotency-Key', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('hashtags', { exact: true }).first()).toBeVisible()

  const violations = await page.evaluate(
    () => (window as unknown as { violations: string[] }).violations,
  )
  // The bundled zod tries `Function('')` once to learn whether it may compile validators, and
  // goes on without when the policy says no: that probe is the only refusal allowed.
  expect(violations.filter((v) => v !== 'script-src eval')).toEqual([])
  expect(outside).toEqual([])
})
