import { crc32 } from 'node:zlib'

import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { memberPhotos } from '../../server/db/schema'
import { bearer, createTestApp, multipart, type TestApp } from './helpers'

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })

/** A tiny PNG whose header claims 50,000 × 50,000 pixels: a decompression bomb's calling card. */
async function pixelFlood() {
  const png = Buffer.from(await photo(1, 1).png().toBuffer())
  png.writeUInt32BE(50_000, 16)
  png.writeUInt32BE(50_000, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29)
  return png
}

describe('profile update', () => {
  let t: TestApp
  let maya: { id: string; email: string; password: string }
  let token: string
  beforeAll(async () => {
    t = await createTestApp()
    maya = await t.createMember({ email: 'maya@example.com' })
    token = await t.login(maya.email, maya.password)
  })
  afterAll(() => t.close())

  const update = (body: ReturnType<typeof multipart>, email = maya.email, auth = token) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/updateprofile/${email}`,
      headers: { ...bearer(auth), ...body.headers },
      payload: body.payload,
    })
  const photoCount = async () => (await t.database.db.select().from(memberPhotos)).length

  it('saves the text fields', async () => {
    const res = await update(
      multipart({
        email: maya.email,
        firstName: 'Maya',
        lastName: 'Lind',
        phone: '+46 70 123 45 67',
        address: 'Storgatan 1, Umeå',
        username: 'maya.l',
        note: 'Affiliate since 2024',
      }),
    )
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      firstName: 'Maya',
      lastName: 'Lind',
      phone: '+46 70 123 45 67',
      address: 'Storgatan 1, Umeå',
      username: 'maya.l',
      note: 'Affiliate since 2024',
      photoUrl: null,
    })
  })

  it('re-encodes a photo to WebP, at most 512 px, without EXIF or GPS', async () => {
    const jpeg = await photo(1600, 900)
      .withExif({
        IFD0: { Copyright: 'Maya' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '59/1 20/1 0/1' },
      })
      .jpeg()
      .toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const res = await update(
      multipart({ firstName: 'Maya' }, { name: 'me.jpg', type: 'image/jpeg', content: jpeg }),
    )
    expect(res.statusCode).toBe(200)
    const url = res.json().data.photoUrl as string
    expect(url).toMatch(/^\/api\/photos\/[0-9a-f-]{36}$/)
    const served = await t.app.inject({ method: 'GET', url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.format).toBe('webp')
    expect(Math.max(meta.width!, meta.height!)).toBe(512)
    expect(meta.exif).toBeUndefined()
    expect(served.rawPayload.includes(Buffer.from('GPS'))).toBe(false)
  })

  it('replaces the earlier photo and can remove it', async () => {
    const png = await photo(300, 300).png().toBuffer()
    const res = await update(multipart({}, { name: 'new.png', type: 'image/png', content: png }))
    expect(res.statusCode).toBe(200)
    expect(await photoCount()).toBe(1)
    const removed = await update(multipart({ removePhoto: 'true' }))
    expect(removed.json().data.photoUrl).toBeNull()
    expect(await photoCount()).toBe(0)
  })

  it('refuses what is not a photo, with nothing stored', async () => {
    const cases: [string, ReturnType<typeof multipart>, number, RegExp][] = [
      [
        'a text file named .jpg',
        multipart(
          {},
          { name: 'x.jpg', type: 'image/jpeg', content: Buffer.from('not an image at all') },
        ),
        400,
        /not a JPEG, PNG or WebP/,
      ],
      [
        'a GIF',
        multipart(
          {},
          { name: 'x.gif', type: 'image/gif', content: await photo(10, 10).gif().toBuffer() },
        ),
        400,
        /not a JPEG, PNG or WebP/,
      ],
      [
        'a file over 5 MB',
        multipart(
          {},
          { name: 'big.jpg', type: 'image/jpeg', content: Buffer.alloc(5 * 1024 * 1024 + 10, 1) },
        ),
        413,
        /too large/,
      ],
      [
        'a pixel flood',
        multipart({}, { name: 'bomb.png', type: 'image/png', content: await pixelFlood() }),
        400,
        /profilePhoto/,
      ],
      [
        'a path in the file name',
        multipart(
          {},
          {
            name: '../../etc/passwd.png',
            type: 'image/png',
            content: await photo(5, 5).png().toBuffer(),
          },
        ),
        400,
        /path/,
      ],
      [
        'a file under another field',
        multipart(
          {},
          {
            field: 'avatar',
            name: 'a.png',
            type: 'image/png',
            content: await photo(5, 5).png().toBuffer(),
          },
        ),
        400,
        /avatar/,
      ],
      ['an unknown field', multipart({ role: 'admin' }), 400, /role/],
      ['a bad phone', multipart({ phone: 'call me maybe' }), 400, /^phone: /],
      ['another e-mail in the form', multipart({ email: 'other@example.com' }), 400, /^email: /],
    ]
    for (const [label, body, status, message] of cases) {
      const res = await update(body)
      expect(res.statusCode, label).toBe(status)
      expect(res.json().message, label).toMatch(message)
    }
    expect(await photoCount()).toBe(0)
    const json = await t.app.inject({
      method: 'PUT',
      url: `/api/updateprofile/${maya.email}`,
      headers: bearer(token),
      payload: { firstName: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })

  it("answers 404 for another member's profile; an admin may update anyone's", async () => {
    const milo = await t.createMember({ email: 'milo@example.com' })
    const res = await update(multipart({ firstName: 'Hacked' }), milo.email)
    expect(res.statusCode).toBe(404)
    expect(res.body).not.toContain(milo.id)
    const admin = await t.createMember({ role: 'admin' })
    const adminToken = await t.login(admin.email, admin.password)
    const byAdmin = await update(multipart({ firstName: 'Milo' }), milo.email, adminToken)
    expect(byAdmin.statusCode).toBe(200)
    expect(byAdmin.json().data.firstName).toBe('Milo')
    expect((await update(multipart({}), 'milo@example.com', 'nope')).statusCode).toBe(401)
  })
})
