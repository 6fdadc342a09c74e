import { Button, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'

import { auth, AUTH_MESSAGES } from '@schemas/auth'
import { authApi } from '@/api/auth'
import { bodySchemaOf } from '@/api/create-api'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, TextField, TextLink } from '@/components/form-fields'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'

import { clearChallenge, readChallenge } from './challenge'
import { useCompleteSignIn } from './use-complete-sign-in'

export function TwoStepsScreen() {
  const navigate = useNavigate()
  const completeSignIn = useCompleteSignIn()
  const [challenge, setChallenge] = useState(() => readChallenge())
  const [code, setCode] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const verify = authApi.twoSteps.useMutation({
    meta: { errorToast: false },
    onSuccess: (answer) => completeSignIn(answer, challenge?.redirect),
    onError: (error) => {
      // Too many wrong codes void the challenge on the server: only a new sign-in helps.
      if (error.message === AUTH_MESSAGES.challengeInvalid) {
        clearChallenge()
        setChallenge(null)
      }
      setCode('')
    },
  })
  const server = serverErrorOf(verify.error, ['code'])

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

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = code.replace(/\s/g, '')
    const parsed = bodySchemaOf(auth.twoSteps).safeParse({
      challenge: challenge.token,
      code: trimmed,
    })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    verify.mutate({ body: parsed.data })
  }

  return (
    <AuthCard
      title="Two-step verification"
      description="Your account is protected with two-step verification. Open your authenticator app and enter the 6-digit code it shows for Members Area."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
          <TextField
            label="Verification code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            autoFocus
            value={code}
            onValueChange={(value) => setCode(value.replace(/[^\d]/g, '').slice(0, 6))}
            error={errors.code ?? server.fields.code}
            helperText="The code changes every 30 seconds."
          />
          <Button type="submit" loading={verify.isPending} loadingText="Checking…">
            Verify and sign in
          </Button>
          <Button type="button" variant="ghost" onClick={startOver}>
            Start over
          </Button>
        </Stack>
      </form>
    </AuthCard>
  )
}
