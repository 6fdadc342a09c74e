import { Grid, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'

/** Label–value pairs of one record: side by side from small screens up, stacked on phones. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Grid
      as="dl"
      templateColumns={{ base: '1fr', sm: 'minmax(120px, 180px) 1fr' }}
      columnGap="4"
      rowGap={{ base: '1', sm: '3' }}
    >
      {items.map((item) => (
        <DetailRow key={item.label} {...item} />
      ))}
    </Grid>
  )
}

function DetailRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <Text as="dt" color="fg.muted" fontSize="sm" pt={{ base: '2', sm: '0' }}>
        {label}
      </Text>
      <Text as="dd" whiteSpace="pre-wrap" wordBreak="break-word">
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
    </>
  )
}
