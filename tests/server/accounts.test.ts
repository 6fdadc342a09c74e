import { readFileSync } from 'node:fs'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { networkAccounts, transactions } from '../../server/db/schema'
import { bearer, createTestApp, multipart, type TestApp } from './helpers'

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/earnings/${name}`, import.meta.url))

describe('network accounts', () => {
  let t: TestApp
  let maya: { id: string; email: string }
  let token: string
  let otherToken: string
  let adminToken: string
  beforeAll(async () => {
    t = await createTestApp()
    const m = await t.createMember()
    const milo = await t.createMember()
    const admin = await t.createMember({ role: 'admin' })
    maya = m
    token = await t.login(m.email, m.password)
    otherToken = await t.login(milo.email, milo.password)
    adminToken = await t.login(admin.email, admin.password)
  })
  afterAll(() => t.close())

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth?: string, payload?: object) =>
    t.app.inject({ method, url, headers: auth ? bearer(auth) : {}, payload })

  it('stores the API key sealed, answers only a hint, and shows the account in member info', async () => {
    const res = await call('POST', '/api/creatememberinfo', token, {
      nickname: 'MayaCB',
      apiKey: 'API-K3Y-SECRET-0042abcd',
    })
    expect(res.statusCode).toBe(200)
    const account = res.json().data
    expect(account).toMatchObject({
      network: 'clickbank',
      affiliateId: 'mayacb',
      hasApiKey: true,
      apiKeyHint: '••••••••abcd',
      lastSyncAt: null,
      transactions: 0,
    })
    expect(JSON.stringify(account)).not.toContain('SECRET')

    const [row] = await t.database.db
      .select()
      .from(networkAccounts)
      .where(eq(networkAccounts.accountId, 'mayacb'))
    expect(row!.apiKeyEncrypted).toMatch(/^v1\./)
    expect(row!.apiKeyEncrypted).not.toContain('SECRET')

    const info = await call('GET', '/api/memberinfo', token)
    expect(info.json().data.clickbank).toMatchObject({ affiliateId: 'mayacb', hasApiKey: true })
    expect(info.body).not.toContain('SECRET')

    // a sealed key copied onto another account does not open there
    const [other] = await t.database.db
      .insert(networkAccounts)
      .values({
        memberId: maya.id,
        network: 'digistore24',
        accountId: 'copied',
        apiKeyEncrypted: row!.apiKeyEncrypted,
      })
      .returning()
    const copied = await call('GET', '/api/dgmemberinfo', token)
    expect(copied.json().data.digistore24).toMatchObject({ hasApiKey: true, apiKeyHint: null })
    await t.database.db.delete(networkAccounts).where(eq(networkAccounts.id, other!.id))
  })

  it('keeps the stored key when none is sent, and refuses malformed ids and keys', async () => {
    const res = await call('POST', '/api/creatememberinfo', token, { nickname: 'mayacb' })
    expect(res.json().data.apiKeyHint).toBe('••••••••abcd')
    const bad = await call('POST', '/api/creatememberinfo', token, { nickname: 'a b' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('ClickBank nickname is 5 to 10 letters and digits')
    const shortKey = await call('POST', '/api/dgmemberinfo', token, {
      affiliateId: 'maya_ds24',
      apiKey: 'short',
    })
    expect(shortKey.statusCode).toBe(400)
    expect(shortKey.json().message).toContain('API key is at least 8 characters')
  })

  it('keeps accounts to their member: others get 404, administrators any, anonymous 401', async () => {
    expect((await call('GET', '/api/dgmemberinfo')).statusCode).toBe(401)
    expect(
      (await call('POST', '/api/creatememberinfo', undefined, { nickname: 'x' })).statusCode,
    ).toBe(401)
    const paths = [
      ['GET', `/api/memberinfo?member_id=${maya.id}`],
      ['GET', `/api/dgmemberinfo?member_id=${maya.id}`],
      ['GET', `/api/earnings/accounts/clickbank?member_id=${maya.id}`],
    ] as const
    for (const [method, url] of paths) {
      const other = await call(method, url, otherToken)
      expect(other.statusCode, url).toBe(404)
      expect(other.body).not.toContain('mayacb')
      expect((await call(method, url, adminToken)).statusCode, url).toBe(200)
    }
    const stolen = await call('POST', '/api/creatememberinfo', otherToken, {
      member_id: maya.id,
      nickname: 'thief1',
    })
    expect(stolen.statusCode).toBe(404)
    // the same nickname cannot be claimed by another member
    const claimed = await call('POST', '/api/creatememberinfo', otherToken, { nickname: 'mayacb' })
    expect(claimed.statusCode).toBe(409)
    expect(claimed.json()).toEqual({
      message: 'This ClickBank nickname is connected to another member',
    })
    const admin = await call('POST', '/api/dgmemberinfo', adminToken, {
      member_id: maya.id,
      affiliateId: 'maya_ds24',
    })
    expect(admin.statusCode).toBe(200)
    expect((await call('GET', '/api/dgmemberinfo', token)).json().data.digistore24).toMatchObject({
      affiliateId: 'maya_ds24',
      hasApiKey: false,
    })
  })

  it('imports a CSV export once, however often it is uploaded, and lists rejected rows', async () => {
    const upload = (name: string, network = 'digistore24', content = fixture(name)) => {
      const body = multipart({}, { field: 'file', name, type: 'text/csv', content })
      return t.app.inject({
        method: 'POST',
        url: `/api/earnings/accounts/${network}/import`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      })
    }
    const first = await upload('digistore24-export.csv')
    expect(first.statusCode).toBe(200)
    const result = first.json().data
    expect(result.added).toBeGreaterThan(10)
    expect(result.duplicates).toBe(0)
    const again = (await upload('digistore24-export.csv')).json().data
    expect(again).toMatchObject({ added: 0, duplicates: result.added, rejected: result.rejected })

    const [account] = await t.database.db
      .select()
      .from(networkAccounts)
      .where(eq(networkAccounts.accountId, 'maya_ds24'))
    const stored = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.accountRef, account!.id))
    expect(stored).toHaveLength(result.added)

    const broken = await upload('broken.csv', 'digistore24', Buffer.from('hello,world\n1,2\n'))
    expect(broken.statusCode).toBe(400)
    expect(broken.json().message).toMatch(/^file: /)

    const missing = await upload('clickbank-export.csv', 'clickbank')
    expect(missing.statusCode).toBe(200) // the ClickBank account exists from the first test
  })

  it('changing the affiliate id removes the old id’s figures; disconnecting removes the account', async () => {
    const before = await call('GET', '/api/earnings/accounts/digistore24', token)
    expect(before.json().data.transactions).toBeGreaterThan(0)
    const renamed = await call('POST', '/api/dgmemberinfo', token, { affiliateId: 'maya_new' })
    expect(renamed.json().data).toMatchObject({ affiliateId: 'maya_new', transactions: 0 })
    expect((await call('GET', '/api/dgearning?affiliateid=maya_ds24', token)).statusCode).toBe(404)

    const gone = await call('DELETE', '/api/earnings/accounts/digistore24', token)
    expect(gone.json().data.message).toBe('Digistore24 account maya_new disconnected')
    expect((await call('GET', '/api/dgmemberinfo', token)).json().data.digistore24).toBeNull()
    const again = await call('DELETE', '/api/earnings/accounts/digistore24', token)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe('No Digistore24 account is connected')
  })

  it('asks for a key before testing or importing from the network', async () => {
    await call('POST', '/api/dgmemberinfo', token, { affiliateId: 'maya_ds24' })
    for (const action of ['test', 'sync']) {
      const res = await call('POST', `/api/earnings/accounts/digistore24/${action}`, token, {})
      expect(res.statusCode, action).toBe(400)
      expect(res.json().message).toBe('Enter the Digistore24 API key first')
    }
  })
})
