import { Button } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'

import type { Niche } from '@schemas/niches'
import { authApi } from '@/api/auth'
import { AreaGate } from '@/components/area-gate'
import { ErrorState, PageHeader, PanelSkeleton } from '@/components/ui'
import { linkTo } from '@/lib/named-pages'
import { useQuery } from '@/lib/use-deferred-query'

import { NICHE_PAGES } from './niche-pages'
import { nicheSheetCalls } from './sheet-calls'
import { SheetWorkspace } from './sheet-workspace'

/** A member's own content plan for one of the four niches. */
export function OwnSheetScreen({ niche }: { niche: Niche }) {
  const page = NICHE_PAGES[niche]
  const title = `My ${page.name.toLowerCase()} sheet`
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: 'Home', to: '/admin/dashboard' },
          { label: `${page.name} library`, to: page.library },
          { label: title },
        ]}
        actions={
          <Button asChild size="sm" variant="outline">
            <Link {...linkTo(page.library)}>Open the {page.name.toLowerCase()} library</Link>
          </Button>
        }
      />
      <AreaGate area="niches">
        <OwnSheet niche={niche} />
      </AreaGate>
    </>
  )
}

function OwnSheet({ niche }: { niche: Niche }) {
  const me = useQuery(authApi.current.queryOptions())
  const memberId = me.data?.id
  const calls = useMemo(
    () => (memberId ? nicheSheetCalls(niche, memberId) : undefined),
    [niche, memberId],
  )
  if (me.isError) {
    return <ErrorState message={me.error.message} onRetry={() => void me.refetch()} />
  }
  if (!calls) return <PanelSkeleton label="Loading your sheet" rows={8} />
  const page = NICHE_PAGES[niche]
  return (
    <SheetWorkspace
      key={niche}
      calls={calls}
      fileName={`my-${niche}-sheet`}
      emptyAction={
        <Button asChild size="sm" variant="outline">
          <Link {...linkTo(page.library)}>Copy rows from the library</Link>
        </Button>
      }
    />
  )
}
