import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/** Reads a 32-byte key given as 64 hex digits or as base64 / base64url. */
export function parseKey(text: string): Buffer {
  const trimmed = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) {
    throw new Error('EARNINGS_KEY must be 32 bytes: 64 hex digits or 44 base64 characters')
  }
  return key
}

export const newKey = () => randomBytes(32).toString('base64')

/**
 * Seals secrets (the members' network API keys) with AES-256-GCM: a fresh 96-bit nonce per value,
 * and the owning record's id as associated data, so a sealed value copied to another row fails.
 */
export class KeyBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('KeyBox needs a 32-byte key')
  }

  seal(plain: string, boundTo: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    cipher.setAAD(Buffer.from(boundTo))
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return [VERSION, iv, cipher.getAuthTag(), body].map(encode).join('.')
  }

  open(sealed: string, boundTo: string): string {
    const [version, iv, tag, body] = sealed.split('.')
    if (version !== VERSION || !iv || !tag || body === undefined) {
      throw new Error('Not a sealed value')
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'))
    decipher.setAAD(Buffer.from(boundTo))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()])
    return plain.toString('utf8')
  }
}

const encode = (part: string | Buffer) =>
  typeof part === 'string' ? part : part.toString('base64url')

/** What a member sees of a stored key: bullets and its last four characters. */
export const keyHint = (plain: string) => `••••••••${plain.slice(-4)}`
