import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import { ApiError } from '@/lib/api-error'

import { server } from '../../tests/client/msw'
import { authApi } from './auth'
import { createApi, fillPath, toFormData } from './create-api'
import { membersApi } from './members'
import { notesApi } from './notes'
import { systemApi } from './system'

describe('the API factory', () => {
  it('derives query keys [group, op, input] with [group] as prefix', () => {
    expect(membersApi.key).toEqual(['members'])
    expect(membersApi.profile.queryOptions({ params: { email: 'a@b.c' } }).queryKey).toEqual([
      'members',
      'profile',
      { params: { email: 'a@b.c' } },
    ])
    expect(authApi.current.queryOptions().queryKey).toEqual(['auth', 'current', {}])
  })

  it('fills :params, encoded', () => {
    expect(fillPath('/profile/:email', { email: 'a+b@c.d/x' })).toBe('profile/a%2Bb%40c.d%2Fx')
    expect(() => fillPath('/profile/:email', {})).toThrow(ApiError)
  })

  it('parses answers through the response schema', async () => {
    server.use(
      http.get('/api/health', () =>
        HttpResponse.json({ data: { status: 'ok', database: 'up', driver: 'pglite' } }),
      ),
    )
    await expect(systemApi.health.call()).resolves.toEqual({
      data: { status: 'ok', database: 'up', driver: 'pglite' },
    })
  })

  it('treats an answer that breaks the contract as an error', async () => {
    server.use(http.get('/api/health', () => HttpResponse.json({ data: { status: 'fine' } })))
    await expect(systemApi.health.call()).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Unexpected answer from GET /health',
    })
  })

  it('sends query parameters of list endpoints', async () => {
    let search = ''
    server.use(
      http.get('/api/getmember', ({ request }) => {
        search = new URL(request.url).search
        return HttpResponse.json({ data: { items: [], total: 0, page: 1, pageSize: 20 } })
      }),
    )
    await membersApi.list.call({ query: { search: '', page: 2 } })
    expect(search).toBe('?page=2')
  })

  it('runs a query through its options in a QueryClient', async () => {
    server.use(
      http.get('/api/auth/current', () =>
        HttpResponse.json({
          role: 'admin',
          id: '1',
          email: 'admin@example.com',
          twoFactorEnabled: false,
        }),
      ),
    )
    const client = new QueryClient()
    const data = await client.fetchQuery(authApi.current.queryOptions())
    expect(data.role).toBe('admin')
    expect(client.getQueryData(['auth', 'current', {}])).toEqual(data)
  })

  it('builds one entry per endpoint of a group', () => {
    const api = createApi('auth', contract.auth)
    expect(Object.keys(api).sort()).toEqual([...Object.keys(contract.auth), 'key'].sort())
  })

  it('sends a multipart endpoint as a form: text fields plus the file under its contract name', async () => {
    let fields: Record<string, string> = {}
    let file: File | null = null
    let contentType = ''
    server.use(
      http.put('/api/updateprofile/:email', async ({ request }) => {
        contentType = request.headers.get('content-type') ?? ''
        const form = await request.formData()
        for (const [name, value] of form.entries()) {
          if (typeof value === 'string') fields[name] = value
          else file = value
        }
        return HttpResponse.json({
          data: {
            id: 'm1',
            email: 'a@b.co',
            role: 'member',
            firstName: 'Ann',
            lastName: '',
            phone: '',
            address: '',
            username: '',
            note: '',
            photoUrl: '/api/photos/x',
            areas: [],
            twoFactorEnabled: false,
            timeZone: null,
            createdAt: '2026-01-01T00:00:00.000Z',
          },
        })
      }),
    )
    const photo = new File(['photo bytes'], 'me.png', { type: 'image/png' })
    await membersApi.updateProfile.call({
      params: { email: 'a@b.co' },
      body: { firstName: 'Ann', lastName: undefined, removePhoto: 'false' },
      file: photo,
    })
    expect(contentType).toMatch(/^multipart\/form-data; boundary=/)
    expect(fields).toEqual({ firstName: 'Ann', removePhoto: 'false' })
    // jsdom's File cannot cross into Node's fetch with its bytes; toFormData is checked below.
    expect(file).not.toBeNull()

    fields = {}
    file = null
    await membersApi.updateProfile.call({ params: { email: 'a@b.co' }, body: { note: 'hi' } })
    expect(fields).toEqual({ note: 'hi' })
    expect(file).toBeNull()
  })

  it('refuses a file for an endpoint that is not multipart', async () => {
    await expect(
      membersApi.createMember.call({ body: { email: 'a@b.co', firstName: 'A' }, file: new Blob() }),
    ).rejects.toMatchObject({ message: 'POST /createmember takes no file' })
  })

  it('builds the form with the file under the contract field name', () => {
    const photo = new File(['photo bytes'], 'me.png', { type: 'image/png' })
    const form = toFormData({ firstName: 'Ann', note: undefined }, photo, {
      file: 'profilePhoto',
      maxBytes: 10,
    })
    expect([...form.keys()]).toEqual(['firstName', 'profilePhoto'])
    const sent = form.get('profilePhoto') as File
    expect(sent.name).toBe('me.png')
    expect(sent.type).toBe('image/png')
    expect(sent.size).toBe(11)
  })

  it('sends a create again with the same Idempotency-Key after it failed, and a new one after it succeeded', async () => {
    const keys: (string | null)[] = []
    let fail = true
    server.use(
      http.post('/api/notes', async ({ request }) => {
        keys.push(request.headers.get('idempotency-key'))
        if (fail) return HttpResponse.error()
        const { title } = (await request.json()) as { title: string }
        return HttpResponse.json(
          {
            data: {
              id: 'n1',
              title,
              body: '',
              color: 'yellow',
              pinned: false,
              createdAt: '2026-01-01T00:00:00.000Z',
              updatedAt: '2026-01-01T00:00:00.000Z',
            },
          },
          { status: 201 },
        )
      }),
    )
    const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 } } })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const { result } = renderHook(() => notesApi.create.useMutation(), { wrapper })
    const send = (title: string) =>
      act(() => result.current.mutateAsync({ body: { title } }).catch(() => undefined))

    await send('Offer ideas')
    fail = false
    await send('Offer ideas')
    await send('Offer ideas')
    await send('Other ideas')
    expect(keys.every((k) => k && /^[0-9a-f]{32}$/.test(k))).toBe(true)
    // The retry of the failed create reuses its key; a create after a success gets a new one.
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).not.toBe(keys[1])
    expect(new Set(keys).size).toBe(3)
  })

  it('sends no Idempotency-Key on a change, nor on a POST that creates nothing', async () => {
    const keys: (string | null)[] = []
    const refuse = ({ request }: { request: Request }) => {
      keys.push(request.headers.get('idempotency-key'))
      return HttpResponse.json({ message: 'Not found' }, { status: 404 })
    }
    server.use(http.put('/api/notes/:id', refuse), http.post('/api/auth/logout', refuse))
    const client = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    )
    const update = renderHook(() => notesApi.update.useMutation(), { wrapper }).result
    const logout = renderHook(() => authApi.logout.useMutation(), { wrapper }).result
    await act(() =>
      update.current
        .mutateAsync({
          params: { id: '3f1e9a7c-0000-4000-8000-000000000000' },
          body: { title: 'x' },
        })
        .catch(() => undefined),
    )
    await act(() => logout.current.mutateAsync().catch(() => undefined))
    expect(keys).toEqual([null, null])
  })
})
