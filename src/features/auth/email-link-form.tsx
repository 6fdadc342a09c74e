import { useMutation } from '@tanstack/react-query'

import { FormAlert } from '@/components/form-fields'
import { EmailField, StackedForm } from '@/components/stacked-form'
import { useContractForm } from '@/lib/contract-form'
import { prefetch } from '@/lib/prefetch'

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
    <StackedForm
      form={form}
      submitLabel={submitLabel}
      pending={request.isPending}
      pendingText="Sending…"
      onFocus={() => prefetch(loadAuthCalls)}
    >
      {request.isSuccess ? (
        <FormAlert status="success" title="Check your inbox">
          {request.data.data.message}
        </FormAlert>
      ) : null}
      <EmailField {...form.field('email')} />
    </StackedForm>
  )
}
