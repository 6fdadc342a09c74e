import { Input, NativeSelect } from '@chakra-ui/react'

import type { ItemColumn } from '@schemas/niche-items'

import type { SheetColumn } from './sheet-columns'

/** A sheet's filter: which column (or all of them) must hold the typed text. */
export function SheetFilter({
  columns,
  column,
  onColumn,
  text,
  onText,
}: {
  columns: SheetColumn[]
  column: ItemColumn | ''
  onColumn: (column: ItemColumn | '') => void
  text: string
  onText: (text: string) => void
}) {
  return (
    <>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field
          aria-label="Filter column"
          value={column}
          onChange={(e) => onColumn(e.target.value as ItemColumn | '')}
        >
          <option value="">All columns</option>
          {columns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
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
