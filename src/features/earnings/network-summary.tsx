import { Badge, Box, DataList, HStack, Separator, Stack, Text } from '@chakra-ui/react'

import { NETWORK_LABELS, type Earnings, type EarningsQuery, type Network } from '@schemas/earnings'
import { Card, PanelError, PanelSkeleton } from '@/components/ui'
import { useQuery } from '@/lib/use-deferred-query'

import { earningsOptions } from './figures'
import { countFormat, formatMoney, formatPercent, percentChange, toCents } from './money'

type Totals = Earnings['totals'][number]

/** One network account's earnings this period against the period before, per currency. */
export function NetworkSummary({
  network,
  affiliateId,
  query,
  previousQuery,
  periodLabel,
  previousLabel,
}: {
  network: Network
  affiliateId: string
  query: EarningsQuery
  previousQuery: EarningsQuery
  periodLabel: string
  previousLabel: string
}) {
  const current = useQuery(earningsOptions(network, query))
  const previous = useQuery(earningsOptions(network, previousQuery))
  const name = NETWORK_LABELS[network]

  return (
    <Card
      title={name}
      action={
        <Badge variant="subtle" maxW="50%" truncate title={`Account ${affiliateId}`}>
          {affiliateId}
        </Badge>
      }
      data-testid={`summary-${network}`}
    >
      {current.isPending ? (
        <PanelSkeleton label={`Loading ${name} earnings`} />
      ) : current.isError ? (
        <PanelError
          message={current.error.message}
          onRetry={() => void current.refetch()}
          retrying={current.isFetching}
        />
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            Net earnings, {periodLabel}
          </Text>
          {current.data.data.totals.length === 0 ? (
            <Text color="fg.muted">No sales in {periodLabel}.</Text>
          ) : (
            current.data.data.totals.map((totals, index) => (
              <Box key={totals.currency}>
                {index > 0 ? <Separator mb="3" /> : null}
                <CurrencyTotals
                  totals={totals}
                  previous={
                    previous.isSuccess
                      ? (previous.data.data.totals.find((t) => t.currency === totals.currency) ??
                        null)
                      : undefined
                  }
                  previousError={previous.isError ? previous.error.message : null}
                  previousLabel={previousLabel}
                />
              </Box>
            ))
          )}
        </Stack>
      )}
    </Card>
  )
}

function CurrencyTotals({
  totals,
  previous,
  previousError,
  previousLabel,
}: {
  totals: Totals
  /** undefined while loading, null when the period before had nothing in this currency. */
  previous: Totals | null | undefined
  previousError: string | null
  previousLabel: string
}) {
  const money = (amount: string) => formatMoney(amount, totals.currency)
  return (
    <Stack gap="2" data-testid={`totals-${totals.currency}`}>
      <HStack gap="3" flexWrap="wrap" align="baseline">
        <Text fontSize="2xl" fontWeight="semibold" data-testid="net">
          {money(totals.net)}
        </Text>
        <Change
          current={totals.net}
          previous={previous}
          error={previousError}
          previousLabel={previousLabel}
          currency={totals.currency}
        />
      </HStack>
      <DataList.Root
        orientation="vertical"
        size="sm"
        flexDirection="row"
        flexWrap="wrap"
        columnGap="6"
        rowGap="2"
      >
        <Item label="Sales" count={totals.salesCount} amount={money(totals.gross)} />
        <Item label="Refunds" count={totals.refundsCount} amount={money(totals.refunds)} />
        <Item
          label="Chargebacks"
          count={totals.chargebacksCount}
          amount={money(totals.chargebacks)}
        />
      </DataList.Root>
    </Stack>
  )
}

function Item({ label, count, amount }: { label: string; count: number; amount: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        {countFormat.format(count)} · {amount}
      </DataList.ItemValue>
    </DataList.Item>
  )
}

function Change({
  current,
  previous,
  error,
  previousLabel,
  currency,
}: {
  current: string
  previous: Totals | null | undefined
  error: string | null
  previousLabel: string
  currency: string
}) {
  if (error) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {previousLabel} unavailable: {error}
      </Text>
    )
  }
  if (previous === undefined) {
    return (
      <Text fontSize="sm" color="fg.muted">
        Comparing with {previousLabel}…
      </Text>
    )
  }
  const before = previous ? previous.net : '0.00'
  const change = percentChange(toCents(current), toCents(before))
  const beforeText = `${formatMoney(before, currency)} in ${previousLabel}`
  if (change === null) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {previous ? beforeText : `Nothing in ${previousLabel} to compare`}
      </Text>
    )
  }
  const up = change > 0
  const flat = change === 0
  return (
    <HStack gap="2" fontSize="sm" flexWrap="wrap">
      <Badge
        colorPalette={flat ? 'gray' : up ? 'green' : 'red'}
        variant="subtle"
        data-testid="change"
      >
        <span aria-hidden="true">{flat ? '→' : up ? '▲' : '▼'}</span>
        {flat ? 'No change' : `${up ? 'Up' : 'Down'} ${formatPercent(Math.abs(change))}`}
      </Badge>
      <Text color="fg.muted">vs {beforeText}</Text>
    </HStack>
  )
}
