import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { contract } from '@schemas/index'
import type { SupportMessage } from '@schemas/support'

import { storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

// Screens load their code on demand; a busy machine needs more than the default second.

const earlier: SupportMessage = {
  id: 'msg-1',
  subject: 'Where is module 3?',
  message: 'I cannot find the third module of the course.',
  createdAt: '2026-02-01T09:00:00.000Z',
}

describe('/admin/contactus', () => {
  it('sends subject and message, confirms on screen and lists the message', async () => {
    storeSession()
    const sent: SupportMessage[] = []
    server.use(
      ...memberHandlers(),
      handle(contract.support.list, () => ({ data: { data: [...sent] } })),
      handle(contract.support.send, ({ body }) => {
        const message = { id: `m${sent.length}`, ...body, createdAt: '2026-03-01T10:00:00.000Z' }
        sent.unshift(message)
        return { status: 201, data: { data: message } }
      }),
    )
    const { screen, user } = await renderApp('/admin/contactus')
    expect(await screen.findByText('No messages yet')).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Subject is required')).toBeTruthy()
    await user.type(screen.getByLabelText(/^Subject/), 'Invoice question')
    await user.type(screen.getByLabelText(/^Message/), 'Please send me last month’s invoice.')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Message sent. We will answer by e-mail.')).toBeTruthy()
    expect(screen.getByText(/“Invoice question” reached our support team/)).toBeTruthy()
    const list = await screen.findByRole('list', { name: 'Messages you sent' })
    expect(within(list).getByRole('heading', { name: 'Invoice question' })).toBeTruthy()
  })

  it('takes the subject from ?subject= and shows earlier messages', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.support.list, () => ({ data: { data: [earlier] } })),
    )
    const { screen } = await renderApp('/admin/contactus?subject=Upgrade%20request%3A%20Chatbot')
    expect(((await screen.findByLabelText(/^Subject/)) as HTMLInputElement).value).toBe(
      'Upgrade request: Chatbot',
    )
    expect(await screen.findByRole('heading', { name: 'Where is module 3?' })).toBeTruthy()
  })

  it('puts a "field: message" answer next to its field', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.support.list, () => ({ data: { data: [] } })),
      handle(contract.support.send, () => ({ status: 400, message: 'message: Too many links' })),
    )
    const { screen, user } = await renderApp('/admin/contactus')
    await user.type(await screen.findByLabelText(/^Subject/), 'Hello')
    await user.type(screen.getByLabelText(/^Message/), 'http://a http://b http://c')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Too many links')).toBeTruthy()
  })

  it('shows the list error with a retry', async () => {
    storeSession()
    let fail = true
    server.use(
      ...memberHandlers(),
      handle(contract.support.list, () =>
        fail ? { status: 500, message: 'Mail store down' } : { data: { data: [earlier] } },
      ),
    )
    const { screen, user } = await renderApp('/admin/contactus')
    expect(await screen.findByText('Mail store down')).toBeTruthy()
    fail = false
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Where is module 3?' })).toBeTruthy()
  })
})
