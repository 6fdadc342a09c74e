import { z } from 'zod/mini'

import { endpoint, envelope } from './contract'

/**
 * Crockford's base32: digits and capitals without I, L, O and U, so an id read aloud or typed
 * from paper is not mistaken. A certificate id is 20 of them (100 random bits) in four groups.
 */
export const CERTIFICATE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CERTIFICATE_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){3}$/

/**
 * A certificate id as a person may type it (lower case, without or with other dashes and spaces,
 * I or L for 1, O for 0) in its written form `XXXXX-XXXXX-XXXXX-XXXXX`; null when it cannot be one.
 */
export function normalizeCertificateId(text: string): string | null {
  const plain = text.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0')
  if (plain.length !== 20 || [...plain].some((c) => !CERTIFICATE_ALPHABET.includes(c))) {
    return null
  }
  return plain.match(/.{5}/g)!.join('-')
}

/** Where anyone checks a certificate, relative to the site. */
export const verifyPath = (id: string) => `/verify/${id}`

/** The file a certificate downloads as: `certificate-training.pdf`. */
export const certificateFileName = (courseKey: string) =>
  `certificate-${courseKey.replace(/[^a-z0-9-]/gi, '-').toLowerCase()}.pdf`

export const certificateSchema = z.object({
  id: z.string().check(z.regex(CERTIFICATE_ID_PATTERN)),
  courseKey: z.string(),
  /** The course and the member's name as the certificate prints them. */
  courseTitle: z.string(),
  memberName: z.string(),
  /** When the last lesson of the course was completed. */
  completedAt: z.iso.datetime(),
  issuedAt: z.iso.datetime(),
  revokedAt: z.nullable(z.iso.datetime()),
})
export type Certificate = z.infer<typeof certificateSchema>

export const CERTIFICATE_STATUSES = ['genuine', 'revoked'] as const

/** What the public check shows: never the member's e-mail or id. */
export const verificationSchema = z.object({
  id: z.string(),
  status: z.enum(CERTIFICATE_STATUSES),
  memberName: z.string(),
  courseTitle: z.string(),
  completedAt: z.iso.datetime(),
  issuedAt: z.iso.datetime(),
  revokedAt: z.nullable(z.iso.datetime()),
})
export type Verification = z.infer<typeof verificationSchema>

/** The answer to an id that no certificate has (404). */
export const UNKNOWN_CERTIFICATE = 'No certificate has this id'

const idParams = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(64, 'A certificate id is 20 characters')),
})

export const certificates = {
  list: endpoint({
    method: 'GET',
    path: '/certificates',
    access: 'member',
    summary:
      'The own certificates of completion; one is issued for each course whose lessons are all completed',
    response: envelope(z.array(certificateSchema)),
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/certificates/:id/pdf',
    access: 'member',
    summary:
      'An own certificate as a PDF file (attachment); 404 for anyone else’s, 403 once it was revoked',
    params: idParams,
    binary: 'pdf',
    response: z.unknown(),
  }),
  verify: endpoint({
    method: 'GET',
    path: '/certificates/:id/verify',
    access: 'public',
    title: 'Check a certificate',
    summary:
      'Whether a certificate is genuine or was revoked, with the name, course and dates it shows; 404 for an unknown id',
    params: idParams,
    response: envelope(verificationSchema),
  }),
  ofMember: endpoint({
    method: 'GET',
    path: '/members/:memberId/certificates',
    access: 'admin',
    summary: 'A member’s certificates, revoked ones included (administrators)',
    params: z.strictObject({ memberId: z.uuid('Not a valid member id') }),
    response: envelope(z.array(certificateSchema)),
  }),
  revoke: endpoint({
    method: 'POST',
    path: '/certificates/:id/revoke',
    access: 'admin',
    summary:
      'Revoke a certificate: its check says so and it no longer downloads; audited (administrators)',
    params: idParams,
    response: envelope(certificateSchema),
  }),
  restore: endpoint({
    method: 'POST',
    path: '/certificates/:id/restore',
    access: 'admin',
    summary: 'Make a revoked certificate genuine again; audited (administrators)',
    params: idParams,
    response: envelope(certificateSchema),
  }),
}
