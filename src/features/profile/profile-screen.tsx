import { Grid, Stack } from '@chakra-ui/react'

import { useOwnProfile } from '@/api/members'
import { Card, ErrorState, PageHeader, PageSpinner } from '@/components/ui'
import { storedEmail } from '@/lib/session'

import { ProfileForm } from './profile-form'
import { ChangeEmailForm, ChangePasswordForm, TwoStepSection } from './security-forms'

/** The member's own profile, e-mail address, password and two-step verification. */
export function ProfileScreen() {
  const email = storedEmail() ?? ''
  const profile = useOwnProfile()

  return (
    <>
      <PageHeader
        title="Profile"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Profile' }]}
      />
      {profile.isPending && email ? (
        <PageSpinner label="Loading your profile" />
      ) : profile.isError || !profile.data ? (
        <ErrorState
          title="Your profile could not be loaded"
          message={profile.error?.message ?? 'Sign in again to edit your profile.'}
          onRetry={email ? () => void profile.refetch() : undefined}
          retrying={profile.isFetching}
        />
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
          <Card title="Your details">
            <ProfileForm key={profile.data.data.email} profile={profile.data.data} />
          </Card>
          <Stack gap="6">
            <Card title="Change e-mail">
              <ChangeEmailForm profile={profile.data.data} />
            </Card>
            <Card title="Change password">
              <ChangePasswordForm email={profile.data.data.email} />
            </Card>
            <Card title="Two-step verification">
              <TwoStepSection profile={profile.data.data} />
            </Card>
          </Stack>
        </Grid>
      )}
    </>
  )
}
