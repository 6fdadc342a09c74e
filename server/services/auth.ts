import { FREE_AREAS, type AreaKey } from '@schemas/access'
import { AUTH_MESSAGES, type SignIn } from '@schemas/auth'

import type { Db } from '../db/client'
import { badRequest, HttpError, unauthorized } from '../errors'
import {
  consumeAuthToken,
  failChallenge,
  findLiveChallenge,
  insertAuthToken,
  voidAuthTokens,
} from '../repos/auth-tokens'
import {
  bumpTokenVersion,
  claimTotpStep,
  findMemberByEmail,
  findMemberById,
  findTokenSubject,
  insertMember,
  updateMember,
  type MemberRow,
  type TokenSubject,
} from '../repos/members'
import { isUniqueViolation } from '../shared/database-errors'
import type { BackgroundTasks } from './background'
import type { Mailer } from './mailer'
import { hashPassword, verifyPassword } from './passwords'
import type { RateLimiter } from './rate-limit'
import type { SubjectCache } from './subject-cache'
import { hashToken, randomToken, type TokenService } from './tokens'
import { matchTotpStep, newTotpSecret, totpUri } from './totp'

export const LINK_LIFETIME_MS = 10 * 60 * 1000
export const INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000
export const CHALLENGE_MAX_FAILURES = 5
/** The longest a sign-in is held for an account under attack (well within a request's time). */
export const MOST_SIGN_IN_DELAY_MS = 10_000

/**
 * How long a sign-in from an address the account does not know is held, once the account has
 * had `free` failures from anywhere within the hour: the base, doubling with each failure after,
 * up to 10 s. It slows guessing spread over many addresses without ever refusing the owner.
 */
export function signInDelayMs(failures: number, free: number, baseMs: number) {
  if (failures < free) return 0
  return Math.min(baseMs * 2 ** Math.min(failures - free, 30), MOST_SIGN_IN_DELAY_MS)
}

/** The member a request acts as, derived from its verified token only. */
export interface AuthedMember {
  id: string
  email: string
  role: 'admin' | 'member'
  twoFactorEnabled: boolean
  areas: AreaKey[]
  /** When the member joined: drip lessons open that many days after it. */
  joinedAt: Date
}

export interface AuthDeps {
  db: Db
  tokens: TokenService
  limiter: RateLimiter
  mailer: Mailer
  tasks: BackgroundTasks
  /** Spares token checks the database; told of every change this service makes to a member. */
  subjects: SubjectCache
  now: () => number
  publicUrl: string
  /** Told whether each token check found its member in memory or read the database. */
  countCheck?: (answered: 'memory' | 'database') => void
  /** The first hold of a sign-in on an account with many failures (see signInDelayMs). */
  signInDelayMs: number
  /** Told of each sign-in held, and for how long. */
  onSignInHeld?: (ms: number) => void
}

export class AuthService {
  /**
   * The member of each kept token subject, made once: what handlers derive from the member (the
   * current member's answer) can then be kept as long as the subject is.
   */
  private readonly authed = new WeakMap<TokenSubject, AuthedMember>()

  constructor(private readonly deps: AuthDeps) {}

  private get db() {
    return this.deps.db
  }

  private date() {
    return new Date(this.deps.now())
  }

  /** Checks a bearer token: signature, algorithm, expiry, member still there, not revoked. */
  async authenticate(token: string | undefined): Promise<AuthedMember> {
    if (!token) throw unauthorized()
    const claims = await this.deps.tokens.verify(token)
    if (!claims) throw unauthorized('Your session has expired. Sign in again.')
    let answered: 'memory' | 'database' = 'memory'
    const member = await this.deps.subjects.get(claims.sub, (id) => {
      answered = 'database'
      return findTokenSubject(this.db, id)
    })
    this.deps.countCheck?.(answered)
    if (!member || member.tokenVersion !== claims.tv) {
      throw unauthorized('Your session has expired. Sign in again.')
    }
    let authed = this.authed.get(member)
    if (!authed) {
      const { id, email, role, twoFactorEnabled, areas, joinedAt } = member
      authed = Object.freeze({ id, email, role, twoFactorEnabled, areas, joinedAt })
      if (Object.isFrozen(member)) this.authed.set(member, authed)
    }
    return authed
  }

  /**
   * Failed sign-ins are counted three ways (OWASP ASVS 2.2.1): from one address across accounts
   * and for one account from one address, each refused 429 once used up; and for the account
   * from anywhere, which never refuses (anyone could then lock any member out) but holds a
   * sign-in from an address the account has not signed in from, longer with every failure
   * (signInDelayMs). The owner at an address they signed in from before is not held, and the
   * e-mail link keeps working whatever the counts.
   */
  async login(
    email: string,
    password: string,
    ip: string,
    /** Told before the sign-in is held: it then waits on purpose, not for the server. */
    onHold?: () => void,
  ): Promise<SignIn> {
    const { limiter } = this.deps
    const pair = `${email} ${ip}`
    await limiter.check('loginFailuresPerIp', ip)
    await limiter.check('loginFailuresPerAccountAndIp', pair)
    await this.holdUnknownAddress(email, pair, onHold)
    const member = await findMemberByEmail(this.db, email)
    const ok = await verifyPassword(member?.passwordHash, password)
    if (!member || !ok) {
      await Promise.all([
        limiter.penalize('loginFailuresPerIp', ip),
        limiter.penalize('loginFailuresPerAccountAndIp', pair),
        limiter.penalize('loginFailuresPerAccount', email),
      ])
      throw unauthorized(AUTH_MESSAGES.invalidCredentials)
    }
    await Promise.all([
      limiter.reset('loginFailuresPerAccountAndIp', pair),
      limiter.penalize('knownSignInAddresses', pair),
    ])
    return this.signIn(member)
  }

  /** Holds a sign-in from an address `email` has not signed in from, if its failures call for it. */
  private async holdUnknownAddress(email: string, pair: string, onHold?: () => void) {
    const { limiter } = this.deps
    const failures = await limiter.used('loginFailuresPerAccount', email)
    const ms = signInDelayMs(
      failures,
      limiter.points('loginFailuresPerAccount'),
      this.deps.signInDelayMs,
    )
    if (ms === 0 || (await limiter.used('knownSignInAddresses', pair)) > 0) return
    this.deps.onSignInHeld?.(ms)
    onHold?.()
    await new Promise((resolve) => setTimeout(resolve, ms))
  }

  /** A token, or a two-step challenge for members who turned two-step verification on. */
  private async signIn(member: MemberRow): Promise<SignIn> {
    if (!member.totpSecret) return { token: await this.issue(member) }
    const token = randomToken()
    const expiresAt = new Date(this.deps.now() + CHALLENGE_LIFETIME_MS)
    await insertAuthToken(this.db, {
      memberId: member.id,
      purpose: 'challenge',
      tokenHash: hashToken(token),
      expiresAt,
    })
    return { challenge: { token, method: 'totp', expiresAt: expiresAt.toISOString() } }
  }

  private issue(member: Pick<MemberRow, 'id' | 'role' | 'tokenVersion'>) {
    return this.deps.tokens.sign({ sub: member.id, role: member.role, tv: member.tokenVersion })
  }

  async logout(memberId: string) {
    await this.changeMember(memberId, () => bumpTokenVersion(this.db, memberId))
  }

  /**
   * Every write that changes what token checks read of a member goes through here: its token
   * version, e-mail, role, areas, two-step state, or the member itself.
   */
  changeMember<T>(memberId: string, write: () => Promise<T>): Promise<T> {
    return this.deps.subjects.change(memberId, write)
  }

  async completeChallenge(challenge: string, code: string, ip: string) {
    await this.deps.limiter.consume('tokenAttemptsPerIp', ip)
    const now = this.date()
    const live = await findLiveChallenge(this.db, hashToken(challenge), now)
    if (!live) throw unauthorized(AUTH_MESSAGES.challengeInvalid)
    const member = await findMemberById(this.db, live.memberId)
    if (!member?.totpSecret) throw unauthorized(AUTH_MESSAGES.challengeInvalid)
    if (!(await this.acceptCode(member, member.totpSecret, code))) {
      await failChallenge(this.db, live.id, CHALLENGE_MAX_FAILURES, now)
      throw unauthorized(AUTH_MESSAGES.codeInvalid)
    }
    if (!(await consumeAuthToken(this.db, 'challenge', hashToken(challenge), now))) {
      throw unauthorized(AUTH_MESSAGES.challengeInvalid)
    }
    return { token: await this.issue(member) }
  }

  /** A code is accepted within ±1 time step, and never twice. */
  private async acceptCode(member: MemberRow, secret: string, code: string) {
    const step = matchTotpStep(secret, code, this.deps.now())
    return step !== undefined && (await claimTotpStep(this.db, member.id, step))
  }

  async forgotPassword(email: string, ip: string) {
    await this.mailRequest(email, ip, async (member) => {
      const link = `${this.deps.publicUrl}/auth/forgot-password?token=${await this.newLinkToken(member, 'reset')}`
      return {
        to: member.email,
        subject: 'Reset your Members Area password',
        text:
          `Someone asked to reset the password of your Members Area account.\n\n` +
          `Choose a new password here (the link works once, for 10 minutes):\n${link}\n\n` +
          `If it was not you, ignore this message: your password stays as it is.`,
        link,
      }
    })
  }

  async requestLoginLink(email: string, ip: string) {
    await this.mailRequest(email, ip, async (member) => {
      const link = `${this.deps.publicUrl}/auth/login/verify/${await this.newLinkToken(member, 'login_link')}`
      return {
        to: member.email,
        subject: 'Your Members Area sign-in link',
        text:
          `Sign in to the Members Area with this link (it works once, for 10 minutes):\n${link}\n\n` +
          `If you did not ask for it, ignore this message.`,
        link,
      }
    })
  }

  /** Same answer, same work in the request, for known and unknown addresses; mail goes out after. */
  private async mailRequest(
    email: string,
    ip: string,
    compose: (member: MemberRow) => Promise<Parameters<Mailer['send']>[0]>,
  ) {
    await this.deps.limiter.consume('mailRequestsPerIp', ip)
    await this.deps.limiter.consume('mailRequestsPerAccount', email)
    const member = await findMemberByEmail(this.db, email)
    if (!member) return
    this.deps.tasks.run(async () => this.deps.mailer.send(await compose(member)))
  }

  private async newLinkToken(member: MemberRow, purpose: 'reset' | 'login_link' | 'invite') {
    const token = randomToken()
    await voidAuthTokens(this.db, member.id, purpose, this.date())
    await insertAuthToken(this.db, {
      memberId: member.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(
        this.deps.now() + (purpose === 'invite' ? INVITE_LIFETIME_MS : LINK_LIFETIME_MS),
      ),
    })
    return token
  }

  /** Welcomes a member an administrator created: a link to choose a password, valid 7 days. */
  async invite(member: MemberRow, invitedBy: string) {
    const link = `${this.deps.publicUrl}/auth/forgot-password?token=${await this.newLinkToken(member, 'invite')}`
    this.deps.tasks.run(() =>
      this.deps.mailer.send({
        to: member.email,
        subject: 'Your Members Area account is ready',
        text:
          `${invitedBy} has opened a Members Area account for you.\n\n` +
          `Choose your password here (the link works once, for 7 days):\n${link}`,
        link,
      }),
    )
  }

  /** A new member's own account, signed in at once. */
  async signup(
    values: { email: string; password: string; firstName: string; lastName: string },
    ip: string,
  ) {
    await this.deps.limiter.consume('signupsPerIp', ip)
    if (await findMemberByEmail(this.db, values.email)) {
      throw new HttpError(409, AUTH_MESSAGES.emailTaken)
    }
    const { password, ...rest } = values
    const member = await insertMember(this.db, {
      ...rest,
      passwordHash: await hashPassword(password),
      areas: FREE_AREAS,
    }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new HttpError(409, AUTH_MESSAGES.emailTaken)
      throw error
    })
    return { token: await this.issue(member) }
  }

  async resetPassword(token: string, password: string, ip: string) {
    await this.deps.limiter.consume('tokenAttemptsPerIp', ip)
    const memberId = await consumeAuthToken(
      this.db,
      ['reset', 'invite'],
      hashToken(token),
      this.date(),
    )
    if (!memberId) throw badRequest(AUTH_MESSAGES.linkInvalid)
    const passwordHash = await hashPassword(password)
    await this.changeMember(memberId, () => bumpTokenVersion(this.db, memberId, { passwordHash }))
  }

  async verifyLoginLink(token: string, ip: string): Promise<SignIn> {
    await this.deps.limiter.consume('tokenAttemptsPerIp', ip)
    const memberId = await consumeAuthToken(this.db, 'login_link', hashToken(token), this.date())
    const member = memberId && (await findMemberById(this.db, memberId))
    if (!member) throw badRequest(AUTH_MESSAGES.linkInvalid)
    return this.signIn(member)
  }

  async changePassword(memberId: string, currentPassword: string, newPassword: string, ip: string) {
    const member = await this.requirePassword(memberId, currentPassword, ip)
    const passwordHash = await hashPassword(newPassword)
    const tokenVersion = await this.changeMember(member.id, () =>
      bumpTokenVersion(this.db, member.id, { passwordHash }),
    )
    return { token: await this.issue({ ...member, tokenVersion }) }
  }

  async totpSetup(memberId: string, password: string, ip: string) {
    const member = await this.requirePassword(memberId, password, ip)
    if (member.totpSecret) throw new HttpError(409, 'Two-step verification is already on')
    const secret = newTotpSecret()
    await updateMember(this.db, member.id, { totpPendingSecret: secret })
    return { secret, otpauthUrl: totpUri(secret, member.email) }
  }

  async totpEnable(memberId: string, password: string, code: string, ip: string) {
    const member = await this.requirePassword(memberId, password, ip)
    if (member.totpSecret) throw new HttpError(409, 'Two-step verification is already on')
    if (!member.totpPendingSecret) throw badRequest('Start the two-step setup first')
    if (!(await this.acceptCode(member, member.totpPendingSecret, code))) {
      throw badRequest(AUTH_MESSAGES.codeInvalid)
    }
    const totpSecret = member.totpPendingSecret
    await this.changeMember(member.id, () =>
      updateMember(this.db, member.id, { totpSecret, totpPendingSecret: null }),
    )
  }

  async totpDisable(memberId: string, password: string, code: string, ip: string) {
    const member = await this.requirePassword(memberId, password, ip)
    if (!member.totpSecret) throw new HttpError(409, 'Two-step verification is not on')
    if (!(await this.acceptCode(member, member.totpSecret, code))) {
      throw badRequest(AUTH_MESSAGES.codeInvalid)
    }
    await this.changeMember(member.id, () =>
      updateMember(this.db, member.id, { totpSecret: null, totpLastStep: null }),
    )
  }

  /** The signed-in member's password, guessed at most as often as a sign-in from `ip`. */
  private async requirePassword(memberId: string, password: string, ip: string) {
    const member = await findMemberById(this.db, memberId)
    if (!member) throw unauthorized()
    const pair = `${member.email} ${ip}`
    await this.deps.limiter.check('loginFailuresPerAccountAndIp', pair)
    if (!(await verifyPassword(member.passwordHash, password))) {
      await this.deps.limiter.penalize('loginFailuresPerAccountAndIp', pair)
      throw badRequest('The current password is not correct')
    }
    return member
  }
}
