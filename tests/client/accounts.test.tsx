import { waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { CSV_MAX_BYTES, type CsvImportResult, type NetworkAccount } from '@schemas/earnings'
import { API_PREFIX, contract } from '@schemas/index'

import { makeAccount, makeProfile, storeSession } from './factories'
import { memberHandlers } from './handlers'
import { handle, server } from './msw'
import { renderApp } from './render-app'

const MEMBER_ID = '00000000-0000-4000-8000-000000000042'

/** Accounts kept like the server keeps them, with every call recorded. */
function accountsBackend({
  clickbank = null as NetworkAccount | null,
  digistore24 = null as NetworkAccount | null,
} = {}) {
  const state = { clickbank, digistore24 }
  const calls: { op: string; body?: unknown; url?: URL; network?: string }[] = []
  return {
    state,
    calls,
    handlers: [
      handle(contract.members.memberInfo, ({ url }) => {
        calls.push({ op: 'memberInfo', url })
        return {
          data: {
            data: {
              member: { id: 'member-1', email: 'member@example.com', allMember: [] },
              clickbank: state.clickbank,
            },
          },
        }
      }),
      handle(contract.accounts.dgMemberInfo, ({ url }) => {
        calls.push({ op: 'dgMemberInfo', url })
        return { data: { data: { digistore24: state.digistore24 } } }
      }),
      handle(contract.accounts.createMemberInfo, ({ body }) => {
        calls.push({ op: 'createMemberInfo', body })
        if (body.nickname === 'takenid') {
          return { status: 409, message: 'nickname: Another member has connected this account' }
        }
        state.clickbank = makeAccount({
          ...state.clickbank,
          affiliateId: body.nickname,
          hasApiKey: Boolean(body.apiKey) || Boolean(state.clickbank?.hasApiKey),
          apiKeyHint: body.apiKey
            ? `••••••••${body.apiKey.slice(-4)}`
            : (state.clickbank?.apiKeyHint ?? null),
          transactions:
            state.clickbank?.affiliateId === body.nickname ? state.clickbank.transactions : 0,
        })
        return { data: { data: state.clickbank } }
      }),
      handle(contract.accounts.saveDgMemberInfo, ({ body }) => {
        calls.push({ op: 'saveDgMemberInfo', body })
        state.digistore24 = makeAccount({
          network: 'digistore24',
          affiliateId: body.affiliateId,
          hasApiKey: Boolean(body.apiKey),
          apiKeyHint: body.apiKey ? `••••••••${body.apiKey.slice(-4)}` : null,
        })
        return { data: { data: state.digistore24 } }
      }),
      handle(contract.accounts.disconnect, ({ params, url }) => {
        calls.push({ op: 'disconnect', network: params.network, url })
        if (params.network === 'clickbank') state.clickbank = null
        else state.digistore24 = null
        return { data: { data: { message: 'The account and its figures were removed' } } }
      }),
    ],
  }
}

function start(backend: ReturnType<typeof accountsBackend>) {
  server.use(...memberHandlers(makeProfile()), ...backend.handlers)
}

beforeEach(() => storeSession())
// Toasts live in a module-level store that outlasts each test's render.
afterEach(() => void toast.dismiss())

describe('affiliate accounts screen', () => {
  it('checks the form with the contract rules, shows server errors, then saves', async () => {
    const backend = accountsBackend()
    start(backend)
    const { screen, user } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-clickbank')
    expect(within(card).getByText('Not connected')).toBeTruthy()
    const form = within(card).getByRole('form', { name: 'ClickBank account' })

    await user.type(within(form).getByLabelText(/Account nickname/), 'ab')
    await user.type(within(form).getByLabelText('API key'), 'short')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(
      await within(form).findByText('ClickBank nickname is 5 to 10 letters and digits'),
    ).toBeTruthy()
    expect(within(form).getByText('API key is at least 8 characters')).toBeTruthy()
    expect(backend.calls.some((c) => c.op === 'createMemberInfo')).toBe(false)

    await user.clear(within(form).getByLabelText(/Account nickname/))
    await user.type(within(form).getByLabelText(/Account nickname/), 'takenid')
    await user.clear(within(form).getByLabelText('API key'))
    await user.type(within(form).getByLabelText('API key'), 'SECRETKEY-1234abcd')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await within(form).findByText('Another member has connected this account')).toBeTruthy()

    await user.clear(within(form).getByLabelText(/Account nickname/))
    await user.type(within(form).getByLabelText(/Account nickname/), 'MayaCB')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('ClickBank account saved')).toBeTruthy()
    expect(backend.calls.filter((c) => c.op === 'createMemberInfo').at(-1)!.body).toEqual({
      nickname: 'mayacb',
      apiKey: 'SECRETKEY-1234abcd',
    })
    await waitFor(() => expect(within(card).getByText('Connected')).toBeTruthy())
  })

  it('shows the stored key only as its hint, and keeps it when the field is left empty', async () => {
    const backend = accountsBackend({
      digistore24: makeAccount({
        network: 'digistore24',
        affiliateId: 'maya_ds24',
        apiKeyHint: '••••••••3f9a',
      }),
    })
    start(backend)
    const { screen, user } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-digistore24')
    expect(within(card).getByText('Stored key ••••••••3f9a — leave empty to keep it.')).toBeTruthy()
    const key = within(card).getByLabelText('API key') as HTMLInputElement
    expect(key.type).toBe('password')
    expect(key.value).toBe('')
    expect((within(card).getByLabelText(/Affiliate id/) as HTMLInputElement).value).toBe(
      'maya_ds24',
    )

    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await screen.findByText('Digistore24 account saved')
    expect(backend.calls.find((c) => c.op === 'saveDgMemberInfo')!.body).toEqual({
      affiliateId: 'maya_ds24',
    })

    await user.type(within(card).getByLabelText('API key'), 'new-key-0000beef')
    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(
        within(card).getByText('Stored key ••••••••beef — leave empty to keep it.'),
      ).toBeTruthy(),
    )
    expect((within(card).getByLabelText('API key') as HTMLInputElement).value).toBe('')
    expect(document.body.textContent).not.toContain('new-key-0000beef')
  })

  it('asks before changing the id of an account with figures, then resets cached figures', async () => {
    const backend = accountsBackend({
      clickbank: makeAccount({ affiliateId: 'mayacb', transactions: 1200 }),
    })
    start(backend)
    const { screen, user, queryClient } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-clickbank')
    queryClient.setQueryData(
      ['earnings', 'profitEarning', { query: { affiliateid: 'mayacb' } }],
      {},
    )
    const field = within(card).getByLabelText(/Account nickname/)
    await user.clear(field)
    await user.type(field, 'othercb')
    await user.click(within(card).getByRole('button', { name: 'Save' }))

    const dialog = await screen.findByRole('alertdialog', { name: 'Change the ClickBank account?' })
    expect(dialog.textContent).toContain('The figures imported for mayacb (1200 transactions)')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(backend.calls.some((c) => c.op === 'createMemberInfo')).toBe(false)

    await user.click(within(card).getByRole('button', { name: 'Save' }))
    const again = await screen.findByRole('alertdialog', { name: 'Change the ClickBank account?' })
    await user.click(within(again).getByRole('button', { name: 'Change account' }))
    await screen.findByText('ClickBank account saved')
    expect(backend.calls.find((c) => c.op === 'createMemberInfo')!.body).toEqual({
      nickname: 'othercb',
    })
    await waitFor(() =>
      expect(
        queryClient.getQueryData([
          'earnings',
          'profitEarning',
          { query: { affiliateid: 'mayacb' } },
        ]),
      ).toBeUndefined(),
    )
  })

  it('tests the connection: a toast on success, the error in place on failure', async () => {
    const backend = accountsBackend({
      clickbank: makeAccount(),
      digistore24: makeAccount({
        network: 'digistore24',
        affiliateId: 'maya_ds24',
        hasApiKey: false,
        apiKeyHint: null,
      }),
    })
    let ok = true
    server.use(
      handle(contract.accounts.testConnection, ({ params }) =>
        params.network === 'clickbank' && ok
          ? { data: { data: { message: 'ClickBank answered: the key works' } } }
          : { status: 502, message: 'ClickBank refused the key (401)' },
      ),
    )
    start(backend)
    const { screen, user } = await renderApp('/admin/accountdetail')
    const cb = await screen.findByTestId('account-clickbank')
    await user.click(within(cb).getByRole('button', { name: 'Test connection' }))
    expect(await screen.findByText('ClickBank answered: the key works')).toBeTruthy()

    ok = false
    await user.click(within(cb).getByRole('button', { name: 'Test connection' }))
    const alert = await within(cb).findByText('ClickBank refused the key (401)')
    expect(alert.closest('[role="alert"]')!.textContent).toContain('The connection failed')

    // An account without a key (CSV imports) says so, and offers no button that cannot work.
    const ds = screen.getByTestId('account-digistore24')
    expect(within(ds).getByText('CSV imports only')).toBeTruthy()
    expect(within(ds).queryByText('Connected')).toBeNull()
    expect(within(ds).queryByRole('button', { name: 'Test connection' })).toBeNull()
    expect(within(ds).queryByRole('button', { name: 'Import now' })).toBeNull()
    expect(within(ds).getByText(/^No API key is stored, so Digistore24 is not called/)).toBeTruthy()
  })

  it('imports now, polling the account every second until the import is done', async () => {
    const backend = accountsBackend({
      clickbank: makeAccount({ lastSyncAt: null, transactions: 0 }),
    })
    const steps = [
      { running: true, step: 'Transactions: page 2', progress: 0.5, imported: 100 },
      { running: false, step: 'Done', progress: 1, imported: 240 },
    ]
    let polls = 0
    server.use(
      handle(contract.accounts.sync, () => ({
        data: {
          data: makeAccount({
            sync: {
              running: true,
              step: 'Transactions: page 1',
              progress: 0.2,
              imported: 0,
              startedAt: new Date().toISOString(),
            },
          }),
        },
      })),
      handle(contract.accounts.account, () => {
        const step = steps[Math.min(polls, steps.length - 1)]!
        polls += 1
        return {
          data: {
            data: makeAccount({
              transactions: step.running ? 100 : 240,
              lastSyncAt: step.running ? null : new Date().toISOString(),
              sync: { ...step, startedAt: new Date().toISOString() },
            }),
          },
        }
      }),
    )
    start(backend)
    const { screen, user, queryClient } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-clickbank')
    queryClient.setQueryData(
      ['earnings', 'profitEarning', { query: { affiliateid: 'mayacb' } }],
      {},
    )
    expect(within(card).getByText('Never')).toBeTruthy()

    await user.click(within(card).getByRole('button', { name: 'Import now' }))
    const bar = await within(card).findByRole('progressbar')
    expect(card.textContent).toContain('Transactions: page 1')
    expect(bar.getAttribute('aria-valuenow')).toBe('20')
    await waitFor(() => expect(card.textContent).toContain('Transactions: page 2'))
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50')

    expect(await within(card).findByText('240 new rows imported.')).toBeTruthy()
    expect(within(card).queryByRole('progressbar')).toBeNull()
    expect(polls).toBe(2)
    expect(within(card).getByText('240')).toBeTruthy() // transactions stored
    expect(card.querySelector('time')!.textContent).toMatch(/^(now|\d+ seconds? ago) \(/)
    expect(
      queryClient.getQueryData(['earnings', 'profitEarning', { query: { affiliateid: 'mayacb' } }]),
    ).toBeUndefined()
  })

  it('shows the last import error from the account', async () => {
    start(
      accountsBackend({
        clickbank: makeAccount({ lastError: 'ClickBank answered 403: rate limit reached' }),
      }),
    )
    const { screen } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-clickbank')
    const alert = within(card).getByText('ClickBank answered 403: rate limit reached')
    expect(alert.closest('[role="alert"]')!.textContent).toContain('The last import failed')
  })

  it('uploads a CSV export with progress and lists what was added, skipped and rejected', async () => {
    start(accountsBackend({ clickbank: makeAccount() }))
    let received: { file: boolean; fields: string[] } | null = null
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const result: CsvImportResult = {
      added: 3,
      duplicates: 1,
      rejected: 2,
      rejections: [
        { line: 4, reason: 'Amount is not a number' },
        { line: 7, reason: 'Unknown transaction type "XYZ"' },
      ],
    }
    server.use(
      http.post(`${API_PREFIX}/earnings/accounts/:network/import`, async ({ request, params }) => {
        expect(params.network).toBe('clickbank')
        expect(request.headers.get('authorization')).toMatch(/^Bearer /)
        const form = await request.formData()
        // jsdom's XMLHttpRequest hands the body on without the file's name and bytes: only
        // that a file travelled under the contract's field name can be checked here.
        received = {
          file: typeof form.get('file') === 'object' && form.get('file') !== null,
          fields: [...form.keys()],
        }
        await gate
        return HttpResponse.json({ data: result })
      }),
    )
    const { screen, user } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-clickbank')
    const input = within(card).getByLabelText('ClickBank CSV file')

    const big = new File(['x'], 'huge.csv', { type: 'text/csv' })
    Object.defineProperty(big, 'size', { value: CSV_MAX_BYTES + 1 })
    await user.upload(input, big)
    expect(await within(card).findByText(/at most 20\.0 MB can be imported/)).toBeTruthy()

    const csv = new File(['receipt,amount\nA1,10.00\n'], 'orders.csv', { type: 'text/csv' })
    await user.upload(input, csv)
    expect(await within(card).findByRole('progressbar')).toBeTruthy()
    await waitFor(() => expect(received).toEqual({ file: true, fields: ['file'] }))
    release()
    expect(
      await within(card).findByText('3 added, 1 skipped as duplicates, 2 rejected'),
    ).toBeTruthy()
    const list = within(card).getByRole('list', { name: 'Rejected rows' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 4: Amount is not a number', 'Line 7: Unknown transaction type "XYZ"'])
    expect(within(card).queryByRole('progressbar')).toBeNull()
  })

  it("shows the server's reason for a refused CSV, and a 401 ends the session", async () => {
    start(accountsBackend({ clickbank: makeAccount() }))
    let status = 400
    server.use(
      http.post(`${API_PREFIX}/earnings/accounts/:network/import`, () =>
        HttpResponse.json(
          {
            message:
              status === 400
                ? 'This does not look like a ClickBank export: no column for receipt'
                : 'Your session has ended',
          },
          { status },
        ),
      ),
    )
    const { screen, user, router } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-clickbank')
    const input = within(card).getByLabelText('ClickBank CSV file')
    await user.upload(input, new File(['a,b\n'], 'other.csv', { type: 'text/csv' }))
    expect(
      await within(card).findByText(
        'This does not look like a ClickBank export: no column for receipt',
      ),
    ).toBeTruthy()

    status = 401
    await user.upload(input, new File(['a,b\n'], 'other.csv', { type: 'text/csv' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'))
    expect(localStorage.getItem('authToken')).toBeNull()
  })

  it('disconnects only after confirmation', async () => {
    const backend = accountsBackend({ clickbank: makeAccount() })
    start(backend)
    const { screen, user } = await renderApp('/admin/accountdetail')
    const card = await screen.findByTestId('account-clickbank')
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect ClickBank?' })
    expect(dialog.textContent).toContain(
      'This removes the account and the figures imported for it.',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(backend.calls.some((c) => c.op === 'disconnect')).toBe(false)

    await user.click(within(card).getByRole('button', { name: 'Disconnect' }))
    const again = await screen.findByRole('alertdialog', { name: 'Disconnect ClickBank?' })
    await user.click(within(again).getByRole('button', { name: 'Disconnect' }))
    expect(await screen.findByText('The account and its figures were removed')).toBeTruthy()
    await waitFor(() => expect(within(card).getByText('Not connected')).toBeTruthy())
    expect(backend.calls.find((c) => c.op === 'disconnect')!.url!.search).toBe('')
  })

  it("lets an administrator manage another member's accounts with member_id", async () => {
    storeSession({ role: 'admin' })
    const backend = accountsBackend({ clickbank: makeAccount() })
    start(backend)
    const { screen, user } = await renderApp(`/admin/accountdetail?member_id=${MEMBER_ID}`)
    const card = await screen.findByTestId('account-clickbank')
    expect(screen.getByText(/You are managing the affiliate accounts of/)).toBeTruthy()
    expect(
      backend.calls.find((c) => c.op === 'memberInfo')!.url!.searchParams.get('member_id'),
    ).toBe(MEMBER_ID)
    expect(
      backend.calls.find((c) => c.op === 'dgMemberInfo')!.url!.searchParams.get('member_id'),
    ).toBe(MEMBER_ID)

    await user.click(within(card).getByRole('button', { name: 'Save' }))
    await screen.findByText('ClickBank account saved')
    expect(backend.calls.find((c) => c.op === 'createMemberInfo')!.body).toEqual({
      member_id: MEMBER_ID,
      nickname: 'mayacb',
    })

    await user.click(within(card).getByRole('button', { name: 'Disconnect' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Disconnect ClickBank?' })
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
    await waitFor(() =>
      expect(
        backend.calls.find((c) => c.op === 'disconnect')!.url!.searchParams.get('member_id'),
      ).toBe(MEMBER_ID),
    )
  })
})
