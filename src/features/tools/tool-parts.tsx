import { Field, NativeSelect } from '@chakra-ui/react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { type ReactNode } from 'react'

import type { QuickCashFile } from '@schemas/tool-content'
import { toolsContent } from '@/api/tools'
import { lockedPanelFor } from '@/components/area-gate'
import { EmptyState, ErrorState, PanelSkeleton } from '@/components/ui'
import type { ApiError } from '@/lib/api-error'

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

/** A labelled filter: "All …" and one option per value. */
export function FilterSelect({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string
  allLabel: string
  value: string
  options: { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  return (
    <Field.Root width={{ base: 'full', sm: 'auto' }} minW={{ sm: '44' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
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
