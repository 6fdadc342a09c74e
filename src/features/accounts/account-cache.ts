import type { QueryClient } from '@tanstack/react-query'

import type { Network, NetworkAccount } from '@schemas/earnings'
import { accountsApi } from '@/api/earnings'
import { membersApi } from '@/api/members'

/** `member_id` when an administrator manages someone else's accounts; nothing for the own. */
export const memberFields = (memberId: string | undefined) =>
  memberId ? { member_id: memberId } : {}

/** The member-info reads, keyed exactly as the dashboard keys them for the own accounts. */
export const clickbankInfoOptions = (memberId: string | undefined) =>
  membersApi.memberInfo.queryOptions(memberId ? { query: { member_id: memberId } } : {})

export const digistoreInfoOptions = (memberId: string | undefined) =>
  accountsApi.dgMemberInfo.queryOptions(memberId ? { query: { member_id: memberId } } : {})

/** Puts an account's latest state (null: disconnected) where every screen reads it from. */
export function storeAccount(
  client: QueryClient,
  network: Network,
  memberId: string | undefined,
  account: NetworkAccount | null,
) {
  if (network === 'clickbank') {
    client.setQueryData(clickbankInfoOptions(memberId).queryKey, (info) =>
      info ? { data: { ...info.data, clickbank: account } } : info,
    )
  } else {
    client.setQueryData(digistoreInfoOptions(memberId).queryKey, {
      data: { digistore24: account },
    })
  }
}

/** Reloads both reads, e.g. after an import changed how many transactions are stored. */
export async function reloadAccounts(client: QueryClient, memberId: string | undefined) {
  await Promise.all([
    client.invalidateQueries({ queryKey: clickbankInfoOptions(memberId).queryKey }),
    client.invalidateQueries({ queryKey: digistoreInfoOptions(memberId).queryKey }),
  ])
}
