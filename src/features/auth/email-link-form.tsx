import { Button, Stack } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'

import { FormAlert, FormError, TextField } from '@/components/form-fields'
import { useContractForm } from '@/lib/contract-form'

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
  const request = useMutation({
    meta: { errorToast: false },
    mutationFn: async (body: { email: string }) =>
      (await loadAuthCalls()).authApi[call].call({ body }),
  })
  const form = useContractForm({
    schema: async () => {
      const { auth, bodySchemaOf } = await loadAuthCalls()
      return bodySchemaOf(auth[call])
    },
    initial: { email: '' },
    onSubmit: (body) => request.mutate(body),
    error: request.error,
  })

  return (
    <form onSubmit={form.submit} onFocus={() => void loadAuthCalls()} noValidate>
      <Stack gap="4">
        <FormError message={form.formError} />
        {request.isSuccess ? (
          <FormAlert status="success" title="Check your inbox">
            {request.data.data.message}
          </FormAlert>
        ) : null}
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
        <Button type="submit" loading={request.isPending} loadingText="Sending…">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  )
}
