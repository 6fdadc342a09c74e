import type { z } from 'zod'

import { FREE_AREAS, type AreaKey } from '@schemas/access'
import { AUTH_MESSAGES } from '@schemas/auth'
import type { createMemberBodySchema, UpdateProfileBody } from '@schemas/members'

import type { Db } from '../db/client'
import { badRequest, HttpError, notFound } from '../errors'
import { recordAudit } from '../repos/audit'
import {
  deleteMember,
  findMemberByEmail,
  findMemberById,
  insertMember,
  replacePhoto,
  toProfile,
  updateMember,
  type MemberRow,
} from '../repos/members'
import { toSummary } from '../repos/members-list'
import { isUniqueViolation } from '../shared/database-errors'
import type { UploadedFile } from '../shared/uploads'
import type { AuthedMember, AuthService } from './auth'
import type { BackgroundTasks } from './background'
import type { Mailer } from './mailer'
import { hashPassword, verifyPassword } from './passwords'
import { processPhoto } from './photos'
import { randomToken } from './tokens'

const normalize = (email: string) => email.trim().toLowerCase()

export class MembersService {
  constructor(
    private readonly deps: {
      db: Db
      auth: AuthService
      mailer: Mailer
      tasks: BackgroundTasks
    },
  ) {}

  private get db() {
    return this.deps.db
  }

  /** The member an e-mail names, if the caller may see it: the own, or anyone for an admin. */
  async visibleByEmail(caller: AuthedMember, email: string): Promise<MemberRow> {
    const wanted = normalize(email)
    // Someone else's account does not exist, as far as a member can tell.
    if (caller.role !== 'admin' && wanted !== caller.email) throw notFound('Member not found')
    const row = await findMemberByEmail(this.db, wanted)
    if (!row) throw notFound('Member not found')
    return row
  }

  async updateProfile(
    caller: AuthedMember,
    email: string,
    body: Omit<UpdateProfileBody, 'email' | 'removePhoto'> & {
      email?: string | undefined
      removePhoto?: 'true' | 'false' | undefined
    },
    file: UploadedFile | undefined,
  ) {
    const member = await this.visibleByEmail(caller, email)
    if (body.email !== undefined && body.email !== '' && normalize(body.email) !== member.email) {
      throw badRequest('email: change the e-mail address with the e-mail form')
    }
    const photo = file ? await processPhoto(file) : undefined
    const { email: _email, removePhoto, ...fields } = body
    await updateMember(this.db, member.id, fields)
    if (photo) await replacePhoto(this.db, member.id, photo)
    else if (removePhoto === 'true') await replacePhoto(this.db, member.id, null)
    return toProfile((await findMemberById(this.db, member.id))!)
  }

  async updateEmail(
    caller: AuthedMember,
    oldEmail: string,
    newEmail: string,
    currentPassword: string | undefined,
  ) {
    const member = await this.visibleByEmail(caller, oldEmail)
    const own = member.id === caller.id
    if (own) {
      if (!currentPassword || !(await verifyPassword(member.passwordHash, currentPassword))) {
        throw badRequest('currentPassword: enter your current password to change your e-mail')
      }
    }
    if (newEmail === member.email) return toSummary(member)
    if (await findMemberByEmail(this.db, newEmail)) {
      throw new HttpError(409, 'newEmail: that e-mail address is already in use')
    }
    await this.deps.auth
      .changeMember(member.id, () => updateMember(this.db, member.id, { email: newEmail }))
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw new HttpError(409, 'newEmail: that e-mail address is already in use')
        }
        throw error
      })
    this.deps.tasks.run(() =>
      this.deps.mailer.send({
        to: member.email,
        subject: 'Your Members Area e-mail address was changed',
        text:
          `The e-mail address of your Members Area account is now ${newEmail}.\n\n` +
          `If you did not ask for this, contact support at once.`,
      }),
    )
    if (!own) {
      await this.audit(caller, 'member.email', member.email, `changed to ${newEmail}`)
    }
    return toSummary({ ...member, email: newEmail })
  }

  async createMember(caller: AuthedMember, body: z.output<typeof createMemberBodySchema>) {
    if (await findMemberByEmail(this.db, body.email)) {
      throw new HttpError(409, `email: ${AUTH_MESSAGES.emailTaken}`)
    }
    const member = await insertMember(this.db, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      role: body.role,
      areas: unique(body.areas ?? FREE_AREAS),
      // Nobody knows this password: the member chooses one through the invitation link.
      passwordHash: await hashPassword(randomToken()),
    })
    await this.deps.auth.invite(member, caller.email)
    await this.audit(caller, 'member.create', member.email, `role ${member.role}`)
    return toSummary(member)
  }

  async deleteMember(caller: AuthedMember, email: string) {
    const member = await findMemberByEmail(this.db, email)
    if (!member) throw notFound('Member not found')
    if (member.id === caller.id) throw badRequest('You cannot delete your own account')
    await this.deps.auth.changeMember(member.id, () => deleteMember(this.db, member.id))
    await this.audit(caller, 'member.delete', member.email)
  }

  async setAreas(caller: AuthedMember, email: string, areas: AreaKey[]) {
    const member = await findMemberByEmail(this.db, email)
    if (!member) throw notFound('Member not found')
    const next = unique(areas)
    const added = next.filter((a) => !member.areas.includes(a))
    const removed = member.areas.filter((a) => !next.includes(a as AreaKey))
    // The same list again changes nothing: no write, and nothing to wait for.
    if (next.length !== member.areas.length || next.some((a, i) => a !== member.areas[i])) {
      await this.deps.auth.changeMember(member.id, () =>
        updateMember(this.db, member.id, { areas: next }),
      )
    }
    if (added.length || removed.length) {
      const detail = [
        added.length ? `granted ${added.join(', ')}` : '',
        removed.length ? `removed ${removed.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; ')
      await this.audit(caller, 'member.access', member.email, detail)
    }
    return toSummary({ ...member, areas: next })
  }

  private audit(
    caller: AuthedMember,
    action: Parameters<typeof recordAudit>[1]['action'],
    targetEmail: string,
    detail = '',
  ) {
    return recordAudit(this.db, {
      actorId: caller.id,
      actorEmail: caller.email,
      action,
      targetEmail,
      detail,
    })
  }
}

const unique = (areas: AreaKey[]) => [...new Set(areas)]
