import { Button, Stack } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'

import { FormAlert, TextField } from '@/components/form-fields'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'

import { loadAuthCalls } from './load-auth-calls'

/**
 * The e-mail form behind "send me a reset link" and "send me a sign-in link": both calls take
 * an e-mail and answer a message.
 */
export function EmailLinkForm({
  call,
  submitLabel,
}: {
  call: 'forgotPassword' | 'loginLink'
  submitLabel: string
}) {
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const request = useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: { email: string }) =>
      (await loadAuthCalls()).authApi[call].call({ body }),
  })
  const server = serverErrorOf(request.error, ['email'])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const { auth, bodySchemaOf } = await loadAuthCalls()
    const parsed = bodySchemaOf(auth[call]).safeParse({ email })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    request.mutate(parsed.data)
  }

  return (
    <form onSubmit={submit} onFocus={() => void loadAuthCalls()} noValidate>
      <Stack gap="4">
        {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
        {request.isSuccess ? (
          <FormAlert status="success" title="Check your inbox">
            {request.data.data.message}
          </FormAlert>
        ) : null}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
          error={errors.email ?? server.fields.email}
        />
        <Button type="submit" loading={request.isPending} loadingText="Sending…">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
