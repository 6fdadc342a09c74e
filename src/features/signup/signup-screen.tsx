import { Button, SimpleGrid, Stack } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'

import { signupBodySchema } from '@schemas/auth'
import { authApi } from '@/api/auth'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, TextField, TextLink } from '@/components/form-fields'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'
import { startSession } from '@/lib/start-session'

const FIELDS = ['firstName', 'lastName', 'email', 'password'] as const

/** Public sign-up: a new member is signed in at once, exactly as after a password sign-in. */
export function SignupScreen() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    confirm: '',
  })
  const [errors, setErrors] = useState<FieldErrors>({})
  const signup = authApi.signup.useMutation({
    meta: { errorToast: false },
    onSuccess: async ({ token }) => {
      await startSession(queryClient, token)
      await navigate({ to: '/admin/dashboard', replace: true })
    },
  })
  const server = serverErrorOf(signup.error, FIELDS)
  const set = (name: keyof typeof form) => (value: string) =>
    setForm((current) => ({ ...current, [name]: value }))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { confirm, ...body } = form
    const parsed = signupBodySchema.safeParse(body)
    const next: FieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error)
    if (confirm !== form.password) next.confirm = 'The passwords do not match'
    if (!parsed.success || next.confirm) {
      setErrors(next)
      return
    }
    setErrors({})
    signup.mutate({ body: parsed.data })
  }

  return (
    <AuthCard
      title="Create your account"
      description="Join the Members Area: training, tools and your own leads in one place."
      footer={<TextLink to="/auth/login">Already a member? Sign in</TextLink>}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField
              label="First name"
              name="firstName"
              autoComplete="given-name"
              required
              value={form.firstName}
              onValueChange={set('firstName')}
              error={errors.firstName ?? server.fields.firstName}
            />
            <TextField
              label="Last name"
              name="lastName"
              autoComplete="family-name"
              value={form.lastName}
              onValueChange={set('lastName')}
              error={errors.lastName ?? server.fields.lastName}
            />
          </SimpleGrid>
          <TextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onValueChange={set('email')}
            error={errors.email ?? server.fields.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            value={form.password}
            onValueChange={set('password')}
            error={errors.password ?? server.fields.password}
            helperText="At least 8 characters."
          />
          <TextField
            label="Confirm password"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            value={form.confirm}
            onValueChange={set('confirm')}
            error={errors.confirm}
          />
          <Button type="submit" loading={signup.isPending} loadingText="Creating your account…">
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
