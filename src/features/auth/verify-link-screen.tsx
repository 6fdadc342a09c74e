import { Button, Stack, Text } from '@chakra-ui/react'
import { getRouteApi } from '@tanstack/react-router'

import { authApi } from '@/api/auth'
import { AuthCard } from '@/components/blank-layout'
import { FormAlert, TextLink } from '@/components/form-fields'

import { useCompleteSignIn } from './use-complete-sign-in'

const route = getRouteApi('/auth/login/verify/$token')

/**
 * The page an e-mailed sign-in link opens. The link is used only when the member presses the
 * button: mail scanners that open links must not spend it.
 */
export function VerifyLinkScreen() {
  const { token } = route.useParams()
  const completeSignIn = useCompleteSignIn()
  const verify = authApi.verifyLoginLink.useMutation({
    meta: { errorToast: false },
    onSuccess: (answer) => completeSignIn(answer, null),
  })

  return (
    <AuthCard
      title="Sign in with your e-mail link"
      description="This link signs you in to Members Area once. Press the button to continue."
      footer={
        <TextLink to="/auth/login" search={{ via: 'link' }}>
          Request a new sign-in link
        </TextLink>
      }
    >
      <Stack gap="4">
        {verify.error ? (
          <FormAlert status="error" title="This link cannot be used">
            {verify.error.message}
          </FormAlert>
        ) : (
          <Text color="fg.muted">If you did not ask for this link, you can close this page.</Text>
        )}
        <Button
          loading={verify.isPending}
          loadingText="Signing in…"
          disabled={verify.error?.status === 400}
          onClick={() => verify.mutate({ body: { token } })}
        >
          Sign me in
        </Button>
      </Stack>
    </AuthCard>
  )
}
