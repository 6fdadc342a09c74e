import { Button, HStack, IconButton, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useEffect, useEffectEvent, type ReactElement, type ReactNode } from 'react'

import { AppIcon, type IconName } from '@/components/layout/icons'
import { guardQuery } from '@/components/query-guard'
import { SortHeader, TablePager, TableScroll } from '@/components/table-parts'
import { EmptyState } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'

import type { ListView } from './use-list-view'

/** One column: its header, what each row shows in it and, when the list sorts on it, how. */
export interface Column<Row, C extends string = never> {
  key: string
  header: ReactNode
  /** The list's sort key for this column: its header then sorts the list. */
  sort?: C
  cell: (row: Row) => ReactNode
  headerProps?: Omit<Table.ColumnHeaderProps, 'order' | 'children'>
  cellProps?: Table.CellProps
}

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))
const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

/** A column of moments (ISO timestamps) shown as dates, or dates and times, on one line. */
export function dateColumn<Row, C extends string = never>({
  at,
  withTime = false,
  ...column
}: Omit<Column<Row, C>, 'cell'> & { at: (row: Row) => string; withTime?: boolean }): Column<
  Row,
  C
> {
  const format = withTime ? dateTimeFormat : dateFormat
  return {
    cellProps: { whiteSpace: 'nowrap' },
    ...column,
    cell: (row) => <time dateTime={at(row)}>{format.format(new Date(at(row)))}</time>,
  }
}

/** What the table reads of the query that loads its rows (a TanStack Query result fits). */
export interface ListQuery {
  data: unknown
  isPending: boolean
  isError: boolean
  isSuccess: boolean
  isFetching: boolean
  isPlaceholderData: boolean
  error: unknown
  refetch: () => unknown
}

const FRAME = { borderWidth: '1px', borderRadius: 'l2', bg: 'bg.panel' } as const

/**
 * A list as a table, named by `label` (the table and its keyboard-scrollable box): the columns,
 * sortable headers (`aria-sort`) and the pager when a `view` (see `useListView`) and a `total`
 * are given, each row's `actions` in a last column, and in place of the table the loading
 * skeleton, the load error with a retry, or `empty` when there are no rows.
 */
export function DataTable<Row, C extends string = never>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  cellProps,
  actions,
  view,
  total,
  query,
  loadingLabel,
  errorTitle,
  empty,
  framed = true,
  ...table
}: {
  label: string
  columns: Column<Row, C>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  rowProps?: (row: Row) => Table.RowProps
  /** Props every cell starts from; a column's own `cellProps` come after. */
  cellProps?: Table.CellProps
  actions?: (row: Row) => ReactNode
  view?: ListView<C>
  total?: number
  query?: ListQuery
  loadingLabel?: string
  errorTitle?: string
  empty?: ReactNode
  /** A border and a panel background around the table; off inside a card of its own. */
  framed?: boolean
} & Omit<Table.RootProps, 'children'>) {
  // A page past the last (its rows deleted, a shorter search) steps back to the last with rows.
  const page = view?.page
  const last = view && total !== undefined ? Math.max(1, Math.ceil(total / view.pageSize)) : 0
  const settled = !query || (query.isSuccess && !query.isPlaceholderData)
  const stepBack = useEffectEvent((to: number) => view?.onPage(to))
  useEffect(() => {
    if (settled && last > 0 && page !== undefined && page > last) stepBack(last)
  }, [settled, last, page])

  if (query) {
    const shown = guardQuery(query, {
      loading: <ListLoading label={loadingLabel ?? `Loading ${label}`} />,
      errorTitle,
    })
    if (!shown.ready) return shown.view
  }
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>

  return (
    <>
      <TableScroll label={label} position="relative" {...(framed ? FRAME : {})}>
        <Table.Root size="sm" aria-label={label} aria-busy={query?.isFetching} {...table}>
          <Table.Header>
            <Table.Row>
              {columns.map((column) =>
                column.sort !== undefined && view ? (
                  <SortHeader
                    key={column.key}
                    column={column.sort}
                    sort={view.sort}
                    order={view.order}
                    onSort={view.onSort}
                    {...column.headerProps}
                  >
                    {column.header}
                  </SortHeader>
                ) : (
                  <Table.ColumnHeader key={column.key} {...column.headerProps}>
                    {column.header}
                  </Table.ColumnHeader>
                ),
              )}
              {actions ? (
                <Table.ColumnHeader textAlign="end">
                  <Text as="span" srOnly>
                    Actions
                  </Text>
                </Table.ColumnHeader>
              ) : null}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((column) => (
                  <Table.Cell key={column.key} {...cellProps} {...column.cellProps}>
                    {column.cell(row)}
                  </Table.Cell>
                ))}
                {actions ? (
                  <Table.Cell textAlign="end" whiteSpace="nowrap" {...cellProps}>
                    <HStack gap="1" justify="flex-end">
                      {actions(row)}
                    </HStack>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      {view && total !== undefined ? (
        <TablePager
          page={view.page}
          pageSize={view.pageSize}
          total={total}
          onPage={view.onPage}
          onPageSize={view.onPageSize}
        />
      ) : null}
    </>
  )
}

/** Placeholder rows while a list loads, announced by `label`. */
export function ListLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="2" role="status" aria-label={label} aria-busy="true">
      <Text srOnly>{label}</Text>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="10" />
      ))}
    </Stack>
  )
}

/**
 * What a list shows when its filters match nothing: what to try, and a button that clears them.
 * Given the `search` text alone, it says nothing was found for it and offers to clear the search.
 */
export function NoMatches({
  title,
  search,
  description = `Nothing found for “${search}”.`,
  clearLabel = search === undefined ? 'Clear filters' : 'Clear the search',
  onClear,
  size,
}: {
  title: string
  search?: string
  description?: string
  clearLabel?: string
  onClear: () => void
  size?: 'sm' | 'md'
}) {
  return (
    <EmptyState
      title={title}
      description={description}
      action={
        <Button size={size} variant="outline" onClick={onClear}>
          {clearLabel}
        </Button>
      }
    />
  )
}

/**
 * An icon button of a row, named for that row ("Delete ada@example.com"): a button, or with
 * `link` the link it draws around the icon.
 */
export function RowAction({
  label,
  icon,
  title,
  onClick,
  link,
  danger = false,
  size = 'sm',
}: {
  label: string
  icon: IconName
  title?: string
  onClick?: () => void
  link?: (icon: ReactNode) => ReactElement
  danger?: boolean
  size?: 'xs' | 'sm'
}) {
  const glyph = <AppIcon name={icon} size={size === 'xs' ? '16px' : '18px'} />
  return (
    <IconButton
      asChild={link !== undefined}
      size={size}
      variant="ghost"
      colorPalette={danger ? 'red' : undefined}
      aria-label={label}
      title={title}
      onClick={onClick}
    >
      {link ? link(glyph) : glyph}
    </IconButton>
  )
}
