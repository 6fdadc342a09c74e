import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink } from '@tanstack/react-router'

import { NETWORK_LABELS, type Network } from '@schemas/earnings'
import { FormAlert } from '@/components/form-fields'
import { ErrorState, PageHeader, PageSpinner } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import { clickbankInfoOptions, digistoreInfoOptions } from './account-cache'
import { AccountCard } from './account-card'

const route = getRouteApi('/admin/accountdetail')

const crumbs = [{ label: 'Home', to: '/admin/dashboard' as const }, { label: 'Affiliate accounts' }]

/**
 * The member's ClickBank and Digistore24 accounts (an administrator: any member's, with
 * `?member_id=`), where figures for the dashboard come from.
 */
export function AccountDetailScreen() {
  const { member_id: memberId } = route.useSearch()
  const clickbank = useQuery(clickbankInfoOptions(memberId))
  const digistore = useQuery(digistoreInfoOptions(memberId))

  if (clickbank.isPending || digistore.isPending) {
    return <PageSpinner label="Loading the affiliate accounts" />
  }

  const slot = (network: Network) => {
    const query = network === 'clickbank' ? clickbank : digistore
    if (query.isError) {
      return (
        <ErrorState
          key={network}
          title={`The ${NETWORK_LABELS[network]} account could not be loaded`}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )
    }
    const account =
      network === 'clickbank'
        ? (clickbank.data?.data.clickbank ?? null)
        : (digistore.data?.data.digistore24 ?? null)
    return (
      <AccountCard
        key={network}
        network={network}
        account={account}
        memberId={memberId}
        loadedAt={query.dataUpdatedAt}
      />
    )
  }

  const managed = memberId ? clickbank.data?.data.member.email : undefined
  return (
    <Box>
      <PageHeader
        title="Affiliate accounts"
        crumbs={crumbs}
        actions={
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/admin/dashboard">See the earnings</RouterLink>
          </Button>
        }
      />
      <Stack gap="6">
        {memberId ? (
          <FormAlert status="info">
            You are managing the affiliate accounts of {managed ?? 'another member'}.
          </FormAlert>
        ) : null}
        <Text color="fg.muted" maxW="3xl">
          Your dashboard’s earnings come from these accounts. API keys are stored encrypted and
          never shown again; figures are imported automatically, or now with “Import now”, or from a
          CSV export of the network.
        </Text>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
          {slot('clickbank')}
          {slot('digistore24')}
        </SimpleGrid>
      </Stack>
    </Box>
  )
}
