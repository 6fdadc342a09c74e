import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bearer, createTestApp, type TestApp } from './helpers'

describe('profile', () => {
  let t: TestApp
  let maya: { id: string; email: string; password: string }
  let milo: { id: string; email: string; password: string }
  let mayaToken: string
  beforeAll(async () => {
    t = await createTestApp()
    maya = await t.createMember({ email: 'maya@example.com' })
    milo = await t.createMember({ email: 'milo@example.com' })
    mayaToken = await t.login(maya.email, maya.password)
  })
  afterAll(() => t.close())

  const profile = (email: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/profile/${encodeURIComponent(email)}`,
      headers: token ? bearer(token) : {},
    })

  it('needs a sign-in', async () => {
    expect((await profile(maya.email)).statusCode).toBe(401)
  })

  it('gives a member the own profile', async () => {
    const res = await profile('Maya@Example.com', mayaToken)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      id: maya.id,
      email: 'maya@example.com',
      role: 'member',
      firstName: 'Test',
      lastName: 'Member',
      photoUrl: null,
    })
    expect(res.body).not.toMatch(/password|totp|tokenVersion/i)
  })

  it("answers 404 for another member's profile, with none of that member's data", async () => {
    for (const token of [mayaToken]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/profile/${milo.email}`,
        headers: { ...bearer(token), role: 'admin' },
      })
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain(milo.id)
      expect(res.body).not.toContain('milo')
    }
    expect((await profile('nobody@example.com', mayaToken)).statusCode).toBe(404)
  })

  it('gives an administrator any profile', async () => {
    const admin = await t.createMember({ role: 'admin' })
    const token = await t.login(admin.email, admin.password)
    const res = await profile(milo.email, token)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.id).toBe(milo.id)
    expect((await profile('nobody@example.com', token)).statusCode).toBe(404)
  })
})

describe('member list (administrators)', () => {
  let t: TestApp
  let adminToken: string
  beforeAll(async () => {
    t = await createTestApp()
    const admin = await t.createMember({ role: 'admin', email: 'zed-admin@example.com' })
    adminToken = await t.login(admin.email, admin.password)
    for (const [first, last] of [
      ['Ann', 'Archer'],
      ['Ben', 'Baker'],
      ['Cleo', 'Cooper'],
      ['Dan', 'Dyer'],
      ['Eve', 'Evans_50%'],
    ] as const) {
      const m = await t.createMember({ email: `${first.toLowerCase()}@shop.example` })
      const { updateMember } = await import('../../server/repos/members')
      await updateMember(t.database.db, m.id, { firstName: first, lastName: last })
    }
  })
  afterAll(() => t.close())

  const list = (query: string, token = adminToken) =>
    t.app.inject({ method: 'GET', url: `/api/getmember?${query}`, headers: bearer(token) })
  type Page = { data: { items: { email: string; firstName: string }[]; total: number } }

  it('is for administrators only', async () => {
    const member = await t.createMember()
    const token = await t.login(member.email, member.password)
    expect((await list('', token)).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/getmember' })).statusCode).toBe(401)
  })

  it('searches names and e-mails, case-insensitively, with LIKE characters taken literally', async () => {
    const byName = (await list('search=cooper')).json<Page>().data
    expect(byName.items.map((m) => m.firstName)).toEqual(['Cleo'])
    const byFullName = (await list('search=ben%20baker')).json<Page>().data
    expect(byFullName.items.map((m) => m.firstName)).toEqual(['Ben'])
    const byEmail = (await list('search=SHOP.EXAMPLE')).json<Page>().data
    expect(byEmail.total).toBe(5)
    const literal = (await list(`search=${encodeURIComponent('50%')}`)).json<Page>().data
    expect(literal.items.map((m) => m.firstName)).toEqual(['Eve'])
    const underscore = (await list('search=s_5')).json<Page>().data
    expect(underscore.items.map((m) => m.firstName)).toEqual(['Eve'])
    const wildcard = (await list('search=a_c')).json<Page>().data // would match "arc" as a pattern
    expect(wildcard.total).toBe(0)
  })

  it('matches one- and two-letter terms at the start of e-mail, first or last name', async () => {
    const names = async (term: string) =>
      (await list(`search=${term}`))
        .json<Page>()
        .data.items.map((m) => m.firstName)
        .sort()
    expect(await names('co')).toEqual(['Cleo']) // Cooper
    expect(await names('oo')).toEqual([]) // inside "Cooper", not at a start
    expect(await names('B')).toEqual(['Ben'])
    expect(await names('ev')).toEqual(['Eve'])
  })

  it('sorts by a column in either order and pages with a total', async () => {
    const asc = (await list('search=shop&sort=firstName&order=asc&page=1&pageSize=2')).json<Page>()
    expect(asc.data.items.map((m) => m.firstName)).toEqual(['Ann', 'Ben'])
    expect(asc.data.total).toBe(5)
    const page3 = (
      await list('search=shop&sort=firstName&order=asc&page=3&pageSize=2')
    ).json<Page>()
    expect(page3.data.items.map((m) => m.firstName)).toEqual(['Eve'])
    const desc = (await list('search=shop&sort=email&order=desc&pageSize=1')).json<Page>()
    expect(desc.data.items.map((m) => m.email)).toEqual(['eve@shop.example'])
  })

  it('refuses an unknown sort column and a page size over 100', async () => {
    expect((await list('sort=passwordHash')).statusCode).toBe(400)
    expect((await list('sort=passwordHash')).json().message).toMatch(/^sort: /)
    expect((await list('pageSize=101')).statusCode).toBe(400)
    expect((await list('page=0')).statusCode).toBe(400)
  })
})
