import type { FastifyInstance } from 'fastify'

import { AUTH_MESSAGES, auth } from '../../api-schemas/auth'
import { registerGroup } from '../plugins/contract'

const message = (text: string) => ({ data: { message: text } })

export function authRoutes(app: FastifyInstance) {
  const service = () => app.services.auth
  registerGroup(app, auth, {
    login: async ({ body, req }) => service().login(body.email, body.password, req.ip),
    signup: async ({ body, req }) => service().signup(body, req.ip),
    current: async ({ member }) => ({
      role: member.role,
      id: member.id,
      email: member.email,
      twoFactorEnabled: member.twoFactorEnabled,
    }),
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
    changePassword: async ({ body, member }) =>
      service().changePassword(member.id, body.currentPassword, body.newPassword),
    totpSetup: async ({ body, member }) => ({
      data: await service().totpSetup(member.id, body.password),
    }),
    totpEnable: async ({ body, member }) => {
      await service().totpEnable(member.id, body.password, body.code)
      return message('Two-step verification is on')
    },
    totpDisable: async ({ body, member }) => {
      await service().totpDisable(member.id, body.password, body.code)
      return message('Two-step verification is off')
    },
  })
}
