import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { Author, Post, Thread } from '@schemas/community'
import { contract } from '@schemas/index'
import type { Notification } from '@schemas/notifications'

import { makeCommunityPost, makeCommunityReply, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, liveStream, server } from './msw'
import { renderApp } from './render-app'

const MILO: Author = {
  id: 'member-2',
  name: 'Milo Second',
  handle: 'milos',
  role: 'member',
  level: 1,
}
const POST_ID = '00000000-0000-4000-8000-000000000001'

const makeNotification = (overrides: Partial<Notification> = {}): Notification => ({
  id: 7,
  kind: 'reply',
  createdAt: '2026-11-20T12:00:00.000Z',
  read: false,
  actor: MILO,
  post: { id: POST_ID, title: 'First sale', lesson: null },
  replyId: null,
  excerpt: 'Well done!',
  ...overrides,
})

const makePost = (overrides: Partial<Post> = {}) =>
  makeCommunityPost({ id: POST_ID, title: 'First sale', following: true, ...overrides })

describe('the bell', () => {
  it('shows the unread count the live stream gives, and each new notification as it comes', async () => {
    storeSession()
    const live = liveStream(contract.notifications.stream, [
      { event: { type: 'hello', unread: 2 } },
    ])
    server.use(...memberHandlers(), live.handler)
    const { screen } = await renderApp('/admin/dashboard')
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeTruthy()
    live.send({ type: 'notification', notification: makeNotification(), unread: 3 }, 7)
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeTruthy()
    expect(await screen.findByText('Milo Second replied in “First sale”')).toBeTruthy()
  })

  it('shows a reply written elsewhere in the thread that is open, as it is written', async () => {
    storeSession()
    const live = liveStream(contract.notifications.stream, [
      { event: { type: 'hello', unread: 0 } },
    ])
    const thread: Thread = { post: makePost(), replies: [] }
    server.use(
      ...memberHandlers(),
      live.handler,
      handle(contract.community.thread, () => ({ data: { data: thread } })),
    )
    const { screen } = await renderApp(`/admin/community/${POST_ID}`)
    expect(await screen.findByText('No replies yet')).toBeTruthy()
    await waitFor(() => expect(live.requests).toHaveLength(1))
    thread.post = { ...thread.post, replyCount: 1 }
    thread.replies = [makeCommunityReply(thread.post, { html: '<p>Live reply</p>' })]
    live.send({ type: 'activity', postId: POST_ID, lessonPath: null })
    expect(await screen.findByText('Live reply')).toBeTruthy()
  })
})

describe('/admin/notifications', () => {
  it('lists the notifications, marks them read, and saves how mail should come', async () => {
    storeSession()
    let unread = 2
    const items = [
      makeNotification({ id: 9, kind: 'mention', excerpt: 'Ask @mayam' }),
      makeNotification({
        id: 8,
        kind: 'announcement',
        actor: { ...MILO, role: 'admin', name: 'Ada Admin' },
        post: { id: POST_ID, title: 'Live call Friday', lesson: null },
      }),
      makeNotification({
        id: 7,
        read: true,
        post: {
          id: POST_ID,
          title: '',
          lesson: { path: '/admin/training/module1/lesson1', title: 'How it works' },
        },
      }),
    ]
    let saved: string | undefined
    server.use(
      ...memberHandlers(),
      handle(contract.notifications.list, () => ({
        data: {
          data: {
            items: items.map((n) => ({ ...n, read: unread === 0 || n.read })),
            unread,
            nextBefore: null,
          },
        },
      })),
      handle(contract.notifications.read, ({ body }) => {
        expect(body).toEqual({ all: true })
        unread = 0
        return { data: { data: { unread: 0 } } }
      }),
      handle(contract.notifications.settings, () => ({
        data: { data: { mail: 'instant' as const } },
      })),
      handle(contract.notifications.saveSettings, ({ body }) => {
        saved = body.mail
        return { data: { data: { mail: body.mail } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/notifications')
    const list = await screen.findByRole('list', { name: 'Notifications' })
    const rows = within(list).getAllByRole('listitem')
    expect(within(rows[0]!).getByRole('link').textContent).toBe(
      'Milo Second mentioned you in “First sale”',
    )
    expect(within(rows[0]!).getByText('New')).toBeTruthy()
    expect(within(rows[1]!).getByRole('link').textContent).toBe(
      'Ada Admin announced “Live call Friday”',
    )
    expect(within(rows[2]!).getByRole('link').textContent).toBe(
      'Milo Second replied in a question on “How it works”',
    )
    expect(within(rows[2]!).queryByText('New')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }))
    await waitFor(() => expect(within(list).queryAllByText('New')).toHaveLength(0))
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Send me e-mail for mentions and replies' }),
      'daily',
    )
    await waitFor(() => expect(saved).toBe('daily'))
  })
})

describe('/auth/unsubscribe', () => {
  it('stops community mail with one press, without signing in', async () => {
    let token: string | null = null
    server.use(
      handle(contract.notifications.unsubscribe, ({ url }) => {
        token = url.searchParams.get('token')
        return { data: { data: { message: 'You will get no more community e-mails.' } } }
      }),
    )
    const { screen, user } = await renderApp('/auth/unsubscribe?token=abc.def')
    await user.click(await screen.findByRole('button', { name: 'Stop community e-mails' }))
    expect(await screen.findByText('You will get no more community e-mails.')).toBeTruthy()
    expect(token).toBe('abc.def')
  })
})
