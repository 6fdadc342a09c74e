import { Box } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import type { ContentItem } from '@schemas/content'
import { contentApi } from '@/api/content'
import { lockedPanelFor } from '@/components/area-gate'
import { ErrorState, PageHeader, PageSpinner } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

/** The path to a content screen: Home, the content planner, then the screen's own `last`. */
export const plannerCrumbs = (last: string) => [
  { label: 'Home', to: '/admin/dashboard' as const },
  { label: 'Content planner', to: '/admin/sheet/content' as const },
  { label: last },
]

/**
 * The content piece `id`, handed to `children` once loaded; a spinner until then. When it cannot
 * be loaded, the screen's header (`title`, `crumb`) over the reason, with a retry unless the
 * piece does not exist.
 */
export function PieceQuery({
  id,
  title,
  crumb,
  children,
}: {
  id: string
  title: string
  crumb: string
  children: (item: ContentItem) => ReactNode
}) {
  const piece = useQuery(contentApi.get.queryOptions({ params: { id } }))
  if (piece.isPending) return <PageSpinner label="Loading the content piece" />
  if (piece.isError) {
    const missing = piece.error.status === 404
    return (
      lockedPanelFor(piece.error) ?? (
        <Box>
          <PageHeader title={title} crumbs={plannerCrumbs(crumb)} />
          <ErrorState
            title={
              missing
                ? 'This content piece does not exist'
                : 'The content piece could not be loaded'
            }
            message={piece.error.message}
            onRetry={missing ? undefined : () => void piece.refetch()}
            retrying={piece.isFetching}
          />
        </Box>
      )
    )
  }
  return children(piece.data.data)
}
