import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { QueuePost } from '@schemas/queue'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

let counter = 0
function makePost(overrides: Partial<QueuePost> = {}): QueuePost {
  counter += 1
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    channel: 'instagram',
    text: `Post ${counter}`,
    scheduledAt: null,
    position: counter,
    postedAt: null,
    eventId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  }
}

/** The queue as the server keeps it. */
function queueBackend(initial: QueuePost[]) {
  let posts = [...initial]
  const orders: string[][] = []
  return {
    get posts() {
      return posts
    },
    orders,
    handlers: [
      ...memberHandlers(makeProfile({ areas: ['quickCash'] })),
      handle(contract.queue.list, () => ({ data: { data: posts } })),
      handle(contract.queue.create, ({ body }) => {
        const post = makePost({
          channel: body.channel,
          text: body.text,
          scheduledAt: body.scheduledAt ?? null,
        })
        posts.push(post)
        return { status: 201, data: { data: post } }
      }),
      handle(contract.queue.reorder, ({ body }) => {
        orders.push(body.ids)
        const byId = new Map(posts.map((p) => [p.id, p]))
        posts = [...body.ids.map((id) => byId.get(id)!), ...posts.filter((p) => p.postedAt)]
        return { data: { data: posts } }
      }),
      handle(contract.queue.update, ({ params, body }) => {
        const post = posts.find((p) => p.id === params.id)!
        if (body.posted !== undefined) {
          post.postedAt = body.posted ? '2026-03-02T10:00:00.000Z' : null
        }
        posts = [...posts.filter((p) => !p.postedAt), ...posts.filter((p) => p.postedAt)]
        return { data: { data: post } }
      }),
    ],
  }
}

describe('/admin/quickcash/buffer: the posting queue', () => {
  it('moves a post with the keyboard, keeps the focus on it, and saves the order', async () => {
    storeSession()
    const backend = queueBackend([makePost(), makePost(), makePost()])
    server.use(...backend.handlers)
    const { screen, user } = await renderApp('/admin/quickcash/buffer')
    const list = await screen.findByRole('list', { name: 'Posts up next' })
    const [first, second, third] = backend.posts
    const handle = within(list).getByRole('button', { name: 'Move post 3 of 3' })
    handle.focus()
    await user.keyboard('{ArrowUp}')
    await waitFor(() => expect(backend.orders).toEqual([[first!.id, third!.id, second!.id]]))
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => within(li).getByText(/^Post \d+$/).textContent)).toEqual([
      first!.text,
      third!.text,
      second!.text,
    ])
    expect(document.activeElement).toBe(
      within(list).getByRole('button', { name: 'Move post 2 of 3' }),
    )
    expect(screen.getByText('Moved to position 2 of 3')).toBeTruthy()
  })

  it('adds a post after checking it, and marks one posted', async () => {
    storeSession()
    const backend = queueBackend([makePost({ text: 'Already waiting' })])
    server.use(...backend.handlers)
    const { screen, user } = await renderApp('/admin/quickcash/buffer')
    await screen.findByText('Already waiting')
    await user.click(screen.getByRole('button', { name: 'Add to the queue' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Post text is required')
    await user.type(screen.getByLabelText('Post text'), 'Three hooks for Monday')
    await user.selectOptions(screen.getByLabelText('Channel'), 'pinterest')
    await user.click(screen.getByRole('button', { name: 'Add to the queue' }))
    expect(await screen.findByText('Three hooks for Monday')).toBeTruthy()
    expect(backend.posts.at(-1)).toMatchObject({ channel: 'pinterest', scheduledAt: null })

    const waiting = screen.getByRole('list', { name: 'Posts up next' })
    const item = within(waiting).getByText('Already waiting').closest('li')!
    await user.click(within(item).getByRole('button', { name: 'Mark posted' }))
    expect(await screen.findByRole('heading', { name: 'Posted (1)' })).toBeTruthy()
    // Without a time, a post cannot go on the calendar yet.
    const next = within(waiting).getAllByRole('listitem')[0]!
    expect(
      within(next).getByRole('button', { name: 'Put on calendar' }).hasAttribute('disabled'),
    ).toBe(true)
  })

  it('keeps what was typed when a post is refused, and sends it again with the same Idempotency-Key', async () => {
    storeSession()
    const backend = queueBackend([])
    const keys: (string | null)[] = []
    let refuse = true
    server.use(
      handle(contract.queue.create, ({ headers }) => {
        keys.push(headers.get('idempotency-key'))
        if (refuse) return { status: 500, message: 'Database unreachable' }
        return { status: 201, data: { data: makePost({ text: 'Hooks for Friday' }) } }
      }),
      ...backend.handlers,
    )
    const { screen, user } = await renderApp('/admin/quickcash/buffer')
    await user.type(await screen.findByLabelText('Post text'), 'Hooks for Friday')
    await user.click(screen.getByRole('button', { name: 'Add to the queue' }))
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Database unreachable')
    expect(screen.getByLabelText('Post text')).toHaveProperty('value', 'Hooks for Friday')

    refuse = false
    await user.click(screen.getByRole('button', { name: 'Add to the queue' }))
    // Saved: the form is ready for the next post (the toast saying so lasts a few seconds only).
    await waitFor(() => expect(screen.getByLabelText('Post text')).toHaveProperty('value', ''))
    expect(screen.queryByRole('alert')).toBeNull()
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[\w-]{16,}$/)
    expect(keys[1]).toBe(keys[0])
  })
})
