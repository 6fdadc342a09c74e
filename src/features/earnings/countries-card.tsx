import { Box, Button, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import {
  NETWORK_LABELS,
  type CountrySales,
  type EarningsQuery,
  type Network,
} from '@schemas/earnings'
import { DataTable, type Column } from '@/components/list-kit'
import { Card, PanelError, PanelSkeleton } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import { countriesOptions } from './figures'
import { countFormat, formatMoney, toCents } from './money'

/** How many countries show before "Show all". */
export const TOP_COUNTRIES = 5

type CountryRow = CountrySales['countries'][number] & { share: number }

/**
 * Largest amount first; each row's bar is its share of the largest amount in the same currency
 * (amounts in different currencies are not compared).
 */
export function rankCountries(countries: CountrySales['countries']): CountryRow[] {
  const top = new Map<string, number>()
  for (const c of countries) {
    top.set(c.currency, Math.max(top.get(c.currency) ?? 0, toCents(c.amount)))
  }
  return [...countries]
    .sort((a, b) => toCents(b.amount) - toCents(a.amount) || a.name.localeCompare(b.name))
    .map((c) => {
      const max = top.get(c.currency) ?? 0
      return { ...c, share: max > 0 ? Math.max(0, toCents(c.amount) / max) : 0 }
    })
}

/**
 * Sales of one network account by buyer country, as a table with proportional bars: one table
 * per currency, so a country paid in two currencies is listed once in each, under its currency.
 */
export function CountriesCard({ network, query }: { network: Network; query: EarningsQuery }) {
  const sales = useQuery(countriesOptions(network, query))
  const name = NETWORK_LABELS[network]
  const rows = sales.data ? rankCountries(sales.data.data.countries) : []
  const currencies = [...new Set(rows.map((row) => row.currency))]

  return (
    <Card
      title={`${name} sales by country`}
      data-testid={`countries-${network}`}
      // In the dashboard's row of countries: room for a table per currency.
      flex={{
        base: '1 1 100%',
        md: `${Math.max(1, currencies.length)} 1 ${Math.max(1, currencies.length) * 19}rem`,
      }}
    >
      {sales.isPending ? (
        <PanelSkeleton label={`Loading ${name} sales by country`} rows={5} />
      ) : sales.isError ? (
        <PanelError
          message={sales.error.message}
          onRetry={() => void sales.refetch()}
          retrying={sales.isFetching}
        />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">No sales in this period.</Text>
      ) : (
        <SimpleGrid minChildWidth="min(16rem, 100%)" columnGap="6" rowGap="5">
          {currencies.map((currency) => (
            <CountriesTable
              key={currency}
              label={
                currencies.length > 1
                  ? `${name} sales by country in ${currency}`
                  : `${name} sales by country`
              }
              heading={currencies.length > 1 ? `Paid in ${currency}` : undefined}
              rows={rows.filter((row) => row.currency === currency)}
            />
          ))}
        </SimpleGrid>
      )}
    </Card>
  )
}

const countryColumns: Column<CountryRow>[] = [
  { key: 'code', header: 'Code', cell: (row) => row.code, cellProps: { fontFamily: 'mono' } },
  {
    key: 'country',
    header: 'Country',
    // Behind the name, a bar of the row's share of the top amount.
    cell: (row) => (
      <Box
        title={`${Math.round(row.share * 100)}% of the top ${row.currency} amount`}
        mx="-1.5"
        px="1.5"
        bgGradient="to-r"
        gradientFrom="primary.muted"
        gradientTo="primary.muted"
        bgSize={`${row.share * 100}% 100%`}
        bgRepeat="no-repeat"
        backgroundPosition="left"
        _rtl={{ backgroundPosition: 'right' }}
      >
        {row.name}
      </Box>
    ),
    cellProps: { whiteSpace: 'normal' },
  },
  {
    key: 'sales',
    header: 'Sales',
    cell: (row) => countFormat.format(row.salesCount),
    headerProps: { textAlign: 'end' },
    cellProps: { textAlign: 'end' },
  },
  {
    key: 'amount',
    header: 'Amount',
    cell: (row) => formatMoney(row.amount, row.currency),
    headerProps: { textAlign: 'end' },
    cellProps: { textAlign: 'end', whiteSpace: 'nowrap' },
  },
]

function CountriesTable({
  label,
  heading,
  rows,
}: {
  label: string
  heading?: string
  rows: CountryRow[]
}) {
  const [showAll, setShowAll] = useState(false)
  const shown = showAll ? rows : rows.slice(0, TOP_COUNTRIES)
  return (
    <Stack gap="3">
      {heading ? (
        <Text fontWeight="medium" fontSize="sm">
          {heading}
        </Text>
      ) : null}
      <DataTable
        label={label}
        columns={countryColumns}
        rows={shown}
        rowKey={(row) => `${row.code}-${row.currency}`}
        phoneCards={false}
        framed={false}
        // Tight cells: the table fits a third of a laptop screen.
        css={{ '& :is(th, td)': { px: '1.5' } }}
      />
      {rows.length > TOP_COUNTRIES ? (
        <Button
          size="xs"
          variant="ghost"
          alignSelf="flex-start"
          aria-expanded={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? `Show the top ${TOP_COUNTRIES}` : `Show all ${rows.length} countries`}
        </Button>
      ) : null}
    </Stack>
  )
}
