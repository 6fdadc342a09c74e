import { count, eq } from 'drizzle-orm'
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFPage,
  type PDFRawStream,
} from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { AreaKey } from '@schemas/access'
import {
  CERTIFICATE_ALPHABET,
  CERTIFICATE_ID_PATTERN,
  normalizeCertificateId,
  UNKNOWN_CERTIFICATE,
  type Certificate,
  type Verification,
} from '@schemas/certificates'
import type { AuditEntry } from '@schemas/members'

import { certificates, lessonProgress, members } from '../../server/db/schema'
import { drawable } from '../../server/services/certificate-pdf'
import { newCertificateId, printedName } from '../../server/services/certificates'
import { deleteMemberForTest } from './fixtures'
import { bearer, createTestApp, json, type TestApp } from './helpers'

const DIGISTORE = [1, 2, 3, 4, 5].map((n) => `/admin/digistore/step${n}`)
const TWENTY_WAYS = '/admin/bonus/20ways'
const HOUR = 60 * 60 * 1000

interface Caller {
  id: string
  email: string
  token: string
}

let t: TestApp
let admin: Caller

beforeAll(async () => {
  t = await createTestApp()
  admin = await make({ role: 'admin' })
})
afterAll(() => t.close())

async function make(
  values: { role?: 'admin' | 'member'; areas?: AreaKey[]; firstName?: string } = {},
): Promise<Caller> {
  const m = await t.createMember({
    role: values.role ?? 'member',
    areas: values.areas ?? ['digistoreTraining', 'bonus'],
  })
  if (values.firstName !== undefined) {
    await t.database.db
      .update(members)
      .set({ firstName: values.firstName, lastName: '' })
      .where(eq(members.id, m.id))
  }
  return { id: m.id, email: m.email, token: await t.login(m.email, m.password) }
}

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} })
const post = (url: string, token: string) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token) })

async function complete(path: string, who: Caller, completed = true) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/lesson/progress?path=${encodeURIComponent(path)}`,
    headers: bearer(who.token),
    payload: { completed },
  })
  expect(res.statusCode, res.body).toBe(200)
}

const own = async (who: Caller) => {
  const res = await get('/api/certificates', who.token)
  expect(res.statusCode, res.body).toBe(200)
  return json<{ data: Certificate[] }>(res).data
}

const rowsOf = async (memberId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(certificates)
      .where(eq(certificates.memberId, memberId))
  )[0]!.n

/** A member who completed the one lesson of "20 ways to promote an affiliate offer". */
async function holder(firstName?: string) {
  const who = await make(firstName === undefined ? {} : { firstName })
  await complete(TWENTY_WAYS, who)
  const [certificate] = await own(who)
  return { who, certificate: certificate! }
}

const pdfOf = (id: string, who: Caller) => get(`/api/certificates/${id}/pdf`, who.token)

/** The page's drawing instructions, inflated. */
function contentOf(page: PDFPage) {
  const contents = page.node.Contents()
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents]
  return streams
    .map((ref) => page.doc.context.lookup(ref as never))
    .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString())
    .join('\n')
}

const textRuns = (content: string) => content.match(/\bTj\b/g)?.length ?? 0

describe('issuing', () => {
  it('issues exactly one certificate when the last lesson of a course is completed', async () => {
    const member = await make()
    const start = t.clock.now
    for (const [i, path] of DIGISTORE.slice(0, 4).entries()) {
      t.clock.now = start + i * HOUR
      await complete(path, member)
    }
    expect(await own(member)).toEqual([])
    t.clock.now = start + 10 * HOUR
    await complete(DIGISTORE[4]!, member)
    t.clock.now = start
    // Issued by the completion itself, before any list is asked for.
    expect(await rowsOf(member.id)).toBe(1)
    const [certificate, ...more] = await own(member)
    expect(more).toEqual([])
    expect(certificate).toMatchObject({
      courseKey: 'digistore',
      courseTitle: 'Digistore24 training',
      memberName: 'Test Member',
      completedAt: new Date(start + 10 * HOUR).toISOString(),
      revokedAt: null,
    })
    expect(certificate!.id).toMatch(CERTIFICATE_ID_PATTERN)

    // Completing again, undoing a lesson and doing it again issue nothing more.
    await complete(DIGISTORE[4]!, member)
    await complete(DIGISTORE[1]!, member, false)
    expect((await own(member)).map((c) => c.id)).toEqual([certificate!.id])
    await complete(DIGISTORE[1]!, member)
    expect((await own(member)).map((c) => c.id)).toEqual([certificate!.id])
    expect(await rowsOf(member.id)).toBe(1)
  })

  it('issues one certificate when the last lesson is completed twice at the same moment', async () => {
    const member = await make()
    for (const path of DIGISTORE.slice(0, 4)) await complete(path, member)
    await Promise.all([complete(DIGISTORE[4]!, member), complete(DIGISTORE[4]!, member)])
    expect(await rowsOf(member.id)).toBe(1)
  })

  it('issues on the first request a certificate for a course completed before certificates existed', async () => {
    const member = await make()
    const done = DIGISTORE.map((path, i) => ({
      memberId: member.id,
      path,
      completedAt: new Date(Date.UTC(2025, 0, 1 + i)),
    }))
    await t.database.db.insert(lessonProgress).values(done)
    expect(await rowsOf(member.id)).toBe(0)
    const list = await own(member)
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({
      courseKey: 'digistore',
      completedAt: new Date(Date.UTC(2025, 0, 5)).toISOString(),
    })
    expect((await own(member)).map((c) => c.id)).toEqual([list[0]!.id])
  })

  it('issues none for a course with lessons left, and none to anyone signed out', async () => {
    const member = await make()
    for (const path of DIGISTORE.slice(1)) await complete(path, member)
    expect(await own(member)).toEqual([])
    expect((await get('/api/certificates')).statusCode).toBe(401)
  })

  it('prints the name the member had when it was issued', () => {
    expect(printedName({ firstName: ' Ada ', lastName: 'Lovelace', username: 'ada' })).toBe(
      'Ada Lovelace',
    )
    expect(printedName({ firstName: '', lastName: '', username: 'ada99' })).toBe('ada99')
    expect(printedName({ firstName: '', lastName: ' ', username: '' })).toBe('Member')
  })
})

describe('downloading', () => {
  it('sends the own certificate as a one-page landscape PDF with its text', async () => {
    const { who, certificate } = await holder()
    const res = await pdfOf(certificate.id, who)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="certificate-twentyways.pdf"',
    )
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // Only the glyphs used are embedded.
    expect(res.rawPayload.length).toBeLessThan(40_000)
    const doc = await PDFDocument.load(res.rawPayload)
    expect(doc.getPageCount()).toBe(1)
    const page = doc.getPage(0)
    const { width, height } = page.getSize()
    expect([Math.round(width), Math.round(height)]).toEqual([842, 595])
    const content = contentOf(page)
    expect(content).toMatch(/\bBT\b[\s\S]*\bTj\b[\s\S]*\bET\b/)
    // Product, title, "This certifies that", name, "has completed", course, date, id, issued, the check.
    expect(textRuns(content)).toBe(11)
    expect(doc.getTitle()).toBe('Certificate of completion: 20 ways to promote an affiliate offer')
    expect(doc.getSubject()).toContain(
      'Test Member completed 20 ways to promote an affiliate offer',
    )
    expect(doc.getSubject()).toContain(certificate.id)
    // DejaVu Sans, regular and bold, from the package, not the fonts built into PDF readers.
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object): object is PDFDict =>
          object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'),
      )
      .map((font) => String(font.get(PDFName.of('BaseFont'))).replace(/-\d+$/, ''))
    expect([...new Set(fonts)].sort()).toEqual(['/DejaVuSans', '/DejaVuSans-Bold'])
  })

  it('finds the certificate by its id typed in lower case, without dashes, I for 1 and O for 0', async () => {
    const { who, certificate } = await holder()
    const typed = certificate.id
      .replace(/-/g, '')
      .toLowerCase()
      .replace(/1/g, 'i')
      .replace(/0/g, 'o')
    expect(normalizeCertificateId(typed)).toBe(certificate.id)
    expect((await pdfOf(typed, who)).statusCode).toBe(200)
  })

  it('is another member’s certificate to nobody else: 404, and 401 signed out', async () => {
    const { certificate } = await holder()
    const other = await make()
    const res = await pdfOf(certificate.id, other)
    expect(res.statusCode).toBe(404)
    expect(json(res)).toEqual({ message: UNKNOWN_CERTIFICATE })
    expect((await get(`/api/certificates/${certificate.id}/pdf`)).statusCode).toBe(401)
    expect((await pdfOf(newCertificateId(), other)).statusCode).toBe(404)
  })

  it('draws names in Cyrillic, Arabic and Greek, and what it can of a name in a script its font lacks', async () => {
    const runs = async (firstName: string) => {
      const { who, certificate } = await holder(firstName)
      expect(certificate.memberName).toBe(firstName)
      const res = await pdfOf(certificate.id, who)
      expect(res.statusCode, `${firstName}: ${res.body}`).toBe(200)
      expect(res.rawPayload.length).toBeLessThan(40_000)
      const doc = await PDFDocument.load(res.rawPayload)
      expect(doc.getPageCount()).toBe(1)
      // The document's properties carry the whole name, whatever the font draws.
      expect(doc.getSubject()).toContain(firstName)
      return textRuns(contentOf(doc.getPage(0)))
    }
    for (const name of ['Анна Каренина', 'محمد عبد الله', 'Ἀριστοτέλης', 'Zoë O’Brien-Núñez']) {
      expect(await runs(name), name).toBe(11)
    }
    // What the font draws of the name, and a line saying the name in full is at the address.
    expect(await runs('山田 Anna')).toBe(12)
    // Nothing of the name can be drawn: only that line.
    expect(await runs('山田太郎')).toBe(11)
  })

  it('keeps what the font draws of a text and says whether that was all of it', () => {
    const latinOnly = (codePoint: number) => codePoint < 0x250
    expect(drawable('Anna\u00a0 Maria', latinOnly)).toEqual({ text: 'Anna Maria', complete: true })
    expect(drawable('山田 Anna', latinOnly)).toEqual({ text: 'Anna', complete: false })
    expect(drawable('山田', latinOnly)).toEqual({ text: '', complete: false })
  })
})

describe('checking a certificate', () => {
  const verify = (id: string) => get(`/api/certificates/${encodeURIComponent(id)}/verify`)

  it('tells anyone a genuine certificate with its name, course and dates, and never the e-mail or member id', async () => {
    const { who, certificate } = await holder()
    const res = await verify(certificate.id)
    expect(res.statusCode, res.body).toBe(200)
    expect(json<{ data: Verification }>(res).data).toEqual({
      id: certificate.id,
      status: 'genuine',
      memberName: 'Test Member',
      courseTitle: '20 ways to promote an affiliate offer',
      completedAt: certificate.completedAt,
      issuedAt: certificate.issuedAt,
      revokedAt: null,
    })
    expect(res.body).not.toContain(who.email)
    expect(res.body).not.toContain(who.email.split('@')[0])
    expect(res.body).not.toContain(who.id)
  })

  it('answers 404 with a clear message for an id no certificate has', async () => {
    for (const id of [newCertificateId(), 'not-a-certificate', 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZU']) {
      const res = await verify(id)
      expect(res.statusCode, id).toBe(404)
      expect(json(res)).toEqual({ message: UNKNOWN_CERTIFICATE })
    }
  })

  it('limits how many ids one address may check', async () => {
    const limited = await createTestApp({
      database: t.database,
      rateLimits: { certificateChecksPerIp: { points: 3, durationSeconds: 900 } },
    })
    try {
      const check = (ip: string) =>
        limited.app.inject({
          method: 'GET',
          url: `/api/certificates/${newCertificateId()}/verify`,
          remoteAddress: ip,
        })
      for (let i = 0; i < 3; i++) expect((await check('10.9.0.1')).statusCode).toBe(404)
      const refused = await check('10.9.0.1')
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      expect((await check('10.9.0.2')).statusCode).toBe(404)
    } finally {
      await limited.close()
    }
  })

  it('goes with the member: deleting them leaves no certificate to check', async () => {
    const { who, certificate } = await holder()
    await deleteMemberForTest(t, who.id)
    expect((await verify(certificate.id)).statusCode).toBe(404)
  })
})

describe('revoking', () => {
  const verified = async (id: string) =>
    json<{ data: Verification }>(await get(`/api/certificates/${id}/verify`)).data

  it('refuses every administrator’s certificate call to a member with 403', async () => {
    const { who, certificate } = await holder()
    for (const res of [
      await post(`/api/certificates/${certificate.id}/revoke`, who.token),
      await post(`/api/certificates/${certificate.id}/restore`, who.token),
      await get(`/api/members/${who.id}/certificates`, who.token),
    ]) {
      expect(res.statusCode).toBe(403)
    }
    expect((await verified(certificate.id)).status).toBe('genuine')
  })

  it('lets an administrator revoke and restore, each audited; a revoked one says so and no longer downloads', async () => {
    const { who, certificate } = await holder()
    t.clock.now += HOUR
    const revokedAt = new Date(t.clock.now).toISOString()
    const revoked = await post(`/api/certificates/${certificate.id}/revoke`, admin.token)
    expect(revoked.statusCode, revoked.body).toBe(200)
    expect(json<{ data: Certificate }>(revoked).data).toMatchObject({
      id: certificate.id,
      revokedAt,
    })
    expect(await verified(certificate.id)).toMatchObject({ status: 'revoked', revokedAt })
    const download = await pdfOf(certificate.id, who)
    expect(download.statusCode).toBe(403)
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(revokedAt),
    )
    expect(json(download)).toEqual({ message: `This certificate was revoked on ${day}.` })
    expect((await own(who))[0]).toMatchObject({ id: certificate.id, revokedAt })

    // Revoking again changes nothing and records nothing more.
    await post(`/api/certificates/${certificate.id}/revoke`, admin.token)
    const ofMember = await get(`/api/members/${who.id}/certificates`, admin.token)
    expect(ofMember.statusCode).toBe(200)
    expect(json<{ data: Certificate[] }>(ofMember).data).toEqual([
      expect.objectContaining({ id: certificate.id, revokedAt }),
    ])

    const restored = await post(`/api/certificates/${certificate.id}/restore`, admin.token)
    expect(json<{ data: Certificate }>(restored).data.revokedAt).toBeNull()
    expect(await verified(certificate.id)).toMatchObject({ status: 'genuine', revokedAt: null })
    expect((await pdfOf(certificate.id, who)).statusCode).toBe(200)

    const audit = json<{ data: { items: AuditEntry[] } }>(
      await get('/api/audit?page=1&pageSize=50', admin.token),
    ).data.items.filter((e) => e.detail.includes(certificate.id))
    expect(audit.map((e) => [e.action, e.actorEmail, e.targetEmail])).toEqual([
      ['certificate.restore', admin.email, who.email],
      ['certificate.revoke', admin.email, who.email],
    ])
    expect(audit[0]!.detail).toBe(`20 ways to promote an affiliate offer (${certificate.id})`)
  })

  it('answers 404 for an unknown certificate or member, to an administrator', async () => {
    expect(
      (await post(`/api/certificates/${newCertificateId()}/revoke`, admin.token)).statusCode,
    ).toBe(404)
    const res = await get(
      '/api/members/00000000-0000-4000-8000-000000000000/certificates',
      admin.token,
    )
    expect(res.statusCode).toBe(404)
  })

  it('keeps the revoking administrator’s word after that administrator is deleted', async () => {
    const { certificate } = await holder()
    const other = await make({ role: 'admin' })
    await post(`/api/certificates/${certificate.id}/revoke`, other.token)
    await deleteMemberForTest(t, other.id)
    expect((await verified(certificate.id)).status).toBe('revoked')
    const [row] = await t.database.db
      .select()
      .from(certificates)
      .where(eq(certificates.id, certificate.id))
    expect(row!.revokedBy).toBeNull()
  })
})

describe('certificate ids', () => {
  it('are 20 characters of Crockford base32 (100 bits), every bit of them random, and never repeat', async () => {
    const ids = Array.from({ length: 2000 }, () => newCertificateId())
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(CERTIFICATE_ID_PATTERN)
    const plain = ids.map((id) => id.replace(/-/g, ''))
    expect(plain.every((p) => p.length === 20)).toBe(true)
    expect(20 * Math.log2(CERTIFICATE_ALPHABET.length)).toBe(100)
    // Each position takes every one of the 32 characters: no bit is fixed.
    for (let at = 0; at < 20; at++) {
      expect(new Set(plain.map((p) => p[at])).size, `position ${at}`).toBe(32)
    }
    // And the ones issued are distinct too.
    const issued = await Promise.all([holder(), holder(), holder()])
    expect(new Set(issued.map((h) => h.certificate.id)).size).toBe(3)
  })
})
