import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { FREE_AREAS } from '@schemas/access'

import { bearer, createTestApp, type TestApp } from './helpers'

describe('page access and member administration', () => {
  let t: TestApp
  let adminToken: string
  let admin: { id: string; email: string; password: string }
  let maya: { id: string; email: string; password: string }
  let mayaToken: string
  beforeAll(async () => {
    t = await createTestApp()
    admin = await t.createMember({ role: 'admin', email: 'boss@example.com' })
    adminToken = await t.login(admin.email, admin.password)
    maya = await t.createMember({
      email: 'maya@example.com',
      areas: ['content', 'viralLeads', 'niches'],
    })
    mayaToken = await t.login(maya.email, maya.password)
  })
  afterAll(() => t.close())

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | undefined,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload ? { payload } : {}),
    })

  it('keeps every admin call from members, whatever the Role header says', async () => {
    const adminCalls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/getmember'],
      ['PUT', '/api/updatePageAccess', { email: maya.email, areas: [] }],
      ['POST', '/api/createmember', { email: 'new@example.com', firstName: 'New' }],
      ['DELETE', `/api/deleteemail/${admin.email}`],
      ['GET', '/api/audit'],
    ]
    for (const [method, url, payload] of adminCalls) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401)
      const res = await call(method, url, mayaToken, payload, { role: 'admin' })
      expect(res.statusCode, url).toBe(403)
      expect(res.body).not.toContain(admin.email)
    }
    const me = await call('GET', `/api/profile/${maya.email}`, mayaToken)
    expect(me.json().data.areas).toEqual(['content', 'viralLeads', 'niches'])
  })

  it('removes an area: the member gets 403 naming it, and the change is audited', async () => {
    expect((await call('GET', '/api/content', mayaToken)).statusCode).toBe(200)
    const res = await call('PUT', '/api/updatePageAccess', adminToken, {
      email: 'Maya@Example.com',
      areas: ['viralLeads', 'niches'],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().data.areas).toEqual(['viralLeads', 'niches'])
    const locked = await call('GET', '/api/content', mayaToken)
    expect(locked.statusCode).toBe(403)
    expect(locked.json()).toEqual({
      message:
        'Content planner is a free area that is not open on your account yet: ask us to open it.',
    })
    expect(
      (await call('POST', '/api/content', mayaToken, { title: 'x', platform: 'blog' })).statusCode,
    ).toBe(403)
    // the other areas and every member's own data stay
    expect((await call('GET', `/api/leads?email=${maya.email}`, mayaToken)).statusCode).toBe(200)
    expect((await call('GET', '/api/notes', mayaToken)).statusCode).toBe(200)
    const audit = (await call('GET', '/api/audit', adminToken)).json().data
    expect(audit.items[0]).toMatchObject({
      actorEmail: admin.email,
      action: 'member.access',
      targetEmail: maya.email,
      detail: 'removed content',
    })
  })

  it("changes only the named member's areas", async () => {
    const milo = await t.createMember({ areas: ['content'] })
    await call('PUT', '/api/updatePageAccess', adminToken, {
      email: maya.email,
      areas: ['content'],
    })
    const list = (
      await call('GET', `/api/getmember?search=${encodeURIComponent(milo.email)}`, adminToken)
    ).json()
    expect(list.data.items[0].areas).toEqual(['content'])
    expect(
      (
        await call('PUT', '/api/updatePageAccess', adminToken, {
          email: 'ghost@example.com',
          areas: [],
        })
      ).statusCode,
    ).toBe(404)
    expect(
      (
        await call('PUT', '/api/updatePageAccess', adminToken, {
          email: maya.email,
          areas: ['everything'],
        })
      ).statusCode,
    ).toBe(400)
  })

  it('creates a member with the free areas and mails a link to choose a password', async () => {
    const res = await call('POST', '/api/createmember', adminToken, {
      email: 'Newbie@Example.com',
      firstName: 'New',
      lastName: 'Bie',
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toMatchObject({
      email: 'newbie@example.com',
      role: 'member',
      areas: FREE_AREAS,
    })
    await t.app.services.tasks.drain()
    const mail = t.mail.at(-1)!
    expect(mail.to).toBe('newbie@example.com')
    const token = new URL(mail.link!).searchParams.get('token')!
    const set = await call('POST', '/api/auth/reset-password', undefined, {
      token,
      password: 'My own password',
    })
    expect(set.statusCode).toBe(200)
    expect(await t.login('newbie@example.com', 'My own password')).toBeTruthy()
    const again = await call('POST', '/api/createmember', adminToken, {
      email: 'newbie@example.com',
      firstName: 'X',
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().message).toMatch(/^email: /)
  })

  it("changes a member's e-mail as admin, and the own one only with the password", async () => {
    const m = await t.createMember({ email: 'old@example.com' })
    const token = await t.login(m.email, m.password)
    const byAdmin = await call(
      'PUT',
      '/api/updateemail?oldEmail=old@example.com&newEmail=renamed@example.com',
      adminToken,
      {},
    )
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json().data.email).toBe('renamed@example.com')
    const taken = await call(
      'PUT',
      `/api/updateemail?oldEmail=renamed@example.com&newEmail=${maya.email}`,
      adminToken,
      {},
    )
    expect(taken.statusCode).toBe(409)
    const noPassword = await call(
      'PUT',
      '/api/updateemail?oldEmail=renamed@example.com&newEmail=mine@example.com',
      token,
      {},
    )
    expect(noPassword.statusCode).toBe(400)
    expect(noPassword.json().message).toMatch(/^currentPassword: /)
    const own = await call(
      'PUT',
      '/api/updateemail?oldEmail=renamed@example.com&newEmail=mine@example.com',
      token,
      {
        currentPassword: m.password,
      },
    )
    expect(own.statusCode).toBe(200)
    expect(await t.login('mine@example.com', m.password)).toBeTruthy()
    const someoneElse = await call(
      'PUT',
      `/api/updateemail?oldEmail=${maya.email}&newEmail=stolen@example.com`,
      token,
      {
        currentPassword: m.password,
      },
    )
    expect(someoneElse.statusCode).toBe(404)
    await t.app.services.tasks.drain()
    expect(
      t.mail.some((mail) => mail.to === 'renamed@example.com' && /changed/.test(mail.subject)),
    ).toBe(true)
  })

  it('deletes a member and everything they keep, never the own account', async () => {
    const m = await t.createMember({ email: 'leaving@example.com' })
    const token = await t.login(m.email, m.password)
    await call('POST', '/api/notes', token, { title: 'mine' })
    expect((await call('DELETE', `/api/deleteemail/${admin.email}`, adminToken)).statusCode).toBe(
      400,
    )
    const res = await call('DELETE', '/api/deleteemail/leaving@example.com', adminToken)
    expect(res.statusCode).toBe(200)
    expect((await call('GET', '/api/notes', token)).statusCode).toBe(401)
    expect(
      (await call('DELETE', '/api/deleteemail/leaving@example.com', adminToken)).statusCode,
    ).toBe(404)
    const audit = (await call('GET', '/api/audit?pageSize=100', adminToken)).json().data.items
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['member.create', 'member.email', 'member.delete', 'member.access']),
    )
  })

  it('lists who manages access in member info for admins only', async () => {
    const forAdmin = (await call('GET', '/api/memberinfo', adminToken)).json().data.member
    expect(forAdmin.allMember).toEqual([{ email: admin.email }])
    const forMember = await call('GET', '/api/memberinfo', mayaToken)
    expect(forMember.json().data.member).toEqual({ id: maya.id, email: maya.email, allMember: [] })
    const spying = await call('GET', `/api/memberinfo?member_id=${admin.id}`, mayaToken)
    expect(spying.statusCode).toBe(404)
  })
})

describe('sign-up', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { signupsPerIp: { points: 3, durationSeconds: 3600 } } })
  })
  afterAll(() => t.close())

  const signup = (payload: object, ip = '10.9.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload, remoteAddress: ip })

  it('creates a member with the free areas and signs them in', async () => {
    const res = await signup({
      firstName: 'Sam',
      lastName: 'New',
      email: 'Sam@Example.com',
      password: 'Sam password 1',
    })
    expect(res.statusCode).toBe(201)
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/profile/sam@example.com',
      headers: bearer(res.json().token),
    })
    expect(me.json().data).toMatchObject({ firstName: 'Sam', role: 'member', areas: FREE_AREAS })
  })

  it('refuses a taken e-mail, a weak password, and a role smuggled in', async () => {
    const taken = await signup(
      { firstName: 'S', email: 'sam@example.com', password: 'Another pass 1' },
      '10.9.0.2',
    )
    expect(taken.statusCode).toBe(409)
    const weak = await signup(
      { firstName: 'S', email: 'w@example.com', password: 'short' },
      '10.9.0.3',
    )
    expect(weak.json().message).toBe('password: Password must be at least 8 characters')
    const role = await signup(
      { firstName: 'S', email: 'r@example.com', password: 'Long enough 1', role: 'admin' },
      '10.9.0.4',
    )
    expect(role.statusCode).toBe(400)
  })

  it('is rate limited per IP', async () => {
    const statuses = []
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await signup(
            { firstName: 'B', email: `bot${i}@example.com`, password: 'Bot password 1' },
            '10.9.9.9',
          )
        ).statusCode,
      )
    }
    expect(statuses).toEqual([201, 201, 201, 429])
  })
})
