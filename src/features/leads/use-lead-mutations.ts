import type { QueryClient, QueryKey } from '@tanstack/react-query'

import type { Lead } from '@schemas/leads'
import type { MemberPage } from '@schemas/members'
import { leadsApi } from '@/api/leads'
import { toast } from '@/lib/toast'

type LeadPage = { data: Omit<MemberPage, 'items'> & { items: Lead[] } }

/** Every cached page of the lead list, whatever its search, sort and page. */
const listPrefix = ['leads', 'list'] as const

type Snapshot = [QueryKey, LeadPage | undefined][]

/** What onMutate hands to onError (the hook factory types it loosely). */
const snapshotOf = (result: unknown) => (result as { snapshot?: Snapshot } | undefined)?.snapshot

async function removeFromLists(client: QueryClient, id: string) {
  await client.cancelQueries({ queryKey: listPrefix })
  const snapshot = client.getQueriesData<LeadPage>({ queryKey: listPrefix })
  client.setQueriesData<LeadPage>({ queryKey: listPrefix }, (old) =>
    old && old.data.items.some((lead) => lead.id === id)
      ? {
          data: {
            ...old.data,
            items: old.data.items.filter((lead) => lead.id !== id),
            total: old.data.total - 1,
          },
        }
      : old,
  )
  return snapshot
}

/**
 * Deleting takes the lead out of every cached list page before the server answers; a failure
 * puts the pages back (the error toast comes from the query client).
 */
export function useDeleteLead(onDeleted?: () => void) {
  return leadsApi.remove.useMutation({
    onMutate: async ({ params }, { client }) => ({
      snapshot: await removeFromLists(client, params.id),
    }),
    onError: (_error, _variables, result, { client }) => {
      for (const [key, data] of snapshotOf(result) ?? []) client.setQueryData(key, data)
    },
    onSuccess: (_data, { params }, _result, { client }) => {
      client.removeQueries({ queryKey: leadsApi.get.key({ params: { id: params.id } }) })
      toast.success('Lead deleted')
      onDeleted?.()
    },
  })
}
