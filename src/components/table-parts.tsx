import {
  chakra,
  Flex,
  HStack,
  IconButton,
  NativeSelect,
  Table,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react'
import { useId, type ReactNode } from 'react'

import { useComponentLabels } from '@/lib/locales'
import { PAGE_SIZES, type SortOrder } from '@/lib/search-params'

/**
 * A column header that sorts its table: a button (keyboard reachable) that flips the order of
 * the column already sorted on, and `aria-sort` for screen readers.
 */
export function SortHeader<C extends string>({
  column,
  children,
  sort,
  order,
  onSort,
  ...rest
}: {
  column: C
  children: ReactNode
  sort: C
  order: SortOrder
  onSort: (column: C, order: SortOrder) => void
} & Omit<Table.ColumnHeaderProps, 'children'>) {
  const active = sort === column
  return (
    <Table.ColumnHeader
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}
      {...rest}
    >
      <chakra.button
        type="button"
        display="inline-flex"
        alignItems="center"
        fontWeight="inherit"
        textAlign="start"
        cursor="pointer"
        borderRadius="l1"
        focusRing="outside"
        onClick={() => onSort(column, active && order === 'asc' ? 'desc' : 'asc')}
      >
        {children}
        <Text as="span" aria-hidden="true" color={active ? 'fg' : 'fg.subtle'} ms="1">
          {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
        </Text>
        {active ? (
          <VisuallyHidden>
            {order === 'asc' ? ', sorted ascending' : ', sorted descending'}
          </VisuallyHidden>
        ) : null}
      </chakra.button>
    </Table.ColumnHeader>
  )
}

/**
 * Rows-per-page choice, the "1–20 of 57" range and first/previous/next/last buttons, worded by
 * the language setting's labels.
 */
export function TablePager({
  page,
  pageSize,
  total,
  onPage,
  onPageSize,
}: {
  page: number
  pageSize: number
  total: number
  onPage: (page: number) => void
  onPageSize: (pageSize: number) => void
}) {
  const { pagination: labels } = useComponentLabels()
  const selectId = useId()
  const last = Math.max(1, Math.ceil(total / pageSize))
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  return (
    <Flex
      justify="flex-end"
      align="center"
      gap={{ base: '2', md: '6' }}
      wrap="wrap"
      pt="3"
      fontSize="sm"
    >
      <HStack gap="2">
        <chakra.label htmlFor={selectId} color="fg.muted">
          {labels.rowsPerPage}
        </chakra.label>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            id={selectId}
            value={pageSize}
            onChange={(event) => onPageSize(Number(event.target.value))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {/* Its own direction from its words: English "1–4 of 4" stays in that order in a
          right-to-left page. */}
      <Text aria-live="polite" dir="auto">
        {labels.displayedRows({ from, to, count: total })}
      </Text>
      <HStack gap="1">
        <PagerButton label={labels.firstPage} disabled={page <= 1} onClick={() => onPage(1)}>
          «
        </PagerButton>
        <PagerButton
          label={labels.previousPage}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          ‹
        </PagerButton>
        <PagerButton
          label={labels.nextPage}
          disabled={page >= last}
          onClick={() => onPage(page + 1)}
        >
          ›
        </PagerButton>
        <PagerButton label={labels.lastPage} disabled={page >= last} onClick={() => onPage(last)}>
          »
        </PagerButton>
      </HStack>
    </Flex>
  )
}

function PagerButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="sm"
      variant="ghost"
      disabled={disabled}
      onClick={onClick}
      // The arrows point the reading direction's way.
      css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
    >
      <span aria-hidden="true">{children}</span>
    </IconButton>
  )
}

/**
 * A table's scroll box that the keyboard can reach: focused, the arrow keys scroll a table wider
 * (or taller) than its box, as WCAG asks of every scrollable region. It is named like its table.
 */
export function TableScroll({ label, ...props }: Table.ScrollAreaProps & { label: string }) {
  return <Table.ScrollArea tabIndex={0} role="region" aria-label={label} {...props} />
}
