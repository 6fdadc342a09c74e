import { Box, Button, Field, Text } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'

import { captureBodySchema } from '@schemas/leads'
import { leadsApi } from '@/api/leads'
import { AuthCard } from '@/components/blank-layout'
import { CheckboxField } from '@/components/checkbox-field'
import { FormAlert, TextField } from '@/components/form-fields'
import { EmailField, StackedForm } from '@/components/stacked-form'
import { PageSpinner } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { useQuery } from '@/lib/use-deferred-query'

const route = getRouteApi('/optin/$key')

/** What a visitor of a member's opt-in link sees: a short form, then a thank-you. */
export function OptinScreen() {
  const { key } = route.useParams()
  const { done } = route.useSearch()
  const form = useQuery({ ...leadsApi.publicForm.queryOptions({ params: { key } }), retry: false })
  const [sent, setSent] = useState(false)

  if (done === 1 || sent) {
    return (
      <AuthCard title="Thank you!" description="You are on the list. Watch your inbox for updates.">
        <FormAlert status="success">Your details were received.</FormAlert>
      </AuthCard>
    )
  }
  if (form.isPending) return <PageSpinner label="Loading the form" />
  if (form.isError) {
    const gone = form.error.status === 404 || form.error.status === 400
    return (
      <AuthCard
        title={gone ? 'This form is no longer available' : 'The form could not be loaded'}
        description={
          gone
            ? 'The link may have been replaced by its owner. Ask them for the current one.'
            : form.error.message
        }
      >
        {gone ? null : (
          <Button variant="outline" onClick={() => void form.refetch()} loading={form.isFetching}>
            Try again
          </Button>
        )}
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={`Get updates from ${form.data.data.ownerName}`}
      description="Leave your name and e-mail address to receive news and offers."
    >
      <CaptureForm formKey={key} onDone={() => setSent(true)} />
    </AuthCard>
  )
}

function CaptureForm({ formKey, onDone }: { formKey: string; onDone: () => void }) {
  const capture = leadsApi.capture.useMutation({ meta: { errorToast: false }, onSuccess: onDone })
  const form = useContractForm({
    schema: captureBodySchema,
    initial: { name: '', email: '', consent: false, website: '' },
    toInput: ({ consent, website, ...rest }) => ({
      ...rest,
      consent: consent ? true : undefined,
      website: website || undefined,
    }),
    onSubmit: (body) => capture.mutate({ params: { key: formKey }, body }),
    error: capture.error,
  })

  const consentError = form.errorOf('consent')
  return (
    <StackedForm
      form={form}
      submitLabel="Sign me up"
      pending={capture.isPending}
      pendingText="Sending…"
      after={
        <Text fontSize="xs" color="fg.muted">
          You can ask to be removed at any time.
        </Text>
      }
    >
      <TextField label="Name" autoComplete="name" required {...form.field('name')} />
      <EmailField {...form.field('email')} />
      {/* People never see this field; form-filling robots do, and fill it. */}
      <Box position="absolute" left="-10000px" aria-hidden="true">
        <label>
          Website
          <input
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={form.values.website}
            onChange={(e) => form.setValue('website', e.target.value)}
          />
        </label>
      </Box>
      <Field.Root invalid={Boolean(consentError)} required>
        <CheckboxField
          name="consent"
          label="I agree to be contacted by e-mail"
          checked={form.values.consent}
          onCheckedChange={(consent) => form.setValue('consent', consent)}
        />
        {consentError ? <Field.ErrorText>{consentError}</Field.ErrorText> : null}
      </Field.Root>
    </StackedForm>
  )
}
