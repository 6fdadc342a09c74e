import { Button, Code, Flex, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { z } from 'zod/mini'

import { newPasswordSchema, PASSWORD_MAX } from '@schemas/auth'
import { emailSchema } from '@schemas/contract'
import type { Profile } from '@schemas/members'
import { authApi } from '@/api/auth'
import { membersApi } from '@/api/members'
import { FormAlert, TextField } from '@/components/form-fields'
import { PageSpinner } from '@/components/ui'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'
import { STORAGE_KEYS, storedRole } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useAuthStore } from '@/stores/auth'

const TotpQr = lazy(() => import('./totp-qr').then((m) => ({ default: m.TotpQr })))

const password = z
  .string()
  .check(z.minLength(1, 'Enter your current password'), z.maxLength(PASSWORD_MAX))
const code = z.string().check(z.trim(), z.regex(/^\d{6}$/, 'Enter the 6-digit code'))

/** New e-mail address plus the current password; the session then follows the new address. */
export function ChangeEmailForm({ profile }: { profile: Profile }) {
  const client = useQueryClient()
  const [form, setForm] = useState({ newEmail: '', currentPassword: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const change = membersApi.updateEmail.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      // The stored address first: every screen reads it when the profile query below re-renders it.
      localStorage.setItem(STORAGE_KEYS.email, JSON.stringify({ email: data.email }))
      const moved = { data: { ...profile, email: data.email } }
      client.setQueryData(membersApi.profile.key({ params: { email: data.email } }), moved)
      client.setQueryData(membersApi.profile.key({ params: { email: profile.email } }), moved)
      client.removeQueries({
        queryKey: membersApi.profile.key({ params: { email: profile.email } }),
        type: 'inactive',
      })
      void client.invalidateQueries({ queryKey: ['auth'] })
      setForm({ newEmail: '', currentPassword: '' })
      toast.success(`Your e-mail address is now ${data.email}`)
    },
  })
  const server = serverErrorOf(change.error, ['newEmail', 'currentPassword'])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = z.object({ newEmail: emailSchema, currentPassword: password }).safeParse(form)
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    if (parsed.data.newEmail === profile.email.toLowerCase()) {
      setErrors({ newEmail: 'This is already your e-mail address' })
      return
    }
    setErrors({})
    change.mutate({
      query: { oldEmail: profile.email, newEmail: parsed.data.newEmail },
      body: { currentPassword: parsed.data.currentPassword },
    })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change e-mail">
      <Stack gap="4">
        {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
        <Text color="fg.muted" fontSize="sm">
          Current address: {profile.email}
        </Text>
        <TextField
          label="New e-mail"
          name="newEmail"
          type="email"
          autoComplete="email"
          required
          value={form.newEmail}
          onValueChange={(newEmail) => setForm((f) => ({ ...f, newEmail }))}
          error={errors.newEmail ?? server.fields.newEmail}
        />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          onValueChange={(currentPassword) => setForm((f) => ({ ...f, currentPassword }))}
          error={errors.currentPassword ?? server.fields.currentPassword}
        />
        <Button type="submit" alignSelf="start" loading={change.isPending} loadingText="Saving…">
          Change e-mail
        </Button>
      </Stack>
    </form>
  )
}

/** Current, new and repeated password; the answer is a fresh token that replaces the stored one. */
export function ChangePasswordForm({ email }: { email: string }) {
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirm: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const change = authApi.changePassword.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ token }) => {
      useAuthStore.getState().signIn({ token, role: storedRole() ?? 'member', email })
      setForm({ currentPassword: '', newPassword: '', confirm: '' })
      toast.success('Password changed')
    },
  })
  const server = serverErrorOf(change.error, ['currentPassword', 'newPassword'])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = z
      .object({ currentPassword: password, newPassword: newPasswordSchema })
      .safeParse(form)
    const next: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error)
    if (form.confirm !== form.newPassword) next.confirm = 'The passwords do not match'
    if (!parsed.success || next.confirm) {
      setErrors(next)
      return
    }
    setErrors({})
    change.mutate({ body: parsed.data })
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Change password">
      <Stack gap="4">
        {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          onValueChange={(currentPassword) => setForm((f) => ({ ...f, currentPassword }))}
          error={errors.currentPassword ?? server.fields.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          value={form.newPassword}
          onValueChange={(newPassword) => setForm((f) => ({ ...f, newPassword }))}
          error={errors.newPassword ?? server.fields.newPassword}
          helperText="At least 8 characters."
        />
        <TextField
          label="Confirm new password"
          name="confirm"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirm}
          onValueChange={(confirm) => setForm((f) => ({ ...f, confirm }))}
          error={errors.confirm}
        />
        <Button type="submit" alignSelf="start" loading={change.isPending} loadingText="Saving…">
          Change password
        </Button>
      </Stack>
    </form>
  )
}

/**
 * Two-step verification: set up with the password (QR code and secret), switch on with a code
 * from the app; switch off with the password and a code.
 */
export function TwoStepSection({ profile }: { profile: Profile }) {
  const client = useQueryClient()
  const [form, setForm] = useState({ password: '', code: '' })
  const [errors, setErrors] = useState<FieldErrors>({})
  const refreshProfile = () =>
    void client.invalidateQueries({
      queryKey: membersApi.profile.key({ params: { email: profile.email } }),
    })
  const done = (message: string) => {
    setForm({ password: '', code: '' })
    refreshProfile()
    toast.success(message)
  }
  const setup = authApi.totpSetup.useMutation({ meta: { errorToast: false } })
  const enable = authApi.totpEnable.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      setup.reset()
      done('Two-step verification is on')
    },
  })
  const disable = authApi.totpDisable.useMutation({
    meta: { errorToast: false },
    onSuccess: () => done('Two-step verification is off'),
  })
  const active = profile.twoFactorEnabled ? disable : setup.data ? enable : setup
  const server = serverErrorOf(active.error, ['password', 'code'])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const needsCode = profile.twoFactorEnabled || Boolean(setup.data)
    const parsed = (needsCode ? z.object({ password, code }) : z.object({ password })).safeParse(
      form,
    )
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    if (profile.twoFactorEnabled)
      disable.mutate({ body: { password: form.password, code: form.code.trim() } })
    else if (setup.data)
      enable.mutate({ body: { password: form.password, code: form.code.trim() } })
    else setup.mutate({ body: { password: form.password } })
  }

  const passwordField = (
    <TextField
      label="Current password"
      name="password"
      type="password"
      autoComplete="current-password"
      required
      value={form.password}
      onValueChange={(value) => setForm((f) => ({ ...f, password: value }))}
      error={errors.password ?? server.fields.password}
    />
  )
  const codeField = (
    <TextField
      label="6-digit code from your app"
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      value={form.code}
      onValueChange={(value) => setForm((f) => ({ ...f, code: value.replace(/\D/g, '') }))}
      error={errors.code ?? server.fields.code}
    />
  )

  return (
    <form onSubmit={submit} noValidate aria-label="Two-step verification">
      <Stack gap="4">
        <FormAlert status={profile.twoFactorEnabled ? 'success' : 'info'}>
          {profile.twoFactorEnabled
            ? 'Two-step verification is on: signing in asks for a code from your authenticator app.'
            : 'Two-step verification is off. Turn it on to ask for a code from an authenticator app at every sign-in.'}
        </FormAlert>
        {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
        {profile.twoFactorEnabled ? (
          <>
            {passwordField}
            {codeField}
            <Button
              type="submit"
              alignSelf="start"
              variant="outline"
              colorPalette="red"
              loading={disable.isPending}
            >
              Turn off two-step verification
            </Button>
          </>
        ) : setup.data ? (
          <>
            <Text>
              Scan this code with your authenticator app, or type the secret in by hand. Then enter
              the code the app shows.
            </Text>
            <Flex gap="4" align="center" wrap="wrap">
              <Suspense fallback={<PageSpinner label="Drawing the QR code" />}>
                <TotpQr value={setup.data.data.otpauthUrl} />
              </Suspense>
              <Stack gap="1" minW="0">
                <Text fontSize="sm" color="fg.muted">
                  Secret
                </Text>
                <Code fontSize="md" wordBreak="break-all" dir="ltr" data-testid="totp-secret">
                  {setup.data.data.secret}
                </Code>
              </Stack>
            </Flex>
            {passwordField}
            {codeField}
            <Flex gap="2" wrap="wrap">
              <Button type="submit" loading={enable.isPending}>
                Turn on
              </Button>
              <Button variant="outline" onClick={() => setup.reset()}>
                Cancel
              </Button>
            </Flex>
          </>
        ) : (
          <>
            {passwordField}
            <Button type="submit" alignSelf="start" loading={setup.isPending}>
              Set up two-step verification
            </Button>
          </>
        )}
      </Stack>
    </form>
  )
}
