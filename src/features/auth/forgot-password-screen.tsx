import { getRouteApi } from '@tanstack/react-router'

import { auth } from '@schemas/auth'
import { authApi } from '@/api/auth'
import { bodySchemaOf } from '@/api/create-api'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, FormError, TextLink } from '@/components/form-fields'
import { PasswordField, StackedForm } from '@/components/stacked-form'
import { confirmError, useContractForm } from '@/lib/contract-form'

import { EmailLinkForm } from './email-link-form'

const route = getRouteApi('/auth/forgot-password')

export function ForgotPasswordScreen() {
  const { token } = route.useSearch()
  // Each link gets a form of its own, which sends that link's token.
  return token ? <ResetPassword key={token} token={token} /> : <RequestReset />
}

function RequestReset() {
  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the e-mail address of your account and we send you a link to set a new password."
      footer={<TextLink to="/auth/login">Back to sign in</TextLink>}
    >
      <EmailLinkForm call="forgotPassword" submitLabel="Send reset link" />
    </AuthCard>
  )
}

function ResetPassword({ token }: { token: string }) {
  const reset = authApi.resetPassword.useMutation({ meta: { errorToast: false } })
  // The link's token is sent with the password: a malformed one is named above the form.
  const form = useContractForm({
    schema: bodySchemaOf(auth.resetPassword),
    initial: { token, password: '', confirm: '' },
    toInput: ({ confirm: _, ...body }) => body,
    check: ({ password, confirm }, errors) =>
      errors.password ? {} : confirmError(password, confirm),
    onSubmit: (body) => reset.mutate({ body }),
    error: reset.error,
  })

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <FormAlert status="success">{reset.data.data.message}</FormAlert>
        <TextLink to="/auth/login">Go to sign in</TextLink>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Set a new password"
      description="Choose a new password of at least 8 characters. Once it is set, every device signed in to your account is signed out."
      footer={
        <TextLink to="/auth/forgot-password" search={{}}>
          Request a new link
        </TextLink>
      }
    >
      <StackedForm
        form={form}
        submitLabel="Set new password"
        pending={reset.isPending}
        pendingText="Saving…"
      >
        <FormError message={form.errorOf('token')} />
        <PasswordField label="New password" {...form.field('password')} />
        <PasswordField label="Confirm new password" {...form.field('confirm')} />
      </StackedForm>
    </AuthCard>
  )
}
