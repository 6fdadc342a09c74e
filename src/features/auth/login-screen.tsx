import { Button, Stack } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'

import type { Credentials } from '@schemas/auth'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, TextField, TextLink } from '@/components/form-fields'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'

import { EmailLinkForm } from './email-link-form'
import { loadAuthCalls } from './load-auth-calls'
import { useCompleteSignIn } from './use-complete-sign-in'

const route = getRouteApi('/auth/login/')

export function LoginScreen() {
  const { via } = route.useSearch()
  return via === 'link' ? <LinkRequest /> : <PasswordSignIn />
}

function PasswordSignIn() {
  const { redirect } = route.useSearch()
  const completeSignIn = useCompleteSignIn()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const login = useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: Credentials) => (await loadAuthCalls()).authApi.login.call({ body }),
    onSuccess: (answer) => completeSignIn(answer, redirect),
  })
  const server = serverErrorOf(login.error, ['email', 'password'])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { auth, bodySchemaOf } = await loadAuthCalls()
    const parsed = bodySchemaOf(auth.login).safeParse({ email, password })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    login.mutate(parsed.data)
  }

  return (
    <AuthCard
      title="Sign in"
      description="Welcome back. Sign in with your e-mail address and password."
      footer={
        <>
          <TextLink to="/auth/forgot-password">Forgot your password?</TextLink>
          <TextLink to="/auth/login" search={{ redirect, via: 'link' }}>
            E-mail me a sign-in link instead
          </TextLink>
        </>
      }
    >
      <form onSubmit={submit} onFocus={() => void loadAuthCalls()} noValidate>
        <Stack gap="4">
          {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onValueChange={setEmail}
            error={errors.email ?? server.fields.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValueChange={setPassword}
            error={errors.password ?? server.fields.password}
          />
          <Button type="submit" loading={login.isPending} loadingText="Signing in…">
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}

function LinkRequest() {
  const { redirect } = route.useSearch()
  return (
    <AuthCard
      title="Sign in by e-mail"
      description="We send a one-time sign-in link to your e-mail address. It works once and expires soon."
      footer={
        <TextLink to="/auth/login" search={{ redirect }}>
          Sign in with your password instead
        </TextLink>
      }
    >
      <EmailLinkForm call="loginLink" submitLabel="E-mail me a sign-in link" />
    </AuthCard>
  )
}
