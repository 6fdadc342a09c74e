import { SimpleGrid } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'

import { signupBodySchema } from '@schemas/auth'
import { authApi } from '@/api/auth'
import { AuthCard } from '@/components/blank-layout'
import { TextField, TextLink } from '@/components/form-fields'
import { EmailField, PasswordField, StackedForm } from '@/components/stacked-form'
import { confirmError, useContractForm } from '@/lib/contract-form'
import { startSession } from '@/lib/start-session'

/** Public sign-up: a new member is signed in at once, exactly as after a password sign-in. */
export function SignupScreen() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const signup = authApi.signup.useMutation({
    meta: { errorToast: false },
    onSuccess: async ({ token }) => {
      await startSession(queryClient, token)
      await navigate({ to: '/admin/dashboard', replace: true })
    },
  })
  const form = useContractForm({
    schema: signupBodySchema,
    initial: { firstName: '', lastName: '', email: '', password: '', confirm: '' },
    toInput: ({ confirm: _, ...body }) => body,
    check: ({ password, confirm }) => confirmError(password, confirm),
    onSubmit: (body) => signup.mutate({ body }),
    error: signup.error,
  })

  return (
    <AuthCard
      title="Create your account"
      description="Join the Members Area: training, tools and your own leads in one place."
      footer={<TextLink to="/auth/login">Already a member? Sign in</TextLink>}
    >
      <StackedForm
        form={form}
        submitLabel="Create account"
        pending={signup.isPending}
        pendingText="Creating your account…"
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <TextField
            label="First name"
            autoComplete="given-name"
            required
            {...form.field('firstName')}
          />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        </SimpleGrid>
        <EmailField {...form.field('email')} />
        <PasswordField
          label="Password"
          helperText="At least 8 characters."
          {...form.field('password')}
        />
        <PasswordField label="Confirm password" {...form.field('confirm')} />
      </StackedForm>
    </AuthCard>
  )
}
