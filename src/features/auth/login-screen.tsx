import { useMutation } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'

import type { Credentials } from '@schemas/auth'
import { AuthCard } from '@/components/blank-layout'
import { TextLink } from '@/components/form-fields'
import { EmailField, PasswordField, StackedForm } from '@/components/stacked-form'
import { useContractForm } from '@/lib/contract-form'
import { prefetch } from '@/lib/prefetch'

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
  const login = useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: Credentials) => (await loadAuthCalls()).authApi.login.call({ body }),
    onSuccess: (answer) => completeSignIn(answer, redirect),
  })
  const form = useContractForm({
    schema: async () => {
      const { auth, bodySchemaOf } = await loadAuthCalls()
      return bodySchemaOf(auth.login)
    },
    initial: { email: '', password: '' },
    onSubmit: (body) => login.mutate(body),
    error: login.error,
  })

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
      <StackedForm
        form={form}
        submitLabel="Sign in"
        pending={login.isPending}
        pendingText="Signing in…"
        onFocus={() => prefetch(loadAuthCalls)}
      >
        <EmailField autoComplete="username" {...form.field('email')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
        />
      </StackedForm>
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
