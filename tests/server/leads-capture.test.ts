import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { bearer, createTestApp, type TestApp } from './helpers'

describe('public opt-in form', () => {
  let t: TestApp
  let token: string
  let email: string
  let key: string
  beforeAll(async () => {
    t = await createTestApp({
      rateLimits: { leadCapturesPerIp: { points: 6, durationSeconds: 3600 } },
    })
    const maya = await t.createMember({ areas: ['viralLeads'] })
    email = maya.email
    token = await t.login(maya.email, maya.password)
    const { updateMember } = await import('../../server/repos/members')
    await updateMember(t.database.db, maya.id, { firstName: 'Maya', lastName: 'Lind' })
  })
  afterAll(() => t.close())

  const leadsOf = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/leads?email=${email}`,
        headers: bearer(token),
      })
    ).json().data

  it('gives the member a form key, the opt-in link and the form action', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/leads/form',
      headers: bearer(token),
    })
    expect(res.statusCode).toBe(200)
    const form = res.json().data
    key = form.key
    expect(form.optinPath).toBe(`/optin/${key}`)
    expect(form.captureAction).toBe(`/api/public/leads/${key}`)
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/leads/form',
      headers: bearer(token),
    })
    expect(again.json().data.key).toBe(key)
    const page = await t.app.inject({ method: 'GET', url: `/api/public/leads/${key}` })
    expect(page.json()).toEqual({ data: { ownerName: 'Maya Lind' } })
  })

  it('turns a JSON opt-in into a lead, once per e-mail', async () => {
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/leads/${key}`,
        payload: { name: 'Jo Reader', email: 'Jo@Reader.example', consent: true },
        remoteAddress: '10.20.0.1',
      })
    expect((await post()).statusCode).toBe(200)
    expect((await post()).statusCode).toBe(200)
    const list = await leadsOf()
    expect(list.total).toBe(1)
    // editing a captured lead keeps where it came from
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/leads/${list.items[0].id}`,
      headers: bearer(token),
      payload: {
        name: 'Jo Reader',
        email: 'jo@reader.example',
        consent: true,
        notes: 'Met at a webinar',
      },
    })
    expect(edited.json().data).toMatchObject({ source: 'optin', notes: 'Met at a webinar' })
    expect(list.items[0]).toMatchObject({
      name: 'Jo Reader',
      email: 'jo@reader.example',
      source: 'optin',
      consent: true,
    })
  })

  it('takes a plain HTML form post and sends the person to the thank-you page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/public/leads/${key}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Form+Person&email=form%40person.example&consent=on&website=',
      remoteAddress: '10.20.0.2',
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(`/optin/${key}?done=1`)
    expect((await leadsOf()).total).toBe(2)
  })

  it('needs consent, and stores nothing a bot sends through the honeypot', async () => {
    const noConsent = await t.app.inject({
      method: 'POST',
      url: `/api/public/leads/${key}`,
      payload: { name: 'No', email: 'no@consent.example' },
      remoteAddress: '10.20.0.3',
    })
    expect(noConsent.statusCode).toBe(400)
    expect(noConsent.json().message).toBe('consent: Tick the box to agree to be contacted')
    const bot = await t.app.inject({
      method: 'POST',
      url: `/api/public/leads/${key}`,
      payload: {
        name: 'Bot',
        email: 'bot@spam.example',
        consent: true,
        website: 'http://spam.example',
      },
      remoteAddress: '10.20.0.4',
    })
    expect(bot.statusCode).toBe(200)
    expect((await leadsOf()).total).toBe(2)
  })

  it('is rate limited per IP', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/public/leads/${key}`,
        payload: { name: `P${i}`, email: `p${i}@flood.example`, consent: true },
        remoteAddress: '10.20.9.9',
      })
      statuses.push(res.statusCode)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429])
  })

  it('stops the old link when the key is replaced, and when the area is removed', async () => {
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/leads/form/rotate',
      headers: bearer(token),
    })
    const newKey = rotated.json().data.key
    expect(newKey).not.toBe(key)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/leads/${key}` })).statusCode,
    ).toBe(404)
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/leads/${newKey}` })).statusCode,
    ).toBe(200)
    const admin = await t.createMember({ role: 'admin' })
    const adminToken = await t.login(admin.email, admin.password)
    await t.app.inject({
      method: 'PUT',
      url: '/api/updatePageAccess',
      headers: bearer(adminToken),
      payload: { email, areas: [] },
    })
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/public/leads/${newKey}` })).statusCode,
    ).toBe(404)
  })
})

describe('contact support', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({
      config: { supportEmail: 'help@members.test' },
      rateLimits: { supportMessagesPerMember: { points: 2, durationSeconds: 3600 } },
    })
  })
  afterAll(() => t.close())

  it('stores the message, mails support and confirms to the member, and lists the own only', async () => {
    const maya = await t.createMember()
    const token = await t.login(maya.email, maya.password)
    const send = (subject: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contactus',
        headers: bearer(token),
        payload: { subject, message: 'My ClickBank figures do not show up.' },
      })
    const res = await send('Earnings missing')
    expect(res.statusCode).toBe(201)
    await t.app.services.tasks.drain()
    expect(t.mail.map((m) => m.to)).toEqual(['help@members.test', maya.email])
    expect(t.mail[0]!.text).toContain(maya.email)
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/contactus',
      headers: bearer(token),
    })
    expect(list.json().data.map((m: { subject: string }) => m.subject)).toEqual([
      'Earnings missing',
    ])
    const milo = await t.createMember()
    const miloToken = await t.login(milo.email, milo.password)
    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/contactus',
      headers: bearer(miloToken),
    })
    expect(theirs.json().data).toEqual([])
    expect((await send('Second')).statusCode).toBe(201)
    expect((await send('Third')).statusCode).toBe(429)
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: bearer(miloToken),
      payload: { subject: 'Hi', message: 'help' },
    })
    expect(short.json().message).toBe('message: Tell us a little more (at least 10 characters)')
  })
})
