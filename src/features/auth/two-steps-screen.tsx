import { Button, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import { auth, AUTH_MESSAGES } from '@schemas/auth'
import { authApi } from '@/api/auth'
import { bodySchemaOf } from '@/api/create-api'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, TextField, TextLink } from '@/components/form-fields'
import { StackedForm } from '@/components/stacked-form'
import { useContractForm } from '@/lib/contract-form'

import { clearChallenge, readChallenge } from './challenge'
import { useCompleteSignIn } from './use-complete-sign-in'

export function TwoStepsScreen() {
  const navigate = useNavigate()
  const completeSignIn = useCompleteSignIn()
  const [challenge, setChallenge] = useState(() => readChallenge())
  const verify = authApi.twoSteps.useMutation({
    meta: { errorToast: false },
    onSuccess: (answer) => completeSignIn(answer, challenge?.redirect),
    onError: (error) => {
      // Too many wrong codes void the challenge on the server: only a new sign-in helps.
      if (error.message === AUTH_MESSAGES.challengeInvalid) {
        clearChallenge()
        setChallenge(null)
      }
      form.setValue('code', '')
    },
  })
  const form = useContractForm({
    schema: bodySchemaOf(auth.twoSteps),
    initial: { code: '' },
    toInput: ({ code }) => ({ challenge: challenge?.token, code: code.replace(/\s/g, '') }),
    onSubmit: (body) => verify.mutate({ body }),
    error: verify.error,
  })

  const startOver = () => {
    clearChallenge()
    void navigate({ to: '/auth/login', search: { redirect: challenge?.redirect ?? undefined } })
  }

  if (!challenge) {
    return (
      <AuthCard
        title="Two-step verification"
        description="There is no sign-in waiting for a code in this browser tab, or it has expired."
      >
        {verify.error ? <FormAlert status="error">{verify.error.message}</FormAlert> : null}
        <Text>Sign in with your e-mail address and password to get a new verification step.</Text>
        <TextLink to="/auth/login">Sign in again</TextLink>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Two-step verification"
      description="Your account is protected with two-step verification. Open your authenticator app and enter the 6-digit code it shows for Members Area."
    >
      <StackedForm
        form={form}
        submitLabel="Verify and sign in"
        pending={verify.isPending}
        pendingText="Checking…"
        after={
          <Button type="button" variant="ghost" onClick={startOver}>
            Start over
          </Button>
        }
      >
        <TextField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          required
          autoFocus
          {...form.field('code')}
          onValueChange={(value) => form.setValue('code', value.replace(/[^\d]/g, '').slice(0, 6))}
          helperText="The code changes every 30 seconds."
        />
      </StackedForm>
    </AuthCard>
  )
}
