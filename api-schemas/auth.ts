import { z } from 'zod/mini'

import {
  emailSchema,
  endpoint,
  envelope,
  messageSchema,
  optionalName,
  requiredName,
} from './contract'

export const roleSchema = z.enum(['admin', 'member'])
export type Role = z.infer<typeof roleSchema>

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

export const newPasswordSchema = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`),
    z.maxLength(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  )

const passwordSchema = z
  .string()
  .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX))
const totpCodeSchema = z.string().check(z.regex(/^\d{6}$/, 'Enter the 6-digit code'))
/** Single-use tokens from e-mailed links and two-step challenges: base64url, 128+ bits. */
const linkTokenSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,128}$/, 'The link is not valid'))

export const credentialsSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
})
export type Credentials = z.infer<typeof credentialsSchema>

/** A signed-in answer: the spec's client reads `data.token`. */
export const tokenSchema = z.object({ token: z.string() })

/** Members with two-step verification get a challenge to complete at /auth/two-steps. */
export const challengeSchema = z.object({
  challenge: z.object({
    token: z.string(),
    method: z.literal('totp'),
    expiresAt: z.iso.datetime(),
  }),
})

export const signInSchema = z.union([tokenSchema, challengeSchema])
export type SignIn = z.infer<typeof signInSchema>

export const currentUserSchema = z.object({
  role: roleSchema,
  id: z.string(),
  email: z.email(),
  twoFactorEnabled: z.boolean(),
})
export type CurrentUser = z.infer<typeof currentUserSchema>

export const totpSetupSchema = envelope(z.object({ secret: z.string(), otpauthUrl: z.string() }))

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid e-mail or password',
  resetSent: 'If an account exists for that e-mail, a reset link is on its way.',
  linkSent: 'If an account exists for that e-mail, a sign-in link is on its way.',
  linkInvalid: 'This link is invalid or has expired. Request a new one.',
  challengeInvalid: 'This verification has expired. Sign in again.',
  codeInvalid: 'The code is not valid',
  passwordChanged: 'Your password has been changed.',
  passwordReset: 'Your password has been reset. Sign in with the new password.',
  signedOut: 'Signed out',
  unauthorized: 'Sign in to continue',
  forbidden: 'You do not have access to this',
  tooMany: 'Too many attempts. Try again later.',
  emailTaken: 'An account with this e-mail already exists. Sign in or reset your password.',
} as const

export const signupBodySchema = z.strictObject({
  firstName: requiredName('First name', 80),
  lastName: z._default(optionalName('Last name', 80), ''),
  email: emailSchema,
  password: newPasswordSchema,
})
export type SignupBody = z.input<typeof signupBodySchema>

export const auth = {
  login: endpoint({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    summary: 'Sign in with e-mail and password',
    body: credentialsSchema,
    response: signInSchema,
  }),
  signup: endpoint({
    method: 'POST',
    path: '/auth/signup',
    access: 'public',
    title: 'Sign up',
    summary: 'Create an own member account with the free areas, and sign in',
    body: signupBodySchema,
    status: 201,
    response: tokenSchema,
  }),
  current: endpoint({
    method: 'GET',
    path: '/auth/current',
    access: 'member',
    summary: 'The signed-in member and role',
    response: currentUserSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/auth/logout',
    access: 'member',
    summary: 'Sign out everywhere: every earlier token stops working',
    response: messageSchema,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    summary: 'E-mail a password reset link; answers the same for any address',
    body: z.strictObject({ email: emailSchema }),
    response: messageSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/auth/reset-password',
    access: 'public',
    summary: 'Set a new password with the token from a reset link (single use)',
    body: z.strictObject({ token: linkTokenSchema, password: newPasswordSchema }),
    response: messageSchema,
  }),
  loginLink: endpoint({
    method: 'POST',
    path: '/auth/login-link',
    access: 'public',
    summary: 'E-mail a sign-in link; answers the same for any address',
    body: z.strictObject({ email: emailSchema }),
    response: messageSchema,
  }),
  verifyLoginLink: endpoint({
    method: 'POST',
    path: '/auth/login-link/verify',
    access: 'public',
    summary: 'Sign in with the token from a sign-in link (single use)',
    body: z.strictObject({ token: linkTokenSchema }),
    response: signInSchema,
  }),
  twoSteps: endpoint({
    method: 'POST',
    path: '/auth/two-steps',
    access: 'public',
    title: 'Complete a two-step sign-in',
    summary: 'Complete a two-step challenge with a 6-digit authenticator code',
    body: z.strictObject({ challenge: linkTokenSchema, code: totpCodeSchema }),
    response: tokenSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/auth/change-password',
    access: 'member',
    summary: 'Change the own password; revokes every other session and returns a fresh token',
    body: z.strictObject({ currentPassword: passwordSchema, newPassword: newPasswordSchema }),
    response: tokenSchema,
  }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/auth/totp/setup',
    access: 'member',
    summary: 'Start two-step setup: a new secret to add to an authenticator app',
    body: z.strictObject({ password: passwordSchema }),
    response: totpSetupSchema,
  }),
  totpEnable: endpoint({
    method: 'POST',
    path: '/auth/totp/enable',
    access: 'member',
    title: 'Turn two-step verification on',
    summary: 'Turn two-step verification on with the current password and a code',
    body: z.strictObject({ password: passwordSchema, code: totpCodeSchema }),
    response: messageSchema,
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: '/auth/totp/disable',
    access: 'member',
    title: 'Turn two-step verification off',
    summary: 'Turn two-step verification off with the current password and a code',
    body: z.strictObject({ password: passwordSchema, code: totpCodeSchema }),
    response: messageSchema,
  }),
}
