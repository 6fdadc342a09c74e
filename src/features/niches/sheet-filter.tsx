import { Box, Flex, Input, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

import type { ItemColumn } from '@schemas/niche-items'
import { FilterSelect } from '@/components/list-kit'

import type { SheetColumn } from './sheet-columns'

interface FilterProps {
  columns: SheetColumn[]
  column: ItemColumn | ''
  onColumn: (column: ItemColumn | '') => void
  text: string
  onText: (text: string) => void
}

/** The bar above a sheet: its filter, how many rows it shows, then the sheet's own controls. */
export function SheetFilterBar({
  count,
  children,
  ...filter
}: FilterProps & { count: ReactNode; children: ReactNode }) {
  return (
    <Flex gap="2" wrap="wrap" align="center">
      <SheetFilter {...filter} />
      <Text fontSize="sm" color="fg.muted">
        {count}
      </Text>
      <Box flex="1" />
      {children}
    </Flex>
  )
}

/** A sheet's filter: which column (or all of them) must hold the typed text. */
function SheetFilter({ columns, column, onColumn, text, onText }: FilterProps) {
  return (
    <>
      <FilterSelect
        label="Filter column"
        labelHidden
        allLabel="All columns"
        value={column}
        options={columns.map((c) => ({ value: c.key, label: c.label }))}
        onChange={(value) => onColumn(value as ItemColumn | '')}
        width="auto"
        minW="0"
      />
      <Input
        size="sm"
        maxW="xs"
        type="search"
        placeholder="Filter rows"
        aria-label="Filter rows"
        value={text}
        onChange={(e) => onText(e.target.value)}
      />
    </>
  )
}
