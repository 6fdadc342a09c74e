import { delay, HttpResponse, http as mswHttp } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { server } from '../../tests/client/msw'
import { ApiError } from './api-error'
import { busyRetryDelayMs, compactQuery, request } from './http'

afterEach(() => {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
})

describe('a call the server shed under load', () => {
  const busy = () =>
    HttpResponse.json(
      { message: 'The server is busy right now. Try again in a moment.' },
      { status: 503, headers: { 'retry-after': '0' } },
    )
  // No random part of the wait: the test does not sleep.
  const noJitter = () => vi.spyOn(Math, 'random').mockReturnValue(0)
  afterEach(() => vi.restoreAllMocks())

  it('is a read sent again after its Retry-After, and answered', async () => {
    noJitter()
    let calls = 0
    server.use(
      mswHttp.get('/api/things', () => (++calls < 3 ? busy() : HttpResponse.json({ ok: 1 }))),
    )
    await expect(request({ method: 'GET', path: 'things' })).resolves.toEqual({ ok: 1 })
    expect(calls).toBe(3)
  })

  it('is sent again twice at most, then fails with the server’s message', async () => {
    noJitter()
    let calls = 0
    server.use(mswHttp.get('/api/things', () => (++calls, busy())))
    const error = await request({ method: 'GET', path: 'things' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 503, busyFor: 0 })
    expect(calls).toBe(3)
  })

  it('is a write sent again only with an Idempotency-Key', async () => {
    noJitter()
    let calls = 0
    server.use(
      mswHttp.post('/api/things', () => (++calls % 2 ? busy() : HttpResponse.json({ made: 1 }))),
    )
    const plain = await request({ method: 'POST', path: 'things', body: {} }).catch((e) => e)
    expect(plain).toMatchObject({ status: 503 })
    expect(calls).toBe(1)
    calls = 0
    await expect(
      request({ method: 'POST', path: 'things', body: {}, headers: { 'Idempotency-Key': 'k1' } }),
    ).resolves.toEqual({ made: 1 })
    expect(calls).toBe(2)
  })

  it('is not sent again when it is maintenance (no short Retry-After) or another error', async () => {
    let calls = 0
    server.use(
      mswHttp.get(
        '/api/things',
        () => (++calls, HttpResponse.json({ message: 'Down' }, { status: 503 })),
      ),
    )
    await request({ method: 'GET', path: 'things' }).catch(() => undefined)
    expect(calls).toBe(1)
  })

  it('waits at least what the server asked, plus a random part that doubles, at most 30 s', () => {
    expect(busyRetryDelayMs(2, 0, () => 0)).toBe(2000)
    expect(busyRetryDelayMs(2, 0, () => 1)).toBe(4000)
    expect(busyRetryDelayMs(2, 1, () => 1)).toBe(6000)
    expect(busyRetryDelayMs(0, 0, () => 1)).toBe(500)
    expect(busyRetryDelayMs(20, 3, () => 1)).toBe(30_000)
  })
})

describe('the HTTP client', () => {
  it("sends the spec's headers and only non-empty query parameters", async () => {
    localStorage.setItem('authToken', 'tok')
    localStorage.setItem('role', 'admin')
    document.cookie = 'XSRF-TOKEN=x%2Fy; path=/'
    let seen: Request | undefined
    server.use(
      mswHttp.get('/api/things', ({ request: req }) => {
        seen = req
        return HttpResponse.json({ ok: true })
      }),
    )
    await expect(
      request({
        method: 'GET',
        path: 'things',
        query: { search: '', page: 2, sort: undefined, order: null, flag: false },
      }),
    ).resolves.toEqual({ ok: true })
    expect(seen!.headers.get('authorization')).toBe('Bearer tok')
    expect(seen!.headers.get('role')).toBe('admin')
    expect(seen!.headers.get('accept')).toBe('application/json')
    expect(seen!.headers.get('x-xsrf-token')).toBe('x/y')
    expect(new URL(seen!.url).search).toBe('?page=2&flag=false')
  })

  it('sends no Authorization, Role or XSRF header when there is nothing to send', async () => {
    let seen: Request | undefined
    server.use(
      mswHttp.get('/api/things', ({ request: req }) => {
        seen = req
        return HttpResponse.json({})
      }),
    )
    await request({ method: 'GET', path: 'things' })
    expect(seen!.headers.has('authorization')).toBe(false)
    expect(seen!.headers.has('role')).toBe(false)
    expect(seen!.headers.has('x-xsrf-token')).toBe(false)
  })

  it("turns an error answer into ApiError with the server's message and status", async () => {
    localStorage.setItem('authToken', 'tok')
    server.use(
      mswHttp.get('/api/things', () => HttpResponse.json({ message: 'Nope' }, { status: 403 })),
    )
    const error = await request({ method: 'GET', path: 'things' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, message: 'Nope', signedIn: true })
  })

  it('falls back to the status text when the error body has no message', async () => {
    server.use(
      mswHttp.get(
        '/api/things',
        () => new HttpResponse('oops', { status: 502, statusText: 'Bad Gateway' }),
      ),
    )
    await expect(request({ method: 'GET', path: 'things' })).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      signedIn: false,
    })
  })

  it('reports a dropped connection as "Network Error"', async () => {
    server.use(mswHttp.get('/api/things', () => HttpResponse.error()))
    await expect(request({ method: 'GET', path: 'things' })).rejects.toMatchObject({
      status: 0,
      message: 'Network Error',
    })
  })

  it('reports a cancelled call as "Request aborted"', async () => {
    server.use(
      mswHttp.get('/api/things', async () => {
        await delay('infinite')
        return HttpResponse.json({})
      }),
    )
    const controller = new AbortController()
    const pending = request({ method: 'GET', path: 'things', signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ status: 0, message: 'Request aborted' })
  })

  it('reports an exceeded timeout as "timeout of Nms exceeded"', async () => {
    server.use(
      mswHttp.get('/api/things', async () => {
        await delay(200)
        return HttpResponse.json({})
      }),
    )
    await expect(request({ method: 'GET', path: 'things', timeout: 20 })).rejects.toMatchObject({
      status: 0,
      message: 'timeout of 20ms exceeded',
    })
  })

  it('compacts query values', () => {
    expect(compactQuery({ a: '', b: 0, c: undefined, d: 'x' }).toString()).toBe('b=0&d=x')
  })

  it('reads "field: message" server errors as field errors', () => {
    expect(new ApiError('email: Already taken', 409).field).toEqual({
      name: 'email',
      message: 'Already taken',
    })
    expect(new ApiError('Invalid e-mail or password', 401).field).toBeNull()
  })
})
