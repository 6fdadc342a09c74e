import { Grid, Stack } from '@chakra-ui/react'

import { OwnProfile } from '@/components/own-profile'
import { Screen } from '@/components/screen'
import { Card } from '@/components/ui'

import { ProfileForm } from './profile-form'
import { ChangeEmailForm, ChangePasswordForm, TwoStepSection } from './security-forms'
import { TimeZoneCard } from './time-zone-card'

/** The member's own profile, e-mail address, password, two-step verification and time zone. */
export function ProfileScreen() {
  return (
    <Screen title="Profile">
      <OwnProfile
        loading="Loading your profile"
        failed="Your profile could not be loaded"
        signedOut="Sign in again to edit your profile."
      >
        {(profile) => (
          <Grid templateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap="6" alignItems="start">
            <Card title="Your details">
              <ProfileForm key={profile.email} profile={profile} />
            </Card>
            <Stack gap="6">
              <Card title="Change e-mail">
                <ChangeEmailForm profile={profile} />
              </Card>
              <Card title="Change password">
                <ChangePasswordForm email={profile.email} />
              </Card>
              <Card title="Two-step verification">
                <TwoStepSection profile={profile} />
              </Card>
              <TimeZoneCard profile={profile} />
            </Stack>
          </Grid>
        )}
      </OwnProfile>
    </Screen>
  )
}
