import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { lockedMessage } from '@schemas/access'
import { CUSTOM_NICHE_REQUIRED, MAX_BATCH_ROWS, MAX_SHEET_ROWS } from '@schemas/niche-items'

import { bearer, createTestApp, type TestApp } from './helpers'

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

let t: TestApp
let owner: { id: string; token: string }
let other: { id: string; token: string }
let admin: { id: string; token: string }
let locked: { id: string; token: string }

const call = (method: Method, url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  })

beforeAll(async () => {
  t = await createTestApp()
  const signIn = async (values: Parameters<TestApp['createMember']>[0]) => {
    const m = await t.createMember(values)
    return { id: m.id, token: await t.login(m.email, m.password) }
  }
  owner = await signIn({ areas: ['niches'] })
  other = await signIn({ areas: ['niches'] })
  admin = await signIn({ role: 'admin' })
  locked = await signIn({ areas: [] })
})
afterAll(() => t.close())

const row = {
  subNiche: 'Home workouts for busy parents',
  audience: 'Parents with 20 spare minutes',
  hook: 'You need 20 minutes and a patch of floor.',
  postFormat: 'reel',
  hashtags: '#homeworkout #busymom',
  link: 'https://example.com/review',
}

describe.each([
  ['health', '/api/healthniche'],
  ['wealth', '/api/wealthniche'],
  ['relationship', '/api/relationshipniche'],
  ['woodworking', '/api/woodworkingniche'],
])('the %s sheet (%s): owner only, admins any', (niche, base) => {
  let id: string

  it('adds a row for the caller, at the end, with defaults for what is left out', async () => {
    expect((await call('POST', base, undefined, row)).statusCode).toBe(401)
    const first = await call('POST', base, owner.token, row)
    expect(first.statusCode).toBe(201)
    expect(first.json().data).toMatchObject({
      ...row,
      niche,
      memberId: owner.id,
      status: 'idea',
      cta: '',
      phone: false,
      customNicheId: null,
    })
    id = first.json().data.id
    const second = await call('POST', base, owner.token, {})
    expect(second.statusCode).toBe(201)
    expect(second.json().data.position).toBeGreaterThan(first.json().data.position)
  })

  it("lists the member's rows in sheet order; a member asking for another's gets 404", async () => {
    const list = await call('GET', `${base}/${owner.id}`, owner.token)
    expect(list.statusCode).toBe(200)
    expect(list.json().data.map((r: { id: string }) => r.id)[0]).toBe(id)
    expect(list.json().data).toHaveLength(2)
    const theirs = await call('GET', `${base}/${owner.id}`, other.token)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toEqual({ message: 'Member not found' })
    expect((await call('GET', `${base}/${other.id}`, other.token)).json().data).toEqual([])
    const byAdmin = await call('GET', `${base}/${owner.id}`, admin.token)
    expect(byAdmin.json().data).toHaveLength(2)
  })

  it('changes only the cells sent, and only on the own row', async () => {
    const changed = await call('PUT', `${base}/${id}`, owner.token, { cta: 'Save this' })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().data).toMatchObject({ ...row, cta: 'Save this' })
    // Another member, even naming the owner, changes nothing.
    for (const payload of [{ cta: 'Hacked' }, { cta: 'Hacked', memberId: owner.id }]) {
      const res = await call('PUT', `${base}/${id}`, other.token, payload)
      expect(res.statusCode).toBe(404)
      expect(res.body).not.toContain('Save this')
    }
    // An administrator changes a member's row by naming the member.
    const byAdmin = await call('PUT', `${base}/${id}`, admin.token, {
      memberId: owner.id,
      status: 'drafted',
    })
    expect(byAdmin.statusCode).toBe(200)
    const list = await call('GET', `${base}/${owner.id}`, owner.token)
    expect(list.json().data[0]).toMatchObject({ cta: 'Save this', status: 'drafted' })
  })

  it('refuses bad cells with a message naming the field, and stores nothing', async () => {
    const cases: [object, RegExp][] = [
      [{ hook: 'x'.repeat(201) }, /^hook: Hook is at most 200 characters/],
      [{ postFormat: 'tweetstorm' }, /^postFormat: /],
      [{ status: 'done' }, /^status: Status is one of idea, drafted, scheduled, posted/],
      [{ hashtags: '#one, #two' }, /^hashtags: /],
      [{ link: 'javascript:alert(1)' }, /^link: /],
      [{ owner: 'me' }, /owner/],
      [{ memberId: 'someone' }, /^memberId: /],
    ]
    for (const [payload, message] of cases) {
      const res = await call('POST', base, owner.token, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toMatch(message)
    }
    expect((await call('GET', `${base}/${owner.id}`, owner.token)).json().data).toHaveLength(2)
    expect((await call('GET', `${base}/not-a-uuid`, owner.token)).statusCode).toBe(400)
  })

  it('adds a batch of rows at once, within the batch limit', async () => {
    const rows = [{ hook: 'One' }, { hook: 'Two' }, { hook: 'Three' }]
    const res = await call('POST', `${base}/batch`, owner.token, { rows })
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toEqual({ added: 3 })
    const list = (await call('GET', `${base}/${owner.id}`, owner.token)).json().data
    expect(list.slice(-3).map((r: { hook: string }) => r.hook)).toEqual(['One', 'Two', 'Three'])
    const tooMany = Array.from({ length: MAX_BATCH_ROWS + 1 }, () => ({}))
    const over = await call('POST', `${base}/batch`, owner.token, { rows: tooMany })
    expect(over.statusCode).toBe(400)
    const bad = await call('POST', `${base}/batch`, owner.token, {
      rows: [{ hook: 'Fine' }, { status: 'nope' }],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toMatch(/^rows\.1\.status: /)
    expect((await call('GET', `${base}/${owner.id}`, owner.token)).json().data).toHaveLength(5)
    const forOther = await call('POST', `${base}/batch`, other.token, { memberId: owner.id, rows })
    expect(forOther.statusCode).toBe(404)
  })

  it('deletes with the memberId body: never another member’s row', async () => {
    const res = await call('DELETE', `${base}/${id}`, other.token, { memberId: other.id })
    expect(res.statusCode).toBe(404)
    const naming = await call('DELETE', `${base}/${id}`, other.token, { memberId: owner.id })
    expect(naming.statusCode).toBe(404)
    expect((await call('DELETE', `${base}/${id}`, owner.token, {})).statusCode).toBe(400)
    const done = await call('DELETE', `${base}/${id}`, owner.token, { memberId: owner.id })
    expect(done.statusCode).toBe(200)
    expect(done.json().data).toEqual({ id })
    const again = await call('DELETE', `${base}/${id}`, owner.token, { memberId: owner.id })
    expect(again.statusCode).toBe(404)
  })

  it('is closed to a member without the niche sheets area', async () => {
    const res = await call('GET', `${base}/${locked.id}`, locked.token)
    expect(res.statusCode).toBe(403)
    expect(res.json().message).toBe(lockedMessage('niches'))
  })
})

describe('a row of one sheet is not found through another', () => {
  it('answers 404 to a health row changed through the wealth sheet', async () => {
    const made = await call('POST', '/api/healthniche', owner.token, { hook: 'Only health' })
    const id = made.json().data.id
    const res = await call('PUT', `/api/wealthniche/${id}`, owner.token, { hook: 'Moved' })
    expect(res.statusCode).toBe(404)
    const del = await call('DELETE', `/api/wealthniche/${id}`, owner.token, { memberId: owner.id })
    expect(del.statusCode).toBe(404)
  })
})

describe('phone posts', () => {
  it('saves each niche from its phone path and lists them, newest first', async () => {
    for (const [path, niche] of [
      ['healthmob', 'health'],
      ['wealthmob', 'wealth'],
      ['relationshipmob', 'relationship'],
      ['woodworkingmob', 'woodworking'],
    ]) {
      const res = await call('POST', `/api/${path}`, owner.token, { hook: `Phone ${niche}` })
      expect(res.statusCode, path).toBe(201)
      expect(res.json().data).toMatchObject({ niche, phone: true })
    }
    const list = await call('GET', `/api/mobileniche/${owner.id}`, owner.token)
    expect(list.json().data.map((r: { hook: string }) => r.hook)).toEqual([
      'Phone woodworking',
      'Phone relationship',
      'Phone wealth',
      'Phone health',
    ])
    // A phone post is a row of the niche's sheet too.
    const sheet = (await call('GET', `/api/healthniche/${owner.id}`, owner.token)).json().data
    expect(sheet.some((r: { hook: string }) => r.hook === 'Phone health')).toBe(true)
    expect((await call('GET', `/api/mobileniche/${owner.id}`, other.token)).statusCode).toBe(404)
    expect((await call('GET', `/api/mobileniche/${owner.id}`, admin.token)).statusCode).toBe(200)
    const forged = await call('POST', '/api/healthmob', other.token, { memberId: owner.id })
    expect(forged.statusCode).toBe(404)
  })
})

describe('custom niches', () => {
  let nicheId: string

  it('creates a niche label, unique whatever the letter case', async () => {
    const res = await call('POST', '/api/addniche', owner.token, { label: 'Keto baking' })
    expect(res.statusCode).toBe(201)
    expect(res.json().data).toMatchObject({ label: 'Keto baking', rows: 0 })
    nicheId = res.json().data.id
    const twice = await call('POST', '/api/addniche', owner.token, { label: 'keto BAKING' })
    expect(twice.statusCode).toBe(400)
    expect(twice.json().message).toBe('You already have a niche named "keto BAKING"')
    // Another member may use the same name for a niche of their own.
    const theirs = await call('POST', '/api/addniche', other.token, { label: 'Keto baking' })
    expect(theirs.statusCode).toBe(201)
    expect((await call('POST', '/api/addniche', owner.token, { label: ' ' })).statusCode).toBe(400)
    const slash = await call('POST', '/api/addniche', owner.token, { label: 'a/b' })
    expect(slash.json().message).toMatch(/may not hold/)
  })

  it('adds rows by label from the card and the desk views, and lists them', async () => {
    const card = await call('POST', '/api/createniche', owner.token, {
      nicheLabel: 'Keto baking',
      hook: 'Card row',
    })
    expect(card.statusCode).toBe(201)
    expect(card.json().data).toMatchObject({ niche: 'custom', customNicheId: nicheId })
    const desk = await call('POST', '/api/customdeskniche', owner.token, {
      nicheLabel: 'keto baking',
      hook: 'Desk row',
    })
    expect(desk.statusCode).toBe(201)
    const unknown = await call('POST', '/api/createniche', owner.token, {
      nicheLabel: 'Nope',
      hook: 'x',
    })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().message).toBe('You have no niche named "Nope"')

    const all = await call('GET', `/api/createniche/${owner.id}`, owner.token)
    expect(all.json().data.map((r: { hook: string }) => r.hook)).toEqual(['Card row', 'Desk row'])
    const one = await call(
      'GET',
      `/api/customdeskniche?member=${owner.id}&niche=Keto%20baking`,
      owner.token,
    )
    expect(one.statusCode).toBe(200)
    expect(one.json().data).toHaveLength(2)
    const labels = await call('GET', `/api/addniche/${owner.id}`, owner.token)
    expect(labels.json().data).toMatchObject([{ label: 'Keto baking', rows: 2 }])
  })

  it('answers the spec’s message when member or niche is missing', async () => {
    for (const query of ['', `?member=${owner.id}`, '?niche=Keto%20baking', `?member=&niche=x`]) {
      const res = await call('GET', `/api/customdeskniche${query}`, owner.token)
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toEqual({ message: CUSTOM_NICHE_REQUIRED })
    }
  })

  it("never shows or changes another member's niche", async () => {
    const read = await call(
      'GET',
      `/api/customdeskniche?member=${owner.id}&niche=Keto%20baking`,
      other.token,
    )
    expect(read.statusCode).toBe(404)
    expect(read.body).not.toContain('Card row')
    expect((await call('GET', `/api/addniche/${owner.id}`, other.token)).statusCode).toBe(404)
    expect((await call('GET', `/api/createniche/${owner.id}`, other.token)).statusCode).toBe(404)
    const rename = await call('PUT', `/api/addniche/${nicheId}`, other.token, { label: 'Mine' })
    expect(rename.statusCode).toBe(404)
    const remove = await call('DELETE', `/api/addniche/${nicheId}`, other.token, {
      memberId: other.id,
    })
    expect(remove.statusCode).toBe(404)
    // Other's own "Keto baking" is a different sheet: theirs is empty.
    const theirs = await call(
      'GET',
      `/api/customdeskniche?member=${other.id}&niche=Keto%20baking`,
      other.token,
    )
    expect(theirs.json().data).toEqual([])
    const byAdmin = await call(
      'GET',
      `/api/customdeskniche?member=${owner.id}&niche=Keto%20baking`,
      admin.token,
    )
    expect(byAdmin.json().data).toHaveLength(2)
  })

  it('edits and deletes a row with Member, niche and id', async () => {
    const rows = (await call('GET', `/api/createniche/${owner.id}`, owner.token)).json().data
    const id = rows[0].id
    const edit = await call('PUT', `/api/customdeskniche/${id}`, owner.token, { cta: 'Try it' })
    expect(edit.json().data.cta).toBe('Try it')
    const url = (member: string, niche: string) =>
      `/api/customdeskniche/${id}?Member=${member}&niche=${encodeURIComponent(niche)}&id=${id}`
    expect((await call('DELETE', url(owner.id, 'Other niche'), owner.token)).statusCode).toBe(404)
    expect((await call('DELETE', url(owner.id, 'Keto baking'), other.token)).statusCode).toBe(404)
    const missing = await call('DELETE', `/api/customdeskniche/${id}?niche=x`, owner.token)
    expect(missing.json()).toEqual({ message: CUSTOM_NICHE_REQUIRED })
    const done = await call('DELETE', url(owner.id, 'Keto baking'), owner.token)
    expect(done.statusCode).toBe(200)
    expect((await call('DELETE', url(owner.id, 'Keto baking'), owner.token)).statusCode).toBe(404)
  })

  it('renames a niche and deletes it with its rows', async () => {
    const renamed = await call('PUT', `/api/addniche/${nicheId}`, owner.token, {
      label: 'Keto desserts',
    })
    expect(renamed.json().data).toMatchObject({ label: 'Keto desserts', rows: 1 })
    const batch = await call('POST', '/api/customdeskniche/batch', owner.token, {
      nicheLabel: 'Keto desserts',
      rows: [{ hook: 'A' }, { hook: 'B' }],
    })
    expect(batch.json().data).toEqual({ added: 2 })
    const gone = await call('DELETE', `/api/addniche/${nicheId}`, owner.token, {
      memberId: owner.id,
    })
    expect(gone.statusCode).toBe(200)
    expect((await call('GET', `/api/createniche/${owner.id}`, owner.token)).json().data).toEqual([])
    expect((await call('GET', `/api/addniche/${owner.id}`, owner.token)).json().data).toEqual([])
  })
})

describe('a sheet holds at most 5,000 rows', () => {
  it('takes rows up to the limit and refuses more, saying how many still fit', async () => {
    const m = await t.createMember({ areas: ['niches'] })
    const token = await t.login(m.email, m.password)
    const rows = Array.from({ length: MAX_BATCH_ROWS }, (_, i) => ({ hook: `Hook ${i}` }))
    for (let i = 0; i < MAX_SHEET_ROWS / MAX_BATCH_ROWS; i++) {
      expect((await call('POST', '/api/wealthniche/batch', token, { rows })).statusCode).toBe(201)
    }
    const batch = await call('POST', '/api/wealthniche/batch', token, { rows: [{ hook: 'More' }] })
    expect(batch.statusCode).toBe(400)
    const full = await call('POST', '/api/wealthniche', token, { hook: 'Row 5,001' })
    expect(full.statusCode).toBe(400)
    expect(full.json().message).toBe(
      'A sheet holds at most 5,000 rows: this one has room for 0 more. Delete some rows first.',
    )
    const list = await call('GET', `/api/wealthniche/${m.id}`, token)
    expect(list.json().data).toHaveLength(MAX_SHEET_ROWS)
    // Another niche's sheet is a sheet of its own.
    expect((await call('POST', '/api/healthniche', token, { hook: 'Fits' })).statusCode).toBe(201)
  })
})
