import { type QueryClient } from '@tanstack/react-query'

import type { ContentItem } from '@schemas/content'
import { contentApi } from '@/api/content'
import { toast } from '@/lib/toast'

type ItemList = { data: ContentItem[] }
type Snapshot = [readonly unknown[], unknown][]

/** The list is cached once per filter, and each piece once more on its own. */
const listPrefix = [...contentApi.key, 'list']
const itemKey = (id: string) => contentApi.get.queryOptions({ params: { id } }).queryKey

async function snapshot(client: QueryClient, id: string): Promise<Snapshot> {
  await client.cancelQueries({ queryKey: listPrefix })
  await client.cancelQueries({ queryKey: itemKey(id) })
  return [
    ...client.getQueriesData<ItemList>({ queryKey: listPrefix }),
    [itemKey(id), client.getQueryData(itemKey(id))],
  ]
}

function restore(client: QueryClient, result: unknown) {
  const previous = (result as { previous?: Snapshot } | undefined)?.previous
  for (const [key, data] of previous ?? []) client.setQueryData(key, data)
}

/** A deleted piece leaves every list at once; a failure brings it back. */
export function useDeleteContent(onDeleted?: () => void) {
  return contentApi.remove.useMutation({
    onMutate: async ({ params }, { client }) => {
      const previous = await snapshot(client, params.id)
      client.setQueriesData<ItemList>({ queryKey: listPrefix }, (old) =>
        old ? { data: old.data.filter((item) => item.id !== params.id) } : old,
      )
      return { previous }
    },
    onError: (_error, _variables, result, { client }) => restore(client, result),
    onSuccess: (_data, { params }, _result, { client }) => {
      client.removeQueries({ queryKey: itemKey(params.id) })
      toast.success('Content piece deleted')
      onDeleted?.()
    },
  })
}

/** Ticking a checklist item shows at once everywhere the piece is shown; undone on failure. */
export function useSaveChecklist() {
  return contentApi.update.useMutation({
    onMutate: async ({ params, body }, { client }) => {
      const previous = await snapshot(client, params.id)
      const patch = (item: ContentItem) =>
        item.id === params.id ? { ...item, checklist: { ...body.checklist } } : item
      client.setQueriesData<ItemList>({ queryKey: listPrefix }, (old) =>
        old ? { data: old.data.map(patch) } : old,
      )
      client.setQueryData(itemKey(params.id), (old) => (old ? { data: patch(old.data) } : old))
      return { previous }
    },
    onError: (_error, _variables, result, { client }) => restore(client, result),
  })
}
