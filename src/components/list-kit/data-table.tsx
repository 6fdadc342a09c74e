import {
  Box,
  Button,
  chakra,
  HStack,
  IconButton,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { useEffect, useEffectEvent, useId, type ReactElement, type ReactNode } from 'react'

import { DetailList } from '@/components/detail-list'
import { AppIcon, type IconName } from '@/components/layout/icons'
import { useWide } from '@/components/layout/use-wide'
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
  /**
   * On a phone each row is a card: the `title` column heads it (the first column when none is),
   * the others follow as "header: value" lines, and a `hide` column is left out.
   */
  phone?: 'title' | 'hide'
}

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))
const dateTimeFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

/** A moment (an ISO timestamp) as the lists write dates ("Nov 29, 2026"), or dates and times. */
export function DateText({ at, withTime = false }: { at: string; withTime?: boolean }) {
  const format = withTime ? dateTimeFormat : dateFormat
  return <time dateTime={at}>{format.format(new Date(at))}</time>
}

/** A column of moments (ISO timestamps) shown as dates, or dates and times, on one line. */
export function dateColumn<Row, C extends string = never>({
  at,
  withTime = false,
  ...column
}: Omit<Column<Row, C>, 'cell'> & { at: (row: Row) => string; withTime?: boolean }): Column<
  Row,
  C
> {
  return {
    cellProps: { whiteSpace: 'nowrap' },
    ...column,
    cell: (row) => <DateText at={at(row)} withTime={withTime} />,
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
 * are given, each row's `actions` and its "⋯" `menu` in a last column, and in place of the table
 * the loading skeleton, the load error with a retry, or `empty` when there are no rows.
 *
 * Narrower than `md` the rows are cards (see `Column.phone`), a "Sort by" choice stands for the
 * headers, and each card ends with its actions: every action is in reach at every width without
 * scrolling sideways.
 */
export function DataTable<Row, C extends string = never>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  cellProps,
  actions,
  menu,
  view,
  total,
  query,
  loadingLabel,
  errorTitle,
  empty,
  framed = true,
  phoneCards = true,
  scrollProps,
  ...table
}: {
  label: string
  columns: Column<Row, C>[]
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  rowProps?: (row: Row) => Table.RowProps
  /** Props every cell starts from; a column's own `cellProps` come after. */
  cellProps?: Table.CellProps
  /** The row's actions always in sight: one or two short ones. */
  actions?: (row: Row) => ReactNode
  /** The row's further actions after `actions`: its `RowMenu` (see row-menu.tsx). */
  menu?: (row: Row) => ReactNode
  view?: ListView<C>
  total?: number
  query?: ListQuery
  loadingLabel?: string
  errorTitle?: string
  empty?: ReactNode
  /** A border and a panel background around the table; off inside a card of its own. */
  framed?: boolean
  /**
   * Off for a short table of figures that fits a phone as it is (a few narrow columns, no row
   * actions): it stays a table at every width. The phone test fails any table wider than its box.
   */
  phoneCards?: boolean
  /** The scroll box's own props: a height to scroll within, an id to point at. */
  scrollProps?: Omit<Table.ScrollAreaProps, 'children'>
} & Omit<Table.RootProps, 'children'>) {
  const wide = useWide() || !phoneCards
  // A page past the last (its rows deleted, a shorter search) steps back to the last with rows.
  const page = view?.page
  const last = view && total !== undefined ? Math.max(1, Math.ceil(total / view.pageSize)) : 0
  const settled = !query || (query.isSuccess && !query.isPlaceholderData)
  const stepBack = useEffectEvent((to: number) => view?.onPage(to))
  useEffect(() => {
    if (settled && last > 0 && page !== undefined && page > last) stepBack(last)
  }, [settled, last, page])

  if (query) {
    const loadingText = loadingLabel ?? `Loading ${label}`
    const shown = guardQuery(query, {
      // On a phone, the sort choice and placeholders as tall as the cards: nothing below moves
      // when the cards arrive.
      loading: wide ? (
        <ListLoading label={loadingText} />
      ) : (
        <Stack gap="3">
          {view ? <SortChoice columns={columns} view={view} /> : null}
          <ListLoading
            label={loadingText}
            height={`${cardHeight(columns, Boolean(actions || menu))}px`}
          />
        </Stack>
      ),
      errorTitle,
    })
    if (!shown.ready) return shown.view
  }
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>

  const rowEnd = (row: Row) => (
    <>
      {actions?.(row)}
      {menu?.(row)}
    </>
  )
  const pager =
    view && total !== undefined ? (
      <TablePager
        page={view.page}
        pageSize={view.pageSize}
        total={total}
        onPage={view.onPage}
        onPageSize={view.onPageSize}
      />
    ) : null

  if (!wide) {
    return (
      <Stack gap="3">
        {view ? <SortChoice columns={columns} view={view} /> : null}
        <Stack
          as="ul"
          gap="3"
          listStyleType="none"
          m="0"
          p="0"
          aria-label={label}
          aria-busy={query?.isFetching}
        >
          {rows.map((row) => (
            <Box
              as="li"
              key={rowKey(row)}
              borderWidth="1px"
              borderRadius="l2"
              p="3"
              bg="bg.panel"
              minW="0"
              {...(rowProps?.(row) as object)}
              data-list-card=""
            >
              <ColumnsCard row={row} columns={columns} />
              {actions || menu ? (
                <HStack gap="1" justify="flex-end" wrap="wrap" mt="2" data-row-actions="">
                  {rowEnd(row)}
                </HStack>
              ) : null}
            </Box>
          ))}
        </Stack>
        {pager}
      </Stack>
    )
  }

  return (
    <>
      <TableScroll label={label} position="relative" {...(framed ? FRAME : {})} {...scrollProps}>
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
              {actions || menu ? (
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
                {actions || menu ? (
                  <Table.Cell textAlign="end" whiteSpace="nowrap" {...cellProps}>
                    <HStack gap="1" justify="flex-end" data-row-actions="">
                      {rowEnd(row)}
                    </HStack>
                  </Table.Cell>
                ) : null}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </TableScroll>
      {pager}
    </>
  )
}

/** About how tall a phone's card of these columns is: its padding, title, lines and actions. */
function cardHeight<Row, C extends string>(columns: Column<Row, C>[], withActions: boolean) {
  const lines = columns.filter((column) => column.phone !== 'hide').length - 1
  return 24 + 24 + (lines > 0 ? 8 + lines * 24 : 0) + (withActions ? 8 + 32 : 0)
}

/** A phone's card drawn from the columns: the title column, then "header: value" lines. */
function ColumnsCard<Row, C extends string>({
  row,
  columns,
}: {
  row: Row
  columns: Column<Row, C>[]
}) {
  const title = columns.find((column) => column.phone === 'title') ?? columns[0]
  const rest = columns.filter((column) => column !== title && column.phone !== 'hide')
  return (
    <>
      {title ? (
        <Box fontWeight="semibold" overflowWrap="anywhere">
          {title.cell(row)}
        </Box>
      ) : null}
      {rest.length > 0 ? (
        <Box mt="2">
          <DetailList
            compact
            items={rest.map((column) => ({
              key: column.key,
              label: column.header,
              value: column.cell(row),
            }))}
          />
        </Box>
      ) : null}
    </>
  )
}

/** On a phone, where there are no headers to press: the sort order as one choice. */
function SortChoice<Row, C extends string>({
  columns,
  view,
}: {
  columns: Column<Row, C>[]
  view: ListView<C>
}) {
  const id = useId()
  const sortable = columns.filter((column) => column.sort !== undefined)
  if (sortable.length === 0) return null
  const nameOf = (column: Column<Row, C>) =>
    typeof column.header === 'string' ? column.header : column.key
  return (
    <HStack gap="2" fontSize="sm">
      <chakra.label htmlFor={id} color="fg.muted" flexShrink="0">
        Sort by
      </chakra.label>
      <NativeSelect.Root size="sm" minW="0">
        <NativeSelect.Field
          id={id}
          value={`${view.sort}:${view.order}`}
          onChange={(event) => {
            const [sort, order] = event.target.value.split(':') as [C, 'asc' | 'desc']
            view.onSort(sort, order)
          }}
        >
          {sortable.flatMap((column) => [
            <option key={`${column.key}:asc`} value={`${column.sort}:asc`}>
              {nameOf(column)}, ascending
            </option>,
            <option key={`${column.key}:desc`} value={`${column.sort}:desc`}>
              {nameOf(column)}, descending
            </option>,
          ])}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  )
}

/** Placeholder rows while a list loads, announced by `label`. */
export function ListLoading({
  label,
  rows = 3,
  height = '10',
}: {
  label: string
  rows?: number
  height?: string
}) {
  return (
    <Stack gap="2" role="status" aria-label={label} aria-busy="true">
      <Text srOnly>{label}</Text>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} borderRadius="l2" />
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
