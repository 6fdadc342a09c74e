import { Badge, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'

import { areaKind, areaRequestSubject, AREAS } from '@schemas/access'
import { OwnProfile } from '@/components/own-profile'
import { Screen } from '@/components/screen'
import { Card } from '@/components/ui'

import { AREA_DETAILS, OFFER_PAGES } from './area-details'

/** The area catalogue: what the member has, what the others give, and how to ask for them. */
export function UpgradeScreen() {
  return (
    <Screen title="Upgrade">
      <OwnProfile
        loading="Loading your membership"
        failed="Your membership could not be loaded"
        signedOut="Sign in again to see your membership."
      >
        {(profile) => (
          <Catalogue isAdmin={profile.role === 'admin'} areas={new Set(profile.areas)} />
        )}
      </OwnProfile>
    </Screen>
  )
}

function Catalogue({ isAdmin, areas }: { isAdmin: boolean; areas: Set<string> }) {
  return (
    <Stack gap="5">
      <Text color="fg.muted">
        {isAdmin
          ? 'As an administrator you can open every area.'
          : 'Areas marked “Included” are part of your membership. To add another, send us a message and we will set it up for you.'}
      </Text>
      <SimpleGrid
        columns={{ base: 1, md: 2, xl: 3 }}
        gap="5"
        as="ul"
        listStyleType="none"
        aria-label="Membership areas"
      >
        {AREAS.map((area) => {
          const included = isAdmin || areas.has(area.key)
          return (
            <Card key={area.key} as="li" aria-labelledby={`area-${area.key}`}>
              <Stack gap="3" h="full">
                <Flex justify="space-between" align="start" gap="3">
                  <Heading as="h2" size="md" id={`area-${area.key}`}>
                    {area.label}
                  </Heading>
                  {included ? (
                    <Badge colorPalette="green" flexShrink={0}>
                      Included
                    </Badge>
                  ) : (
                    <Badge colorPalette="gray" flexShrink={0}>
                      {areaKind(area.key)}
                    </Badge>
                  )}
                </Flex>
                <Text color="fg.muted" flex="1">
                  {AREA_DETAILS[area.key]}
                </Text>
                {area.key in OFFER_PAGES ? (
                  <Link to={OFFER_PAGES[area.key as keyof typeof OFFER_PAGES]}>
                    What {area.label.replace(/^Upgrade \d: /, '')} includes
                  </Link>
                ) : null}
                {included ? null : (
                  <Button
                    asChild
                    size="sm"
                    alignSelf="start"
                    variant={area.free ? 'outline' : 'solid'}
                  >
                    <Link to="/admin/contactus" search={{ subject: areaRequestSubject(area.key) }}>
                      {area.free ? 'Ask us to open it' : 'Contact us to upgrade'}
                    </Link>
                  </Button>
                )}
              </Stack>
            </Card>
          )
        })}
      </SimpleGrid>
    </Stack>
  )
}
