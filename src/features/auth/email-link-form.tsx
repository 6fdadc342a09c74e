import { Button, Stack } from '@chakra-ui/react'
import { type FormEvent, useState } from 'react'

import { auth } from '../../../api-schemas/auth'
import type { authApi } from '../../api/auth'
import { bodySchemaOf } from '../../api/create-api'
import { FormAlert, TextField } from '../../components/form-fields'
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '../../lib/form-errors'

/** Both "e-mail me a link" calls take an e-mail and answer a message. */
type LinkRequest = typeof authApi.forgotPassword | typeof authApi.loginLink

/** The e-mail form behind "send me a reset link" and "send me a sign-in link". */
export function EmailLinkForm({ api, submitLabel }: { api: LinkRequest; submitLabel: string }) {
  const [email, setEmail] = useState('')
  const [errors, setErrors] = useState<FieldErrors>({})
  const request = api.useMutation({ meta: { errorToast: false } })
  const server = serverErrorOf(request.error, ['email'])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Both calls share this body schema.
    const parsed = bodySchemaOf(auth.forgotPassword).safeParse({ email })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    request.mutate({ body: parsed.data })
  }

  return (
    <form onSubmit={submit} noValidate>
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
