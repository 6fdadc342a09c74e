import {
  Alert,
  Badge,
  Button,
  DataList,
  Heading,
  HStack,
  Separator,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'

import { NETWORK_LABELS, type Network, type NetworkAccount } from '@schemas/earnings'
import { accountsApi, resetEarningsCache } from '@/api/earnings'
import { FormAlert } from '@/components/form-fields'
import { Card, ConfirmDialog } from '@/components/ui'
import { formatDateTime, timeAgo } from '@/lib/time-ago'
import { toast } from '@/lib/toast'

import { memberFields, storeAccount } from './account-cache'
import { AccountForm } from './account-form'
import { CsvImport } from './csv-import'
import { SyncPanel } from './sync-panel'

const INTRO: Record<Network, string> = {
  clickbank:
    'Connect your ClickBank affiliate account with its nickname and an API key (ClickBank: Settings › API Keys) to import your orders and hops.',
  digistore24:
    'Connect your Digistore24 affiliate id and an API key with read access (Digistore24: Settings › Account access › API keys) to import your transactions.',
}

/** One network: its status, the id and key form, test, import, CSV import and disconnect. */
export function AccountCard({
  network,
  account,
  memberId,
  loadedAt,
}: {
  network: Network
  account: NetworkAccount | null
  memberId: string | undefined
  /** When the account was read: "3 minutes ago" counts from here. */
  loadedAt: number
}) {
  const label = NETWORK_LABELS[network]
  return (
    <Card
      title={label}
      action={
        <Badge
          colorPalette={account?.hasApiKey ? 'green' : account ? 'orange' : 'gray'}
          variant="subtle"
        >
          {account?.hasApiKey ? 'Connected' : account ? 'CSV imports only' : 'Not connected'}
        </Badge>
      }
      data-testid={`account-${network}`}
    >
      <Stack gap="6">
        {account ? (
          <AccountStatus account={account} loadedAt={loadedAt} />
        ) : (
          <Text color="fg.muted">{INTRO[network]}</Text>
        )}
        <AccountForm
          key={`${memberId ?? 'own'}-${account?.affiliateId ?? 'none'}`}
          network={network}
          account={account}
          memberId={memberId}
        />
        {account?.hasApiKey ? (
          <>
            <Section title="Connection">
              <TestConnection network={network} memberId={memberId} />
            </Section>
            <Section title={`Import from ${label}`}>
              <SyncPanel network={network} account={account} memberId={memberId} />
            </Section>
          </>
        ) : account ? (
          <Section title={`Import from ${label}`}>
            <Text fontSize="sm" color="fg.muted">
              No API key is stored, so {label} is not called: the figures come from the CSV exports
              you import below. Save an API key above to test the connection and import from {label}{' '}
              directly.
            </Text>
          </Section>
        ) : null}
        <Section title="Import a CSV export">
          <CsvImport network={network} memberId={memberId} connected={account !== null} />
        </Section>
        {account ? (
          <Section title="Disconnect">
            <Disconnect network={network} memberId={memberId} />
          </Section>
        ) : null}
      </Stack>
    </Card>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="3">
      <Separator />
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

function AccountStatus({ account, loadedAt }: { account: NetworkAccount; loadedAt: number }) {
  return (
    <Stack gap="3">
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel minW="40">Transactions stored</DataList.ItemLabel>
          <DataList.ItemValue>{account.transactions.toLocaleString('en')}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minW="40">Last successful import</DataList.ItemLabel>
          <DataList.ItemValue>
            {account.lastSyncAt ? (
              <time dateTime={account.lastSyncAt} title={formatDateTime(account.lastSyncAt)}>
                {timeAgo(account.lastSyncAt, loadedAt)} ({formatDateTime(account.lastSyncAt)})
              </time>
            ) : (
              'Never'
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {account.lastError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The last import failed</Alert.Title>
            <Alert.Description>{account.lastError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
    </Stack>
  )
}

/** Only for an account with a stored key: the test calls the network with it. */
function TestConnection({ network, memberId }: { network: Network; memberId: string | undefined }) {
  const test = useMutation({
    mutationKey: ['accounts', 'testConnection'],
    meta: { errorToast: false },
    mutationFn: () =>
      accountsApi.testConnection.call({ params: { network }, body: memberFields(memberId) }),
    onSuccess: ({ data }) => toast.success(data.message),
  })
  const label = NETWORK_LABELS[network]
  return (
    <Stack gap="3">
      <HStack gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={() => test.mutate()} loading={test.isPending}>
          Test connection
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Calls {label} once with the stored key.
        </Text>
      </HStack>
      {test.isError ? (
        <FormAlert status="error" title="The connection failed">
          {test.error.message}
        </FormAlert>
      ) : null}
    </Stack>
  )
}

function Disconnect({ network, memberId }: { network: Network; memberId: string | undefined }) {
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const label = NETWORK_LABELS[network]
  const remove = useMutation({
    mutationKey: ['accounts', 'disconnect'],
    mutationFn: () =>
      accountsApi.disconnect.call({ params: { network }, query: memberFields(memberId) }),
    onSuccess: async ({ data }) => {
      setOpen(false)
      storeAccount(client, network, memberId, null)
      client.removeQueries({
        queryKey: accountsApi.account.key({ params: { network }, query: memberFields(memberId) }),
      })
      toast.success(data.message)
      await resetEarningsCache(client)
    },
  })
  return (
    <HStack gap="3" flexWrap="wrap">
      <Button variant="outline" colorPalette="red" onClick={() => setOpen(true)}>
        Disconnect
      </Button>
      <Text fontSize="sm" color="fg.muted">
        Removes the {label} account and its imported figures.
      </Text>
      <ConfirmDialog
        open={open}
        title={`Disconnect ${label}?`}
        description="This removes the account and the figures imported for it."
        confirmLabel="Disconnect"
        pending={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => remove.mutate()}
      />
    </HStack>
  )
}
