import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { NETWORK_LABELS, type Network, type NetworkAccount } from '@schemas/earnings'
import { accountsApi, resetEarningsCache } from '@/api/earnings'
import { FormAlert } from '@/components/form-fields'
import { useQuery } from '@/lib/use-deferred-query'

import { memberFields, storeAccount } from './account-cache'
import { ImportProgress } from './import-progress'

/** How often the account is read while an import runs. */
export const SYNC_POLL_MS = 1000

/**
 * "Import now": starts an import from the network, then reads the account every second while it
 * runs, showing its step and progress; at the end a summary, and the dashboard's figures reload.
 */
export function SyncPanel({
  network,
  account,
  memberId,
}: {
  network: Network
  account: NetworkAccount
  memberId: string | undefined
}) {
  const client = useQueryClient()
  const [finished, setFinished] = useState<NetworkAccount | null>(null)
  const running = account.sync.running
  const input = { params: { network }, query: memberFields(memberId) }

  const done = (latest: NetworkAccount) => {
    setFinished(latest)
    void resetEarningsCache(client)
  }

  const start = useMutation({
    mutationKey: ['accounts', 'sync'],
    meta: { errorToast: false },
    mutationFn: () => accountsApi.sync.call({ params: { network }, body: memberFields(memberId) }),
    onMutate: () => setFinished(null),
    onSuccess: ({ data }) => {
      storeAccount(client, network, memberId, data)
      // The answer is the first reading: the next one comes a poll interval later.
      client.setQueryData(accountsApi.account.key(input), { data })
      if (!data.sync.running) done(data)
    },
  })

  // Polls while the account says an import runs (also one started elsewhere, e.g. on schedule).
  useQuery({
    queryKey: accountsApi.account.key(input),
    queryFn: async ({ signal }) => {
      const answer = await accountsApi.account.call(input, signal)
      storeAccount(client, network, memberId, answer.data)
      if (!answer.data.sync.running) done(answer.data)
      return answer
    },
    enabled: running,
    refetchInterval: running ? SYNC_POLL_MS : false,
    staleTime: SYNC_POLL_MS,
  })

  const label = NETWORK_LABELS[network]
  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        <Button
          variant="outline"
          onClick={() => start.mutate()}
          loading={start.isPending}
          disabled={running}
        >
          Import now
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Fetches new transactions{network === 'clickbank' ? ' and hops' : ''} from {label}.
        </Text>
      </HStack>
      {running ? (
        <ImportProgress
          done={account.sync.progress}
          step={account.sync.step || 'Starting the import'}
          label={`${label} import progress`}
        />
      ) : null}
      {start.isError ? <FormAlert status="error">{start.error.message}</FormAlert> : null}
      {finished && !running ? (
        <FormAlert status={finished.lastError ? 'warning' : 'success'} title="Import finished">
          {finished.sync.imported === 1
            ? '1 new row imported.'
            : `${finished.sync.imported} new rows imported.`}
          {finished.lastError ? ` The network reported: ${finished.lastError}` : ''}
        </FormAlert>
      ) : null}
    </Stack>
  )
}
