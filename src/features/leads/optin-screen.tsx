import { Box, Button, Checkbox, Field, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'

import { captureBodySchema } from '@schemas/leads'
import { leadsApi } from '@/api/leads'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, FormError, TextField } from '@/components/form-fields'
import { PageSpinner } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'

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
    <form onSubmit={form.submit} noValidate>
      <Stack gap="4">
        <FormError message={form.formError} />
        <TextField label="Name" autoComplete="name" required {...form.field('name')} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          required
          {...form.field('email')}
        />
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
          <Checkbox.Root
            name="consent"
            checked={form.values.consent}
            onCheckedChange={(details) => form.setValue('consent', details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>I agree to be contacted by e-mail</Checkbox.Label>
          </Checkbox.Root>
          {consentError ? <Field.ErrorText>{consentError}</Field.ErrorText> : null}
        </Field.Root>
        <Button type="submit" loading={capture.isPending} loadingText="Sending…">
          Sign me up
        </Button>
        <Text fontSize="xs" color="fg.muted">
          You can ask to be removed at any time.
        </Text>
      </Stack>
    </form>
  )
}
