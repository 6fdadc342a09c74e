import {
  Badge,
  Heading,
  HStack,
  List,
  type HeadingProps,
  type ListRootProps,
} from '@chakra-ui/react'
import { type UseQueryResult } from '@tanstack/react-query'
import { type ReactNode, type Ref } from 'react'

import type { QuickCashFile, QuickPlan } from '@schemas/tool-content'
import { toolsContent } from '@/api/tools'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { EmptyState, ErrorState, PageHeader, PanelSkeleton } from '@/components/ui'
import type { ApiError } from '@/lib/api-error'
import { useQuery } from '@/lib/use-deferred-query'

/** "short video" -> "Short video", "list growth" -> "List growth". */
export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** Each value once, in the order first met. */
export const distinct = (values: string[]) => [...new Set(values)]

/**
 * What a content screen shows before its content is there: the upgrade panel for a 403 of the
 * area, a skeleton while loading, the error with a retry, and `empty` when there is nothing.
 */
export function ContentQuery<T>({
  query,
  loading,
  errorTitle,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, ApiError>
  loading: string
  errorTitle: string
  isEmpty: (data: T) => boolean
  empty: { title: string; description: string; action?: ReactNode }
  children: (data: T) => ReactNode
}) {
  const locked = lockedPanelFor(query.error)
  if (locked) return locked
  if (query.isPending) return <PanelSkeleton label={loading} rows={6} />
  if (query.isError) {
    return (
      <ErrorState
        title={errorTitle}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  }
  if (isEmpty(query.data)) return <EmptyState {...empty} />
  return <>{children(query.data)}</>
}

/** The quick-start plans, loaded, with their loading, error and empty states. */
export function PlansContent({ children }: { children: (file: QuickCashFile) => ReactNode }) {
  const query = useQuery(toolsContent.quickCash)
  return (
    <ContentQuery
      query={query}
      loading="Loading the quick-start plans"
      errorTitle="The quick-start plans could not be loaded"
      isEmpty={(answer) => answer.data.plans.length === 0}
      empty={{
        title: 'No quick-start plans yet',
        description: 'The plans appear here as soon as they are published.',
      }}
    >
      {(answer) => children(answer.data)}
    </ContentQuery>
  )
}

/** A quick-cash tool's page: its heading under Home, and the content once the area is open. */
export function ToolScreen({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: title }]}
        actions={actions}
      />
      <AreaGate area="quickCash">{children}</AreaGate>
    </>
  )
}

/**
 * A heading that takes the focus when its part of the page opens, so keyboard and screen-reader
 * users land on it.
 */
export function FocusHeading({ ref, ...props }: HeadingProps & { ref?: Ref<HTMLHeadingElement> }) {
  return (
    <Heading
      as="h2"
      ref={ref}
      tabIndex={-1}
      _focusVisible={{ outline: '2px solid', outlineColor: 'primary.focusRing' }}
      {...props}
    />
  )
}

/** A plan's traffic channel and offer type. */
export function PlanBadges({ plan }: { plan: QuickPlan }) {
  return (
    <HStack gap="1" wrap="wrap">
      <Badge variant="outline">{plan.traffic}</Badge>
      <Badge variant="subtle">{plan.offerType}</Badge>
    </HStack>
  )
}

/** What to watch out for in a plan, each with a warning sign. */
export function WatchOutList({ plan, ...list }: { plan: QuickPlan } & ListRootProps) {
  return (
    <List.Root gap="3" variant="plain" {...list}>
      {plan.watchOut.map((warning) => (
        <List.Item key={warning} alignItems="flex-start">
          <List.Indicator asChild color="fg.warning" mt="0.5">
            <AppIcon name="alert" size="18px" aria-hidden="true" />
          </List.Indicator>
          {warning}
        </List.Item>
      ))}
    </List.Root>
  )
}
