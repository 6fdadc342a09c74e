import { Button, Flex, Stack } from '@chakra-ui/react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import { accounts, NETWORK_LABELS, type Network, type NetworkAccount } from '@schemas/earnings'
import { bodySchemaOf } from '@/api/create-api'
import { accountsApi, resetEarningsCache } from '@/api/earnings'
import { FormError, TextField } from '@/components/form-fields'
import { ConfirmDialog } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

import { memberFields, storeAccount } from './account-cache'

/** What each network calls the account id, and the body field it travels in. */
const ID_FIELD = {
  clickbank: { name: 'nickname', label: 'Account nickname', help: '5 to 10 letters and digits.' },
  digistore24: {
    name: 'affiliateId',
    label: 'Affiliate id',
    help: 'Your Digistore24 user name, as in your affiliate links.',
  },
} as const

const createSchema = bodySchemaOf(accounts.createMemberInfo)
const saveDgSchema = bodySchemaOf(accounts.saveDgMemberInfo)

interface SaveInput {
  id: string
  apiKey?: string
  /** The id before this save, when there was an account. */
  previousId: string | null
}

/** The account id, under the body field its network sends it in, and the API key. */
interface AccountValues {
  apiKey: string
  [idField: string]: string
}

/** The account id and API key of one network; the key is write-only (only its hint comes back). */
export function AccountForm({
  network,
  account,
  memberId,
}: {
  network: Network
  account: NetworkAccount | null
  memberId: string | undefined
}) {
  const client = useQueryClient()
  const idField = ID_FIELD[network]
  const label = NETWORK_LABELS[network]
  const [confirming, setConfirming] = useState<SaveInput | null>(null)

  const save = useMutation({
    mutationKey: ['accounts', network === 'clickbank' ? 'createMemberInfo' : 'saveDgMemberInfo'],
    meta: { errorToast: false },
    mutationFn: ({ id: affiliateId, apiKey: key }: SaveInput) => {
      const member = memberFields(memberId)
      return network === 'clickbank'
        ? accountsApi.createMemberInfo.call({
            body: { ...member, nickname: affiliateId, apiKey: key },
          })
        : accountsApi.saveDgMemberInfo.call({ body: { ...member, affiliateId, apiKey: key } })
    },
    onSuccess: async ({ data }, { previousId }) => {
      storeAccount(client, network, memberId, data)
      form.setValues({ [idField.name]: data.affiliateId, apiKey: '' })
      setConfirming(null)
      toast.success(`${label} account saved`)
      // Figures of the old id are gone: nothing cached may show them any more.
      if (previousId !== null && previousId !== data.affiliateId) await resetEarningsCache(client)
    },
    onError: () => setConfirming(null),
  })
  const form = useContractForm({
    // Checked with the contract's own rules, so messages match the server's.
    schema: network === 'clickbank' ? createSchema : saveDgSchema,
    initial: (): AccountValues => ({ [idField.name]: account?.affiliateId ?? '', apiKey: '' }),
    toInput: ({ apiKey, ...id }) => ({
      ...memberFields(memberId),
      ...id,
      ...(apiKey.trim() ? { apiKey } : {}),
    }),
    onSubmit: (checked) => {
      const input: SaveInput = {
        id: 'nickname' in checked ? checked.nickname : checked.affiliateId,
        ...(checked.apiKey ? { apiKey: checked.apiKey } : {}),
        previousId: account?.affiliateId ?? null,
      }
      if (account && account.transactions > 0 && input.id !== account.affiliateId) {
        setConfirming(input)
        return
      }
      save.mutate(input)
    },
    error: save.error,
  })

  return (
    <form onSubmit={form.submit} noValidate aria-label={`${label} account`}>
      <Stack gap="4">
        <FormError message={form.formError ?? form.errorOf('member_id')} />
        <TextField
          label={idField.label}
          {...form.field(idField.name)}
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          required
          helperText={idField.help}
        />
        <TextField
          label="API key"
          {...form.field('apiKey')}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          maxLength={200}
          helperText={
            account?.hasApiKey && account.apiKeyHint
              ? `Stored key ${account.apiKeyHint} — leave empty to keep it.`
              : `The API key from your ${label} account. It is stored encrypted and never shown again.`
          }
        />
        <Flex justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Flex>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={`Change the ${label} account?`}
        description={
          account
            ? `The figures imported for ${account.affiliateId} (${account.transactions} transactions) are removed. Figures for ${confirming?.id ?? 'the new id'} are imported on the next sync.`
            : undefined
        }
        confirmLabel="Change account"
        pending={save.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && save.mutate(confirming)}
      />
    </form>
  )
}
