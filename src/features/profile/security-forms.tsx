import { Button, Code, Flex, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, type ReactNode } from 'react'
import { z } from 'zod/mini'

import { newPasswordSchema, PASSWORD_MAX } from '@schemas/auth'
import { emailSchema } from '@schemas/contract'
import type { Profile } from '@schemas/members'
import { authApi } from '@/api/auth'
import { membersApi } from '@/api/members'
import { FormAlert, FormError, TextField } from '@/components/form-fields'
import { EmailField, PasswordField, StackedForm } from '@/components/stacked-form'
import { PageSpinner } from '@/components/ui'
import { confirmError, useContractForm, type ContractForm } from '@/lib/contract-form'
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
      form.reset()
      toast.success(`Your e-mail address is now ${data.email}`)
    },
  })
  const form = useContractForm({
    schema: z.object({ newEmail: emailSchema, currentPassword: password }).check(
      z.refine(({ newEmail }) => newEmail !== profile.email.toLowerCase(), {
        path: ['newEmail'],
        message: 'This is already your e-mail address',
      }),
    ),
    initial: { newEmail: '', currentPassword: '' },
    onSubmit: ({ newEmail, currentPassword }) =>
      change.mutate({ query: { oldEmail: profile.email, newEmail }, body: { currentPassword } }),
    error: change.error,
  })

  return (
    <SettingForm label="Change e-mail" form={form} saving={change.isPending}>
      <Text color="fg.muted" fontSize="sm">
        Current address: {profile.email}
      </Text>
      <EmailField label="New e-mail" {...form.field('newEmail')} />
      <CurrentPasswordField {...form.field('currentPassword')} />
    </SettingForm>
  )
}

/** Current, new and repeated password; the answer is a fresh token that replaces the stored one. */
export function ChangePasswordForm({ email }: { email: string }) {
  const change = authApi.changePassword.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ token }) => {
      useAuthStore.getState().signIn({ token, role: storedRole() ?? 'member', email })
      form.reset()
      toast.success('Password changed')
    },
  })
  const form = useContractForm({
    schema: z.object({ currentPassword: password, newPassword: newPasswordSchema }),
    initial: { currentPassword: '', newPassword: '', confirm: '' },
    check: ({ newPassword, confirm }) => confirmError(newPassword, confirm),
    onSubmit: (body) => change.mutate({ body }),
    error: change.error,
  })

  return (
    <SettingForm label="Change password" form={form} saving={change.isPending}>
      <CurrentPasswordField {...form.field('currentPassword')} />
      <PasswordField
        label="New password"
        helperText="At least 8 characters."
        {...form.field('newPassword')}
      />
      <PasswordField label="Confirm new password" {...form.field('confirm')} />
    </SettingForm>
  )
}

/** A form of one setting: its message, its fields, and a button named like the form that saves it. */
function SettingForm({
  label,
  form,
  saving,
  children,
}: {
  label: string
  form: Pick<ContractForm<Record<string, string>>, 'submit' | 'formError'>
  saving: boolean
  children: ReactNode
}) {
  return (
    <StackedForm
      form={form}
      aria-label={label}
      submitLabel={label}
      pending={saving}
      pendingText="Saving…"
      alignSubmit="start"
    >
      {children}
    </StackedForm>
  )
}

/** The member's current password, which every change of these settings asks for. */
function CurrentPasswordField(field: {
  name: string
  value: string
  onValueChange: (value: string) => void
  error: string | undefined
}) {
  return <PasswordField label="Current password" autoComplete="current-password" {...field} />
}

/**
 * Two-step verification: set up with the password (QR code and secret), switch on with a code
 * from the app; switch off with the password and a code.
 */
export function TwoStepSection({ profile }: { profile: Profile }) {
  const client = useQueryClient()
  const refreshProfile = () =>
    void client.invalidateQueries({
      queryKey: membersApi.profile.key({ params: { email: profile.email } }),
    })
  const done = (message: string) => {
    form.reset()
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
  const needsCode = profile.twoFactorEnabled || Boolean(setup.data)
  const form = useContractForm({
    schema: needsCode ? z.object({ password, code }) : z.object({ password }),
    initial: { password: '', code: '' },
    onSubmit: (_, values) => {
      const body = { password: values.password, code: values.code.trim() }
      if (profile.twoFactorEnabled) disable.mutate({ body })
      else if (setup.data) enable.mutate({ body })
      else setup.mutate({ body: { password: values.password } })
    },
    error: active.error,
  })

  const passwordField = <CurrentPasswordField {...form.field('password')} />
  const codeField = (
    <TextField
      label="6-digit code from your app"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      required
      {...form.field('code')}
      onValueChange={(value) => form.setValue('code', value.replace(/\D/g, ''))}
    />
  )

  return (
    <form onSubmit={form.submit} noValidate aria-label="Two-step verification">
      <Stack gap="4">
        <FormAlert status={profile.twoFactorEnabled ? 'success' : 'info'}>
          {profile.twoFactorEnabled
            ? 'Two-step verification is on: signing in asks for a code from your authenticator app.'
            : 'Two-step verification is off. Turn it on to ask for a code from an authenticator app at every sign-in.'}
        </FormAlert>
        <FormError message={form.formError} />
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
