import { randomBytes } from 'node:crypto'

import {
  CERTIFICATE_ALPHABET,
  certificateFileName,
  normalizeCertificateId,
  UNKNOWN_CERTIFICATE,
  verifyPath,
  type Certificate,
  type Verification,
} from '@schemas/certificates'

import type { Db } from '../db/client'
import { forbidden, notFound } from '../errors'
import { recordAudit } from '../repos/audit'
import {
  certificateHolder,
  completedWithoutCertificate,
  findCertificate,
  insertCertificate,
  listCertificates,
  setRevoked,
  type CertificateRow,
} from '../repos/certificates'
import type { AuthedMember } from './auth'
import { certificatePdf } from './certificate-pdf'

const ID_BITS = 100

/**
 * A new certificate id: 100 bits from the system's secure random source, as 20 characters of
 * Crockford's base32 in groups of five (`7K3QD-M9XWB-...`). Nobody guesses one: a billion tries
 * find a given certificate with odds of about one in 10^21.
 */
export function newCertificateId(): string {
  const bytes = randomBytes(Math.ceil(ID_BITS / 8))
  let bits =
    bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n) >> BigInt(bytes.length * 8 - ID_BITS)
  let id = ''
  for (let i = 0; i < ID_BITS / 5; i++) {
    id = CERTIFICATE_ALPHABET[Number(bits & 31n)]! + id
    bits >>= 5n
  }
  return id.match(/.{5}/g)!.join('-')
}

/** The name a certificate prints: first and last name, else the username, else "Member". */
export function printedName(holder: { firstName: string; lastName: string; username: string }) {
  const name = `${holder.firstName.trim()} ${holder.lastName.trim()}`.trim()
  return name || holder.username.trim() || 'Member'
}

const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

const toCertificate = (row: CertificateRow): Certificate => ({
  id: row.id,
  courseKey: row.courseKey,
  courseTitle: row.courseTitle,
  memberName: row.memberName,
  completedAt: row.completedAt.toISOString(),
  issuedAt: row.issuedAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
})

export interface CertificatesDeps {
  db: Db
  now: () => number
  /** The site's address, for the verify address a certificate prints. */
  publicUrl: string
}

/** Certificates of completion: issued once per completed course, checked by anyone, revoked by administrators. */
export class CertificatesService {
  constructor(private readonly deps: CertificatesDeps) {}

  private get db() {
    return this.deps.db
  }

  /**
   * Issues a certificate for each course the member has completed and holds none for (only
   * `courseKey`'s when given), and says how many. Once issued it stays, whatever later happens
   * to the progress.
   */
  async issueCompleted(memberId: string, courseKey?: string): Promise<number> {
    const due = await completedWithoutCertificate(this.db, memberId, courseKey)
    if (due.length === 0) return 0
    const holder = await certificateHolder(this.db, memberId)
    if (!holder) return 0
    const issuedAt = new Date(this.deps.now())
    let issued = 0
    for (const course of due) {
      // Two requests completing the same course at once: the second insert does nothing.
      const row = await insertCertificate(this.db, {
        id: newCertificateId(),
        memberId,
        courseKey: course.courseKey!,
        memberName: printedName(holder),
        courseTitle: course.courseTitle,
        completedAt: new Date(course.completedAt!),
        issuedAt,
      })
      if (row) issued++
    }
    return issued
  }

  /** The caller's certificates, issuing those of courses completed before certificates existed. */
  async listOwn(member: AuthedMember): Promise<Certificate[]> {
    await this.issueCompleted(member.id)
    return (await listCertificates(this.db, member.id)).map(toCertificate)
  }

  /** A member's certificates, for an administrator. */
  async listOf(memberId: string): Promise<Certificate[]> {
    if (!(await certificateHolder(this.db, memberId))) throw notFound('Member not found')
    await this.issueCompleted(memberId)
    return (await listCertificates(this.db, memberId)).map(toCertificate)
  }

  private async find(idText: string) {
    const id = normalizeCertificateId(idText)
    const row = id ? await findCertificate(this.db, id) : undefined
    if (!row) throw notFound(UNKNOWN_CERTIFICATE)
    return row
  }

  /** An own certificate as a PDF file; anyone else's is unknown to the caller. */
  async pdf(idText: string, member: AuthedMember) {
    const row = await this.find(idText)
    if (row.memberId !== member.id) throw notFound(UNKNOWN_CERTIFICATE)
    if (row.revokedAt) {
      throw forbidden(`This certificate was revoked on ${dateText.format(row.revokedAt)}.`)
    }
    const bytes = await certificatePdf({
      id: row.id,
      memberName: row.memberName,
      courseTitle: row.courseTitle,
      completedAt: row.completedAt,
      issuedAt: row.issuedAt,
      verifyUrl: this.deps.publicUrl + verifyPath(row.id),
    })
    return { bytes, fileName: certificateFileName(row.courseKey) }
  }

  /** What anyone may learn of a certificate by its id: never whose account it is. */
  async verify(idText: string): Promise<Verification> {
    const row = await this.find(idText)
    return {
      id: row.id,
      status: row.revokedAt ? 'revoked' : 'genuine',
      memberName: row.memberName,
      courseTitle: row.courseTitle,
      completedAt: row.completedAt.toISOString(),
      issuedAt: row.issuedAt.toISOString(),
      revokedAt: row.revokedAt?.toISOString() ?? null,
    }
  }

  async revoke(idText: string, admin: AuthedMember): Promise<Certificate> {
    return this.setRevoked(idText, admin, true)
  }

  async restore(idText: string, admin: AuthedMember): Promise<Certificate> {
    return this.setRevoked(idText, admin, false)
  }

  /** Revokes or restores; a certificate already so is answered as it is, and not audited again. */
  private async setRevoked(idText: string, admin: AuthedMember, revoke: boolean) {
    const row = await this.find(idText)
    if (Boolean(row.revokedAt) === revoke) return toCertificate(row)
    const changed = await setRevoked(
      this.db,
      row.id,
      revoke ? { at: new Date(this.deps.now()), by: admin.id } : null,
    )
    if (!changed) throw notFound(UNKNOWN_CERTIFICATE)
    const holder = await certificateHolder(this.db, row.memberId)
    await recordAudit(this.db, {
      actorId: admin.id,
      actorEmail: admin.email,
      action: revoke ? 'certificate.revoke' : 'certificate.restore',
      targetEmail: holder?.email ?? '',
      detail: `${row.courseTitle} (${row.id})`,
    })
    return toCertificate(changed)
  }
}
