import { Grid, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

interface DetailItem {
  /** Names the item among the others, where its label is not text. */
  key?: string
  label: ReactNode
  value: ReactNode
}

/**
 * Label–value pairs of one record: side by side from small screens up, stacked on phones; or,
 * `compact` (a list's card on a phone), side by side in small text at every width.
 */
export function DetailList({ items, compact = false }: { items: DetailItem[]; compact?: boolean }) {
  return (
    <Grid
      as="dl"
      templateColumns={
        compact ? 'minmax(0, 2fr) minmax(0, 3fr)' : { base: '1fr', sm: 'minmax(120px, 180px) 1fr' }
      }
      columnGap={compact ? '3' : '4'}
      rowGap={compact ? '1' : { base: '1', sm: '3' }}
      fontSize={compact ? 'sm' : undefined}
    >
      {items.map((item) => (
        <DetailRow key={item.key ?? String(item.label)} {...item} compact={compact} />
      ))}
    </Grid>
  )
}

function DetailRow({ label, value, compact }: DetailItem & { compact: boolean }) {
  return (
    <>
      <Text
        as="dt"
        color="fg.muted"
        fontSize="sm"
        pt={compact ? undefined : { base: '2', sm: '0' }}
      >
        {label}
      </Text>
      <Text
        as="dd"
        minW="0"
        whiteSpace={compact ? undefined : 'pre-wrap'}
        wordBreak="break-word"
        overflowWrap={compact ? 'anywhere' : undefined}
      >
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </>
  )
}
