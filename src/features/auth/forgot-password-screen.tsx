import { Button, Stack } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'

import { auth } from '@schemas/auth'
import { authApi } from '@/api/auth'
import { bodySchemaOf } from '@/api/create-api'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, TextField, TextLink } from '@/components/form-fields'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'

import { EmailLinkForm } from './email-link-form'

const route = getRouteApi('/auth/forgot-password')

export function ForgotPasswordScreen() {
  const { token } = route.useSearch()
  return token ? <ResetPassword token={token} /> : <RequestReset />
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
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const reset = authApi.resetPassword.useMutation({ meta: { errorToast: false } })
  const server = serverErrorOf(reset.error, ['password'])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = bodySchemaOf(auth.resetPassword).safeParse({ token, password })
    const next = parsed.success ? {} : fieldErrorsOf(parsed.error)
    if (!next.password && password !== confirm) next.confirm = 'The passwords do not match'
    setErrors(next)
    if (!parsed.success || next.confirm) return
    reset.mutate({ body: parsed.data })
  }

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
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {errors.token ? <FormAlert status="error">{errors.token}</FormAlert> : null}
          {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onValueChange={setPassword}
            error={errors.password ?? server.fields.password}
          />
          <TextField
            label="Confirm new password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            value={confirm}
            onValueChange={setConfirm}
            error={errors.confirm}
          />
          <Button type="submit" loading={reset.isPending} loadingText="Saving…">
            Set new password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
