import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { lockedMessage } from '@schemas/access'
import type { CheckResult, KnowledgeCheck } from '@schemas/checks'
import { contract } from '@schemas/index'

import { storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const check = (overrides: Partial<KnowledgeCheck> = {}): KnowledgeCheck => ({
  course: { key: 'training', title: 'Digital-marketing training', overview: '/admin/dgtraining' },
  module: { number: 1, title: 'Foundations' },
  title: 'Foundations — check your understanding',
  passMark: 80,
  questions: [
    {
      id: 'm1-refund',
      kind: 'single',
      prompt: 'Who handles a refund?',
      lesson: { path: '/admin/training/module1/lesson1', title: 'How affiliate marketing works' },
      options: [
        { id: 'a', text: 'You' },
        { id: 'b', text: 'The network' },
        { id: 'c', text: 'Nobody' },
      ],
    },
    {
      id: 'm1-no-commission',
      kind: 'multiple',
      prompt: 'When do you earn no commission? Select all that apply.',
      lesson: { path: '/admin/training/module1/lesson1', title: 'How affiliate marketing works' },
      options: [
        { id: 'a', text: 'The buyer types the product name into a search engine' },
        { id: 'b', text: 'The buyer uses your link' },
        { id: 'c', text: 'The buyer asks for a refund' },
      ],
    },
  ],
  best: null,
  attempts: 0,
  ...overrides,
})

const result = (answers: Record<string, string[]>): CheckResult => {
  const right = { 'm1-refund': ['b'], 'm1-no-commission': ['a', 'c'] } as Record<string, string[]>
  const questions = Object.keys(right).map((id) => ({
    id,
    right: JSON.stringify(answers[id]) === JSON.stringify(right[id]),
    chosen: answers[id] ?? [],
    options: ['a', 'b', 'c'].map((o) => ({
      id: o,
      correct: right[id]!.includes(o),
      explanation: `Why ${o} of ${id}`,
    })),
  }))
  const count = questions.filter((q) => q.right).length
  const score = Math.round((100 * count) / questions.length)
  return {
    score,
    passed: score >= 80,
    right: count,
    total: questions.length,
    best: { score, passed: score >= 80, at: '2026-11-20T10:00:00.000Z' },
    certificate: false,
    questions,
  }
}

describe('/admin/training/module1/check', () => {
  it('asks for every answer, sends them, and shows the score with every option explained', async () => {
    storeSession()
    const sent: Record<string, string[]>[] = []
    server.use(
      ...memberHandlers(),
      handle(contract.checks.get, ({ params }) => {
        expect(params).toEqual({ course: 'training', module: '1' })
        return { data: { data: check() } }
      }),
      handle(contract.checks.submit, ({ body }) => {
        sent.push(body.answers)
        return { data: { data: result(body.answers) } }
      }),
    )
    const { screen, user } = await renderApp('/admin/training/module1/check')
    expect(
      await screen.findByRole('heading', { name: 'Foundations — check your understanding' }),
    ).toBeTruthy()
    expect(screen.getByText(/You pass with 80 % right/)).toBeTruthy()
    expect(screen.queryByText(/Why a/)).toBeNull()

    await user.click(screen.getByRole('radio', { name: 'The network' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(
      await screen.findByText('Answer every question before submitting: 1 is left.'),
    ).toBeTruthy()
    expect(sent).toEqual([])
    // The first open question has the focus.
    expect(document.activeElement).toBe(
      screen.getByRole('checkbox', {
        name: 'The buyer types the product name into a search engine',
      }),
    )

    await user.click(
      screen.getByRole('checkbox', {
        name: 'The buyer types the product name into a search engine',
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    await waitFor(() => expect(sent).toEqual([{ 'm1-refund': ['b'], 'm1-no-commission': ['a'] }]))
    expect(await screen.findByText('Not passed yet: 50 % (1 of 2 right)')).toBeTruthy()
    expect(screen.getByText('Why c of m1-no-commission')).toBeTruthy()
    expect(screen.getAllByText('Right')).toHaveLength(1)
    expect(screen.getAllByText('Wrong')).toHaveLength(1)

    // Again: the answers are cleared, and a full pass says so.
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0]!)
    expect(screen.queryByText('Why c of m1-no-commission')).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'The network' }))
    await user.click(
      screen.getByRole('checkbox', {
        name: 'The buyer types the product name into a search engine',
      }),
    )
    await user.click(screen.getByRole('checkbox', { name: 'The buyer asks for a refund' }))
    await user.click(screen.getByRole('button', { name: 'Submit answers' }))
    expect(await screen.findByText('Passed: 100 % (2 of 2 right)')).toBeTruthy()
  })

  it('shows the course’s upgrade panel to a member without its area', async () => {
    storeSession()
    server.use(
      ...memberHandlers(),
      handle(contract.checks.get, () => ({ status: 403, message: lockedMessage('training') })),
    )
    const { screen } = await renderApp('/admin/training/module1/check')
    const panel = await screen.findByTestId('upgrade-panel')
    expect(panel.textContent).toContain(lockedMessage('training'))
    expect(screen.queryByRole('button', { name: 'Submit answers' })).toBeNull()
  })
})
