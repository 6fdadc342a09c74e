import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { Post, Reply, Reported } from '@schemas/community'
import { contract } from '@schemas/index'

import {
  COMMUNITY_AUTHORS,
  communityId,
  makeCommunityPost,
  makeCommunityReply,
  makeLesson,
  storeSession,
} from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { chooseFromMenu, renderApp } from './render-app'

const MAYA = COMMUNITY_AUTHORS.maya
const MILO = COMMUNITY_AUTHORS.milo
const ADA = COMMUNITY_AUTHORS.ada
const uuid = communityId
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, minutes)).toISOString()
const makePost = makeCommunityPost
const makeReply = makeCommunityReply

const html = (text: string) =>
  `<p>${text.replace(/@(\w+)/g, '<span class="mention">@$1</span>')}</p>\n`

/** The community's server in memory: posts, replies and what the app asked for. */
function communityBackend(posts: Post[], replies: Reply[] = []) {
  const asked: { feed: URLSearchParams[]; reports: unknown[] } = { feed: [], reports: [] }
  return {
    posts,
    replies,
    asked,
    handlers: [
      handle(contract.community.feed, ({ url }) => {
        asked.feed.push(url.searchParams)
        const category = url.searchParams.get('category')
        const cursor = url.searchParams.get('cursor')
        const limit = Number(url.searchParams.get('limit') ?? 20)
        const listed = posts.filter((p) => p.category && (!category || p.category === category))
        const start = cursor ? Number(cursor.slice(1)) : 0
        const page = listed.slice(start, start + limit)
        return {
          data: {
            data: {
              pinned: [],
              items: page,
              nextCursor: start + limit < listed.length ? `c${start + limit}` : null,
            },
          },
        }
      }),
      handle(contract.community.create, ({ body }) => {
        const post = makePost({
          author: MAYA,
          category: body.category,
          title: body.title,
          body: body.body,
          html: html(body.body),
          canDelete: true,
        })
        posts.unshift(post)
        return { status: 201, data: { data: post } }
      }),
      handle(contract.community.thread, ({ params }) => {
        const post = posts.find((p) => p.id === params.id)
        if (!post) return { status: 404, message: 'There is no such post' }
        return {
          data: { data: { post, replies: replies.filter((r) => r.postId === post.id) } },
        }
      }),
      handle(contract.community.reply, ({ params, body }) => {
        if (body.body.includes('spam')) {
          return {
            status: 429,
            message: 'You can write at most 100 replies an hour. Please try again in 12 minutes.',
          }
        }
        const post = posts.find((p) => p.id === params.id)!
        const reply = makeReply(post, {
          author: MAYA,
          body: body.body,
          html: html(body.body),
          parentId: body.parentId ?? null,
          canDelete: true,
        })
        replies.push(reply)
        post.replyCount++
        return { status: 201, data: { data: reply } }
      }),
      handle(contract.community.react, ({ params, body }) => {
        const post = posts.find((p) => p.id === params.id)!
        post.reactions = body.on ? [{ reaction: body.reaction, count: 1, mine: true }] : []
        return { data: { data: { reactions: post.reactions } } }
      }),
      handle(contract.community.mentions, ({ url }) => {
        const q = url.searchParams.get('q') ?? ''
        return {
          data: { data: [MILO, ADA].filter((a) => a.handle.startsWith(q.toLowerCase())) },
        }
      }),
      handle(contract.community.report, ({ body }) => {
        asked.reports.push(body)
        return {
          status: 201,
          data: {
            data: { message: 'Thank you for the report: an administrator will look at it.' },
          },
        }
      }),
      handle(contract.community.lesson, ({ url }) => ({
        data: {
          data: {
            pinned: [],
            items: posts.filter((p) => p.lesson?.path === url.searchParams.get('path')),
            nextCursor: null,
          },
        },
      })),
      handle(contract.community.ask, ({ url, body }) => {
        const post = makePost({
          author: MAYA,
          category: null,
          title: '',
          lesson: { path: url.searchParams.get('path')!, title: 'Choosing your niche' },
          body: body.body,
          html: html(body.body),
          canDelete: true,
        })
        posts.unshift(post)
        return { status: 201, data: { data: post } }
      }),
    ],
  }
}

describe('/admin/community', () => {
  it('lists the posts, marks the unread ones, filters by category and pages on', async () => {
    storeSession()
    const backend = communityBackend([
      makePost({ title: 'First commission', unread: true, replyCount: 2 }),
      ...Array.from({ length: 21 }, (_, i) =>
        makePost({ title: `Post ${i}`, category: 'questions' }),
      ),
    ])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user, router } = await renderApp('/admin/community')
    const list = await screen.findByRole('list', { name: 'Posts' })
    const first = within(list).getAllByRole('listitem')[0]!
    expect(within(first).getByRole('link', { name: 'First commission' })).toBeTruthy()
    expect(within(first).getByText('Unread')).toBeTruthy()
    expect(within(first).getByText('2 replies')).toBeTruthy()
    expect(within(list).getAllByRole('listitem')).toHaveLength(20)
    await user.click(screen.getByRole('button', { name: 'Show more posts' }))
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(22))
    expect(backend.asked.feed.at(-1)!.get('cursor')).toBe('c20')

    await user.click(screen.getByRole('link', { name: 'Wins' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ category: 'wins' }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    )
    expect(backend.asked.feed.at(-1)!.get('category')).toBe('wins')
    expect(screen.getByRole('link', { name: 'Wins' }).getAttribute('aria-current')).toBe('page')
  })

  it('writes a new post, checked before it is sent, and opens its thread', async () => {
    storeSession()
    const backend = communityBackend([])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user, router } = await renderApp('/admin/community')
    expect(await screen.findByText('No posts yet')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'New post' }))
    const dialog = await screen.findByRole('dialog', { name: 'New post' })
    // Announcements are the administrators'.
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Wins', 'Questions', 'Introductions'])
    await user.click(within(dialog).getByRole('button', { name: 'Post' }))
    expect(await within(dialog).findByText('Title is required')).toBeTruthy()
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Hello all')
    await user.type(within(dialog).getByRole('combobox', { name: /Post/ }), 'I am **new** here')
    await user.click(within(dialog).getByRole('button', { name: 'Post' }))
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/admin/community/${backend.posts[0]!.id}`),
    )
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello all' })).toBeTruthy()
  })
})

describe('a thread', () => {
  it('shows replies under the reply they answer, and takes a reply', async () => {
    storeSession()
    const post = makePost({ title: 'Which network first?', replyCount: 2 })
    const first = makeReply(post, { body: 'ClickBank', html: '<p>ClickBank</p>' })
    const child = makeReply(post, {
      author: ADA,
      parentId: first.id,
      html: '<p>Agreed</p>',
      isAnswer: true,
    })
    const backend = communityBackend([post], [first, child])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp(`/admin/community/${post.id}`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Which network first?' }),
    ).toBeTruthy()
    const answer = screen.getByText('Agreed').closest('li')!
    expect(within(answer).getByText('Answer')).toBeTruthy()
    expect(within(answer).getByText('Team')).toBeTruthy()
    // The answer sits in the list under the reply it answers.
    expect(
      screen.getByText('ClickBank').closest('li')!.parentElement!.parentElement!.contains(answer),
    ).toBe(true)

    const box = screen.getByRole('combobox', { name: 'Write a reply' })
    await user.type(box, 'Thanks, this helps')
    await user.click(screen.getByRole('button', { name: 'Reply' }))
    expect(await screen.findByText('Thanks, this helps')).toBeTruthy()
    expect((box as HTMLTextAreaElement).value).toBe('')
    expect(backend.replies.at(-1)!.parentId).toBeNull()
  })

  it('keeps the text and says why when a reply is refused', async () => {
    storeSession()
    const post = makePost({ title: 'Limits' })
    server.use(...memberHandlers(), ...communityBackend([post]).handlers)
    const { screen, user } = await renderApp(`/admin/community/${post.id}`)
    const box = await screen.findByRole('combobox', { name: 'Write a reply' })
    await user.type(box, 'spam spam')
    await user.click(screen.getByRole('button', { name: 'Reply' }))
    expect(
      await screen.findByText(
        'You can write at most 100 replies an hour. Please try again in 12 minutes.',
      ),
    ).toBeTruthy()
    expect((box as HTMLTextAreaElement).value).toBe('spam spam')
  })

  it('suggests members as a name is typed after @, and puts the handle in with Enter', async () => {
    storeSession()
    const post = makePost({ title: 'Mentions' })
    server.use(...memberHandlers(), ...communityBackend([post]).handlers)
    const { screen, user } = await renderApp(`/admin/community/${post.id}`)
    const box = await screen.findByRole('combobox', { name: 'Write a reply' })
    await user.type(box, 'Ask @mi')
    const options = await screen.findByRole('listbox', { name: 'Members to mention' })
    expect(
      within(options)
        .getByRole('option', { name: /Milo Second/ })
        .getAttribute('aria-selected'),
    ).toBe('true')
    expect(box.getAttribute('aria-expanded')).toBe('true')
    await user.keyboard('{Enter}')
    expect((box as HTMLTextAreaElement).value).toBe('Ask @milos ')
    expect(screen.queryByRole('listbox')).toBeNull()
  })

  it('likes a post, and reports another member’s post with a reason', async () => {
    storeSession()
    const post = makePost({ title: 'Buy now' })
    const backend = communityBackend([post])
    server.use(...memberHandlers(), ...backend.handlers)
    const { screen, user } = await renderApp(`/admin/community/${post.id}`)
    const like = await screen.findByRole('button', { name: 'Like' })
    expect(like.getAttribute('aria-pressed')).toBe('false')
    await user.click(like)
    expect(
      (await screen.findByRole('button', { name: 'Like, 1, yours' })).getAttribute('aria-pressed'),
    ).toBe('true')

    await chooseFromMenu(user, 'More actions for this post', 'Report')
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' })
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'What is wrong?' }),
      'misleading',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    expect(
      await screen.findByText('Thank you for the report: an administrator will look at it.'),
    ).toBeTruthy()
    expect(backend.asked.reports).toEqual([{ reason: 'misleading', note: '' }])
  })
})

describe('under a lesson', () => {
  const lessonHandlers = (lesson = makeLesson()) => [
    handle(contract.courses.lesson, () => ({ data: { data: lesson } })),
    handle(contract.courses.progress, () => ({
      data: { data: { ...lesson.progress } },
    })),
  ]

  it('asks a question under the lesson once the member reaches the discussion', async () => {
    storeSession()
    const lesson = makeLesson()
    const backend = communityBackend([
      makePost({
        category: null,
        title: '',
        lesson: { path: lesson.path, title: lesson.title },
        html: '<p>Is a broad niche fine?</p>',
        replyCount: 1,
      }),
    ])
    server.use(...memberHandlers(), ...lessonHandlers(lesson), ...backend.handlers)
    const { screen, user } = await renderApp(lesson.path)
    expect(await screen.findByRole('heading', { level: 1, name: lesson.title })).toBeTruthy()
    // Built once it nears the viewport, or at the first press of Tab.
    await user.tab()
    expect(await screen.findByRole('heading', { name: 'Questions and answers' })).toBeTruthy()
    expect(await screen.findByText('Is a broad niche fine?')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Show 1 reply' })).toBeTruthy()
    await user.type(
      screen.getByRole('combobox', { name: 'Ask a question about this lesson' }),
      'How long should a review be?',
    )
    await user.click(screen.getByRole('button', { name: 'Ask' }))
    expect(await screen.findByText('How long should a review be?')).toBeTruthy()
    expect(backend.posts[0]!.lesson!.path).toBe(lesson.path)
  })

  it('shows no discussion where the server refuses it', async () => {
    storeSession()
    const lesson = makeLesson()
    let asked = false
    server.use(
      ...memberHandlers(),
      ...lessonHandlers(lesson),
      handle(contract.community.lesson, () => {
        asked = true
        return {
          status: 403,
          message:
            'Digital-marketing training is a free area that is not open on your account yet.',
        }
      }),
    )
    const { screen, user } = await renderApp(lesson.path)
    expect(await screen.findByRole('heading', { level: 1, name: lesson.title })).toBeTruthy()
    await user.tab()
    await waitFor(() => expect(screen.queryByText('Loading the questions and answers')).toBeNull())
    // Once the server has refused the thread, its heading goes with it.
    await waitFor(() => expect(asked).toBe(true))
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Questions and answers' })).toBeNull(),
    )
    expect(screen.queryByLabelText('Ask a question about this lesson')).toBeNull()
  })
})

describe('/admin/community/reports', () => {
  it('lists what members reported and hides it', async () => {
    storeSession({ role: 'admin', email: 'admin@example.com' })
    const reported: Reported = {
      post: { id: uuid(), title: 'Buy my course', lessonPath: null },
      replyId: null,
      author: MILO,
      excerpt: 'Cheap course here',
      hidden: false,
      reports: [{ reason: 'spam', note: 'Third time today', reporter: MAYA, createdAt: at(5) }],
    }
    let action: string | undefined
    server.use(
      ...memberHandlers(),
      handle(contract.community.reports, () => ({ data: { data: action ? [] : [reported] } })),
      handle(contract.community.moderate, ({ body }) => {
        action = body.action
        return { data: { data: { message: 'The post is hidden' } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/community/reports')
    const list = await screen.findByRole('list', { name: 'Reported posts and replies' })
    expect(within(list).getByText('Cheap course here')).toBeTruthy()
    expect(within(list).getByText('Spam or advertising')).toBeTruthy()
    expect(within(list).getByText(/Third time today/)).toBeTruthy()
    await user.click(within(list).getByRole('button', { name: 'Hide' }))
    expect(await screen.findByText('The post is hidden')).toBeTruthy()
    expect(action).toBe('hide')
    expect(await screen.findByText('Nothing to review')).toBeTruthy()
  })
})
