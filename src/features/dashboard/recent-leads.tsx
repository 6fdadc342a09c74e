import { Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'

import { areaRequestSubject, hasArea, lockedMessage } from '@schemas/access'
import { leadsApi } from '@/api/leads'
import { useOwnProfile } from '@/api/members'
import { lockedAreaOf } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { Card, PanelQuery } from '@/components/ui'
import { storedEmail } from '@/lib/session'
import { useQuery } from '@/lib/use-deferred-query'

import { PersonItem } from './person-item'

const SHOWN = 5

/** The five newest leads; a member without the viral-leads area sees why instead of an error. */
export function RecentLeads() {
  const email = storedEmail() ?? ''
  const profile = useOwnProfile()
  const member = profile.data?.data
  // Without a readable profile the call itself decides: its 403 shows the same note.
  const granted = !member || hasArea(member, 'viralLeads')
  const leads = useQuery({
    ...leadsApi.list.queryOptions({ query: { email, pageSize: SHOWN } }),
    enabled: email !== '' && !profile.isPending && granted,
  })
  const locked = !granted || lockedAreaOf(leads.error) === 'viralLeads'

  return (
    <Card
      title="Recent leads"
      action={
        locked ? null : (
          <Link asChild fontSize="sm" color="primary.fg">
            <RouterLink to="/admin/sheet/leads">See all leads</RouterLink>
          </Link>
        )
      }
    >
      {locked ? (
        <Stack gap="3" align="flex-start" data-testid="leads-locked">
          <HStack gap="2" color="fg.muted">
            <AppIcon name="lock" size="18px" />
            <Text fontSize="sm">{lockedMessage('viralLeads')}</Text>
          </HStack>
          <Button asChild size="xs" variant="outline">
            <RouterLink
              to="/admin/contactus"
              search={{ subject: areaRequestSubject('viralLeads') }}
            >
              Ask us to open it
            </RouterLink>
          </Button>
        </Stack>
      ) : (
        // While the profile loads the list is not asked for: it shows as loading.
        <PanelQuery query={leads} loading="Loading leads" failed="Leads could not be loaded">
          {({ data }) =>
            data.items.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                No leads yet. Share your opt-in link to collect some.
              </Text>
            ) : (
              <Stack as="ul" gap="3" listStyleType="none" aria-label="Newest leads">
                {data.items.map((lead) => (
                  <PersonItem
                    key={lead.id}
                    title={lead.name}
                    detail={lead.email}
                    createdAt={lead.createdAt}
                  />
                ))}
              </Stack>
            )
          }
        </PanelQuery>
      )}
    </Card>
  )
}
