import { hash, verify } from '@node-rs/argon2'

/** argon2id (the library's default algorithm) at OWASP's recommended minimum cost. */
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, options)

let dummyHash: Promise<string> | undefined

/**
 * Verifies a password; with no stored hash it still does the same work, so an unknown e-mail
 * takes as long to refuse as a wrong password.
 */
export async function verifyPassword(stored: string | undefined, password: string) {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password')
    await verify(await dummyHash, password).catch(() => false)
    return false
  }
  return verify(stored, password).catch(() => false)
}
