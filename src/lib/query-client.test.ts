import { MutationObserver, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { ApiError } from './api-error'
import { createQueryClient } from './query-client'

const toastError = vi.hoisted(() => vi.fn())
vi.mock('./toast', () => ({ toast: { error: toastError } }))

afterEach(() => toastError.mockReset())

function setup() {
  const handlers = { onSessionEnded: vi.fn(), onMaintenance: vi.fn() }
  return { handlers, client: createQueryClient(handlers) }
}

const failingQuery = (error: ApiError) => ({
  queryKey: ['t', String(Math.random())],
  queryFn: () => Promise.reject(error),
  retry: false,
})

async function runMutation(
  client: ReturnType<typeof createQueryClient>,
  error: ApiError,
  meta?: { errorToast?: boolean },
) {
  const observer = new MutationObserver(client, { mutationFn: () => Promise.reject(error), meta })
  await observer.mutate().catch(() => undefined)
}

describe('the QueryClient error handlers', () => {
  it('sends a 503 from a query to maintenance', async () => {
    const { client, handlers } = setup()
    await client.fetchQuery(failingQuery(new ApiError('Down', 503))).catch(() => undefined)
    expect(handlers.onMaintenance).toHaveBeenCalledTimes(1)
    expect(handlers.onSessionEnded).not.toHaveBeenCalled()
  })

  it('ends the session on a 401 to a signed-in call only', async () => {
    const { client, handlers } = setup()
    await client.fetchQuery(failingQuery(new ApiError('No', 401, false))).catch(() => undefined)
    expect(handlers.onSessionEnded).not.toHaveBeenCalled()
    await client.fetchQuery(failingQuery(new ApiError('No', 401, true))).catch(() => undefined)
    expect(handlers.onSessionEnded).toHaveBeenCalledTimes(1)
  })

  it('toasts a failed action, unless its screen shows the error itself', async () => {
    const { client } = setup()
    await runMutation(client, new ApiError('Could not save', 500))
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Could not save'))
    toastError.mockReset()
    await runMutation(client, new ApiError('Shown in place', 400), { errorToast: false })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(toastError).not.toHaveBeenCalled()
  })

  it('does not toast what it redirects for', async () => {
    const { client, handlers } = setup()
    await runMutation(client, new ApiError('Down', 503))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(handlers.onMaintenance).toHaveBeenCalledTimes(1)
    expect(toastError).not.toHaveBeenCalled()
  })

  it('does not toast failed queries', async () => {
    const { client } = setup()
    const observer = new QueryObserver(client, failingQuery(new ApiError('Nope', 404)))
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(observer.getCurrentResult().isError).toBe(true))
    unsubscribe()
    expect(toastError).not.toHaveBeenCalled()
  })

  it('takes a 503 with a short Retry-After for a moment of overload, not maintenance: a query does not send it yet again, an action says so', async () => {
    const { client, handlers } = setup()
    let calls = 0
    const busy = new ApiError(
      'The server is busy right now. Try again in a moment.',
      503,
      true,
      true,
      '0',
    )
    // The HTTP client has already sent it again (src/lib/http.ts): the query shows the error.
    const failed = await client
      .fetchQuery({ queryKey: ['busy'], queryFn: () => (++calls, Promise.reject(busy)) })
      .catch((error: unknown) => error)
    expect(failed).toBe(busy)
    expect(calls).toBe(1)
    await runMutation(client, busy)
    await vi.waitFor(() =>
      expect(toastError).toHaveBeenCalledWith(
        'The server is busy right now. Try again in a moment.',
      ),
    )
    expect(handlers.onMaintenance).not.toHaveBeenCalled()
    // A long Retry-After is maintenance, as a 503 without one.
    await client
      .fetchQuery(failingQuery(new ApiError('Down', 503, true, true, '3600')))
      .catch(() => undefined)
    expect(handlers.onMaintenance).toHaveBeenCalledTimes(1)
  })
})
