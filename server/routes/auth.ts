import type { FastifyInstance } from 'fastify'

import { auth, AUTH_MESSAGES, type CurrentUser } from '@schemas/auth'

import { lastingAnswer, registerGroup } from '../plugins/contract'
import { waitingOnPurpose } from '../plugins/pressure'
import type { AuthedMember } from '../services/auth'

const message = (text: string) => ({ data: { message: text } })

export function authRoutes(app: FastifyInstance) {
  const service = () => app.services.auth
  // Asked on every load of the app: one answer per member object, which lasts while the member is
  // kept in memory (see AuthService.authenticate).
  const currents = new WeakMap<AuthedMember, CurrentUser>()
  const current = (member: AuthedMember) => {
    let answer = currents.get(member)
    if (!answer) {
      const { role, id, email, twoFactorEnabled } = member
      currents.set(member, (answer = lastingAnswer({ role, id, email, twoFactorEnabled })))
    }
    return answer
  }
  registerGroup(app, auth, {
    login: async ({ body, req }) =>
      service().login(body.email, body.password, req.ip, () => waitingOnPurpose(req)),
    signup: async ({ body, req }) => service().signup(body, req.ip),
    current: async ({ member }) => current(member),
    logout: async ({ member }) => {
      await service().logout(member.id)
      return message(AUTH_MESSAGES.signedOut)
    },
    forgotPassword: async ({ body, req }) => {
      await service().forgotPassword(body.email, req.ip)
      return message(AUTH_MESSAGES.resetSent)
    },
    resetPassword: async ({ body, req }) => {
      await service().resetPassword(body.token, body.password, req.ip)
      return message(AUTH_MESSAGES.passwordReset)
    },
    loginLink: async ({ body, req }) => {
      await service().requestLoginLink(body.email, req.ip)
      return message(AUTH_MESSAGES.linkSent)
    },
    verifyLoginLink: async ({ body, req }) => service().verifyLoginLink(body.token, req.ip),
    twoSteps: async ({ body, req }) =>
      service().completeChallenge(body.challenge, body.code, req.ip),
    changePassword: async ({ body, member, req }) =>
      service().changePassword(member.id, body.currentPassword, body.newPassword, req.ip),
    totpSetup: async ({ body, member, req }) => ({
      data: await service().totpSetup(member.id, body.password, req.ip),
    }),
    totpEnable: async ({ body, member, req }) => {
      await service().totpEnable(member.id, body.password, body.code, req.ip)
      return message('Two-step verification is on')
    },
    totpDisable: async ({ body, member, req }) => {
      await service().totpDisable(member.id, body.password, body.code, req.ip)
      return message('Two-step verification is off')
    },
  })
}
