import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import type { AiStatus, ChatMessage, StreamEvent } from '@schemas/ai'
import { contract } from '@schemas/index'
import type { NoteBody } from '@schemas/notes'

import { makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, handleStream, server } from './msw'
import { renderApp } from './render-app'

const ID = '00000000-0000-4000-8000-000000000001'

const status = (model: string | null): AiStatus => ({
  model,
  usage: {
    requestsPerHour: 60,
    requestsLastHour: 4,
    tokensPerDay: 100_000,
    tokensLast24h: 1_234,
    nextRequestAt: null,
  },
})

/** Events as the contract types them. */
const events = (...list: StreamEvent[]) => list

/** A gate a streamed answer waits at before event `index`, opened by the test. */
function gate(index: number) {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { next: (i: number) => (i === index ? opened : Promise.resolve()), open }
}

const aiHandlers = (model: string | null) => [
  ...memberHandlers(makeProfile({ areas: ['aiTools', 'chatbot'] })),
  handle(contract.ai.status, () => ({ data: { data: status(model) } })),
  handle(contract.ai.history, () => ({
    data: { data: { items: [], total: 0, page: 1, pageSize: 10 } },
  })),
]

const TWEETS =
  'Lists beat likes: start yours this week. #ad\n\n### Variant 2\nOwn your audience. #ad'

describe('the writing tools', () => {
  it('stream an answer in, show it as variants with platform checks, copy and save to notes', async () => {
    storeSession()
    const held = gate(2)
    const saved: NoteBody[] = []
    let sent: unknown
    server.use(
      ...aiHandlers('llama3.1'),
      handleStream(contract.ai.write, ({ body }) => {
        sent = body
        return {
          events: events(
            { type: 'start', id: ID, writer: 'model' },
            { type: 'delta', text: TWEETS.slice(0, 20) },
            { type: 'delta', text: TWEETS.slice(20) },
            { type: 'end', status: 'done', message: null, retryAfterSeconds: null, tokens: 80 },
          ),
          next: held.next,
        }
      }),
      handle(contract.notes.create, ({ body }) => {
        saved.push(body)
        return {
          status: 201 as const,
          data: {
            data: {
              id: ID,
              title: body.title,
              body: body.body ?? '',
              color: 'yellow' as const,
              pinned: false,
              createdAt: '2026-11-01T10:00:00.000Z',
              updatedAt: '2026-11-01T10:00:00.000Z',
            },
          },
        }
      }),
    )
    const { screen, user } = await renderApp('/admin/aiscript/twitterTweet')
    expect(await screen.findByText(/written by the site's AI model \(llama3\.1\)/)).toBeTruthy()
    expect(screen.getByText('Requests this hour: 4 of 60')).toBeTruthy()
    await user.type(screen.getByLabelText(/^Topic/), 'Email lists')
    await user.click(screen.getByRole('button', { name: 'Write' }))

    const results = screen.getByRole('region', { name: 'Results' })
    // Part of the answer is on screen while the rest is still coming.
    expect(await within(results).findByText('Lists beat likes: st')).toBeTruthy()
    expect(within(results).getByRole('button', { name: 'Stop' })).toBeTruthy()
    expect(within(results).getByText('Writing…')).toBeTruthy()
    held.open()
    expect(await within(results).findByText('2 variants written')).toBeTruthy()
    expect(sent).toMatchObject({ tool: 'twitterTweet', topic: 'Email lists', variants: 3 })
    const texts = within(results).getAllByTestId('variant-text')
    expect(texts.map((t) => t.textContent)).toEqual([
      'Lists beat likes: start yours this week. #ad',
      'Own your audience. #ad',
    ])
    expect(within(results).getByText('Written by the AI model')).toBeTruthy()
    expect(within(results).getByText('Tweet: 44 / 280')).toBeTruthy()

    const second = within(results).getByRole('region', { name: 'Variant 2' })
    await user.click(within(second).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe('Own your audience. #ad')
    await user.click(within(second).getByRole('button', { name: 'Save to notes' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]).toEqual({
      title: 'Tweet: Email lists (variant 2)',
      body: 'Own your audience. #ad',
    })
    expect(within(results).getByRole('button', { name: 'Regenerate' })).toBeTruthy()
  })

  it('stop ends the answer and keeps what came', async () => {
    storeSession()
    const held = gate(2)
    server.use(
      ...aiHandlers('llama3.1'),
      handleStream(contract.ai.write, () => ({
        events: events(
          { type: 'start', id: ID, writer: 'model' },
          { type: 'delta', text: 'Hook: The first half' },
          { type: 'delta', text: ' never arrives' },
        ),
        next: held.next,
      })),
    )
    const { screen, user } = await renderApp('/admin/aiscript/tiktok')
    await user.type(await screen.findByLabelText(/^Video topic/), 'Sourdough')
    await user.click(screen.getByRole('button', { name: 'Write' }))
    const results = screen.getByRole('region', { name: 'Results' })
    expect(await within(results).findByText('Hook: The first half')).toBeTruthy()
    await user.click(within(results).getByRole('button', { name: 'Stop' }))
    expect(await within(results).findByText('Stopped. What was written is kept.')).toBeTruthy()
    expect(within(results).getByTestId('variant-text').textContent).toBe('Hook: The first half')
    held.open()
  })

  it('shows the model failing mid-answer, keeping the part written', async () => {
    storeSession()
    server.use(
      ...aiHandlers('llama3.1'),
      handleStream(contract.ai.write, () => ({
        events: events(
          { type: 'start', id: ID, writer: 'model' },
          { type: 'delta', text: 'Title: Knife care' },
          {
            type: 'end',
            status: 'failed',
            message: 'The AI model is busy right now. Try again in 7 s.',
            retryAfterSeconds: 7,
            tokens: 10,
          },
        ),
      })),
    )
    const { screen, user } = await renderApp('/admin/aiscript/SEO')
    await user.type(await screen.findByLabelText(/^Page topic/), 'Knife care')
    await user.click(screen.getByRole('button', { name: 'Write' }))
    expect(await screen.findByText(/busy right now\. Try again in 7 s\./)).toBeTruthy()
    expect(screen.getByTestId('variant-text').textContent).toBe('Title: Knife care')
  })

  it('says why a refused call was refused, and checks the form before sending', async () => {
    storeSession()
    let calls = 0
    server.use(
      ...aiHandlers(null),
      handleStream(contract.ai.write, () => {
        calls += 1
        return { status: 429, message: 'You have used your 60 AI requests of the last hour.' }
      }),
    )
    const { screen, user } = await renderApp('/admin/generator')
    expect(await screen.findByText(/No AI model is set on this site/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Write' }))
    expect(await screen.findByText('What to write is required')).toBeTruthy()
    expect(calls).toBe(0)
    await user.type(screen.getByLabelText(/^What to write/), 'A welcome email')
    await user.click(screen.getByRole('button', { name: 'Write' }))
    expect(
      await screen.findByText('You have used your 60 AI requests of the last hour.'),
    ).toBeTruthy()
    expect(calls).toBe(1)
  })

  it('labels template answers and says other languages need the model', async () => {
    storeSession()
    server.use(
      ...aiHandlers(null),
      handleStream(contract.ai.write, () => ({
        events: events(
          { type: 'start', id: ID, writer: 'templates' },
          { type: 'delta', text: 'Caption: Three ways to start. #ad' },
          { type: 'end', status: 'done', message: null, retryAfterSeconds: null, tokens: 0 },
        ),
      })),
    )
    const { screen, user } = await renderApp('/admin/aiscript/instacaption')
    await user.type(await screen.findByLabelText(/^Post topic/), 'Houseplants')
    await user.selectOptions(screen.getByLabelText('Language'), 'de')
    await user.click(screen.getByRole('button', { name: 'Write' }))
    expect(await screen.findByText('Written from templates')).toBeTruthy()
    expect(screen.getByText(/Templates write in English\. Writing in German needs/)).toBeTruthy()
    expect(screen.getByText('Hashtags: 1 / 30')).toBeTruthy()
  })
})

describe('the translator', () => {
  it('without a model says it needs one and how it is set, with nothing to send', async () => {
    storeSession()
    server.use(...aiHandlers(null))
    const { screen } = await renderApp('/admin/translator')
    expect(await screen.findByText('Translation needs an AI model')).toBeTruthy()
    expect(screen.getByText(/AI_BASE_URL and AI_MODEL/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Translate' })).toHaveProperty('disabled', true)
  })

  it('streams a translation with its line breaks, and swaps the languages', async () => {
    storeSession()
    let sent: unknown
    server.use(
      ...aiHandlers('llama3.1'),
      handleStream(contract.ai.translate, ({ body }) => {
        sent = body
        return {
          events: events(
            { type: 'start', id: ID, writer: 'model' },
            { type: 'delta', text: 'Hola\n\n' },
            { type: 'delta', text: 'Mundo' },
            { type: 'end', status: 'done', message: null, retryAfterSeconds: null, tokens: 9 },
          ),
        }
      }),
    )
    const { screen, user } = await renderApp('/admin/translator')
    await user.selectOptions(await screen.findByLabelText('From'), 'en')
    await user.type(screen.getByLabelText('Text to translate'), 'Hello{Enter}{Enter}World')
    await user.click(screen.getByRole('button', { name: 'Translate' }))
    await waitFor(() => expect(screen.getByTestId('translation').textContent).toBe('Hola\n\nMundo'))
    expect(sent).toEqual({ from: 'en', to: 'es', text: 'Hello\n\nWorld', mode: 'text' })
    await user.click(screen.getByRole('button', { name: 'Swap languages' }))
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('es')
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('en')
    expect((screen.getByLabelText('Text to translate') as HTMLTextAreaElement).value).toBe(
      'Hola\n\nMundo',
    )
  })
})

describe('the chatbot', () => {
  it('answers with links to the lessons it used, then keeps the answer in the conversation', async () => {
    storeSession()
    const stored: ChatMessage[] = []
    const source = {
      path: '/admin/training/module1/lesson1',
      title: 'How affiliate marketing works',
      heading: 'The four parties',
      anchor: 'the-four-parties',
      text: 'Every affiliate sale involves four parties.',
    }
    const answerEvents: StreamEvent[] = [
      { type: 'start', id: ID, writer: 'course' },
      { type: 'sources', sources: [source] },
      { type: 'delta', text: 'Here is what the course says about it.' },
      { type: 'end', status: 'done', message: null, retryAfterSeconds: null, tokens: 0 },
    ]
    server.use(
      ...aiHandlers(null),
      handle(contract.ai.chat, () => ({ data: { data: stored } })),
      handleStream(contract.ai.ask, ({ body }) => {
        stored.push(
          {
            id: '00000000-0000-4000-8000-000000000011',
            role: 'member',
            text: body.question,
            writer: null,
            status: 'done',
            message: null,
            sources: [],
            createdAt: '2026-11-01T10:00:00.000Z',
          },
          {
            id: '00000000-0000-4000-8000-000000000012',
            role: 'assistant',
            text: 'Here is what the course says about it.',
            writer: 'course',
            status: 'done',
            message: null,
            sources: [source],
            createdAt: '2026-11-01T10:00:00.001Z',
          },
        )
        return { events: answerEvents }
      }),
    )
    const { screen, user } = await renderApp('/admin/chatbot')
    const box = await screen.findByLabelText('Your question')
    await user.type(box, 'Who takes part in a sale?{Enter}')
    const link = await screen.findByRole('link', {
      name: 'How affiliate marketing works: The four parties',
    })
    expect(link.getAttribute('href')).toBe('/admin/training/module1/lesson1#the-four-parties')
    expect(screen.getByText('Who takes part in a sale?')).toBeTruthy()
    expect(screen.getByText('From the course')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2))
    expect((box as HTMLTextAreaElement).value).toBe('')
  })

  it('checks a question as the server does and sends it trimmed, nothing when it is blank', async () => {
    storeSession()
    const asked: string[] = []
    const events: StreamEvent[] = [
      { type: 'start', id: ID, writer: 'course' },
      { type: 'delta', text: 'The course covers that in module 2.' },
      { type: 'end', status: 'done', message: null, retryAfterSeconds: null, tokens: 0 },
    ]
    server.use(
      ...aiHandlers(null),
      handle(contract.ai.chat, () => ({ data: { data: [] } })),
      handleStream(contract.ai.ask, ({ body }) => {
        asked.push(body.question)
        return { events }
      }),
    )
    const { screen, user } = await renderApp('/admin/chatbot')
    const box = await screen.findByLabelText('Your question')
    await user.type(box, '   {Enter}')
    expect(await screen.findByText('Question is required')).toBeTruthy()
    expect(asked).toEqual([])
    await user.type(box, 'What is a hoplink?  ')
    expect(screen.queryByText('Question is required')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Ask' }))
    await waitFor(() => expect(asked).toEqual(['What is a hoplink?']))
  })

  it('holds the place of a loading conversation without offering its questions, and says in the allowance that no model is set', async () => {
    storeSession()
    let answer!: () => void
    const loaded = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      ...aiHandlers(null),
      handle(contract.ai.chat, async () => {
        await loaded
        return { data: { data: [] } }
      }),
    )
    const { screen } = await renderApp('/admin/chatbot')
    expect((await screen.findByText('Loading your conversation')).getAttribute('role')).toBe(
      'status',
    )
    // The suggestions hold the place unseen: no button a keyboard or a screen reader could reach.
    expect(screen.queryByRole('button', { name: 'How do I choose a niche?' })).toBeNull()
    const allowance = (await screen.findByRole('heading', { name: 'Your allowance' })).closest(
      '.chakra-card__root',
    ) as HTMLElement
    expect(
      await within(allowance).findByText(/No AI model is set on this site, so answers are/),
    ).toBeTruthy()
    answer()
    expect(await screen.findByRole('button', { name: 'How do I choose a niche?' })).toBeTruthy()
    expect(screen.queryByText('Loading your conversation')).toBeNull()
  })

  it('clears the conversation only after a confirmation', async () => {
    storeSession()
    let stored: ChatMessage[] = [
      {
        id: '00000000-0000-4000-8000-000000000021',
        role: 'member',
        text: 'What is a hoplink?',
        writer: null,
        status: 'done',
        message: null,
        sources: [],
        createdAt: '2026-11-01T10:00:00.000Z',
      },
    ]
    server.use(
      ...aiHandlers(null),
      handle(contract.ai.chat, () => ({ data: { data: stored } })),
      handle(contract.ai.clearChat, () => {
        const removed = stored.length
        stored = []
        return { data: { data: { removed } } }
      }),
    )
    const { screen, user } = await renderApp('/admin/chatbot')
    expect(await screen.findByText('What is a hoplink?')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Clear conversation' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Clear the conversation?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(stored).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'Clear conversation' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Clear' }),
    )
    expect(await screen.findByText('Try one of these')).toBeTruthy()
    expect(stored).toHaveLength(0)
  })
})
