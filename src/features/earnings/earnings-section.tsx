import {
  Button,
  Field,
  Flex,
  Grid,
  Heading,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  type HeadingProps,
} from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router'
import { memo, useCallback, useDeferredValue, useId, useState, type ReactNode } from 'react'

import { MONTH_NAMES, type Network } from '@schemas/earnings'
import { accountsApi, resetEarningsCache } from '@/api/earnings'
import { membersApi } from '@/api/members'
import { AppIcon } from '@/components/layout/icons'
import { Card, EmptyState, ErrorState, PanelSkeleton } from '@/components/ui'
import { WhenNear } from '@/components/when-near'
import { downloadText } from '@/lib/csv'
import { onFirstUse } from '@/lib/intl'
import { toast } from '@/lib/toast'
import { useSettledText } from '@/lib/use-debounced'
import { useQueries, useQuery } from '@/lib/use-deferred-query'
import { useStages } from '@/lib/use-stages'

import { CountriesCard } from './countries-card'
import { DailyNetCard } from './daily-net-card'
import { earningsToCsv } from './earnings-csv'
import { countriesOptions, earningsOptions, hopsOptions } from './figures'
import { HopsCard } from './hops-card'
import { NetworkSummary } from './network-summary'
import {
  figuresQuery,
  monthsBegun,
  periodLabel,
  periodOf,
  previousPeriod,
  yearChoices,
  type Period,
} from './period'
import { readEarningsSearch, type EarningsSearch } from './search'

export const SEARCH_DEBOUNCE_MS = 300
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }))
const SEARCH_MAX = 100

interface Account {
  network: Network
  affiliateId: string
}

/**
 * The dashboard's earnings: the member's own ClickBank and Digistore24 accounts (spec point 7),
 * or a way to connect one when there is none.
 */
export function EarningsSection() {
  const clickbank = useQuery(membersApi.memberInfo.queryOptions({}))
  const digistore = useQuery(accountsApi.dgMemberInfo.queryOptions({}))
  const headingId = useId()

  const accounts: Account[] = []
  const cb = clickbank.data?.data.clickbank
  const ds = digistore.data?.data.digistore24
  if (cb) accounts.push({ network: 'clickbank', affiliateId: cb.affiliateId })
  if (ds) accounts.push({ network: 'digistore24', affiliateId: ds.affiliateId })
  const failed = [clickbank, digistore].filter((q) => q.isError)

  const heading = <EarningsHeading id={headingId} />
  // The heading stays at the top of one card in every state but an error, so it does not move
  // when the accounts arrive.
  let body
  if (clickbank.isPending || digistore.isPending) {
    body = (
      <Card>
        <Stack gap="4">
          {heading}
          <PanelSkeleton label="Loading your affiliate accounts" />
        </Stack>
      </Card>
    )
  } else if (accounts.length === 0 && failed.length > 0) {
    body = (
      <>
        {heading}
        <ErrorState
          title="Your affiliate accounts could not be loaded"
          message={failed[0]!.error!.message}
          onRetry={() => failed.forEach((q) => void q.refetch())}
          retrying={failed.some((q) => q.isFetching)}
        />
      </>
    )
  } else if (accounts.length === 0) {
    body = <NoAccount heading={heading} />
  } else {
    body = <EarningsBoard accounts={accounts} headingId={headingId} />
  }

  return (
    <Stack as="section" gap="5" aria-labelledby={headingId}>
      {body}
    </Stack>
  )
}

function EarningsHeading(props: HeadingProps) {
  return (
    <Heading as="h2" size="lg" {...props}>
      Earnings
    </Heading>
  )
}

function NoAccount({ heading }: { heading: ReactNode }) {
  return (
    <Card>
      {heading}
      <EmptyState
        title="No affiliate account connected"
        description="Connect your ClickBank or Digistore24 account to see your net earnings, refunds and chargebacks, sales by country and ClickBank hops here, for any month of the last five years."
        action={
          <Button asChild>
            <RouterLink to="/admin/accountdetail">Connect an affiliate account</RouterLink>
          </Button>
        }
      />
    </Card>
  )
}

// Each part reads what it needs of the period and product search in the address (see
// search.ts), and is drawn again only when that changed: structural sharing keeps an equal
// reading the same object.

function EarningsBoard({ accounts, headingId }: { accounts: Account[]; headingId: string }) {
  const navigate = useNavigate()
  // A new period or product shows in its field at once, and only the field is drawn in the
  // task of the choice (each field reads the address itself); the figures, and what is said of
  // them, follow in a render of their own, which React may interrupt: redrawing every card and
  // chart (or every field) in the same task as the choice kept a phone from answering.
  const shown = useDeferredValue(
    useSearch({ strict: false, structuralSharing: true, select: readEarningsSearch }),
  )
  const update = useCallback(
    (patch: (previous: EarningsSearch) => Partial<EarningsSearch>) =>
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({
          ...previous,
          ...patch(readEarningsSearch(previous)),
        }),
        replace: true,
      }),
    [navigate],
  )
  const onPeriod = useCallback<PeriodChange>(
    (change) =>
      update((previous) => {
        const next = change(periodOf(previous))
        return { year: next.year, month: next.month === null ? 'all' : next.month }
      }),
    [update],
  )
  const onProduct = useCallback(
    (next: string) => update(() => ({ search: next || undefined })),
    [update],
  )
  return (
    <>
      <ControlsCard
        headingId={headingId}
        accounts={accounts}
        search={shown}
        onPeriod={onPeriod}
        onProduct={onProduct}
      />
      <EarningsFigures accounts={accounts} search={shown} />
    </>
  )
}

/** The period and product fields, and the figures' actions and what they are of. */
const ControlsCard = memo(function ControlsCard({
  headingId,
  accounts,
  search,
  onPeriod,
  onProduct,
}: {
  headingId: string
  accounts: Account[]
  search: EarningsSearch
  onPeriod: PeriodChange
  onProduct: (search: string) => void
}) {
  const shown = useShownFigures(accounts, search)
  return (
    <Card>
      <Flex gap="4" wrap="wrap" align="flex-end">
        {/* On a wide screen the heading heads the row of fields; above them on a narrower one. */}
        <EarningsHeading
          id={headingId}
          w={{ base: 'full', lg: 'auto' }}
          me={{ lg: 'auto' }}
          alignSelf={{ lg: 'center' }}
        />
        <YearField onPeriod={onPeriod} />
        <MonthField onPeriod={onPeriod} />
        <ProductField onProduct={onProduct} />
        <FigureActions shown={shown} />
      </Flex>
      <FiguresNote shown={shown} />
    </Card>
  )
})

/** Each account with the queries of its figures in `period` and in the period before. */
function accountQueries(accounts: Account[], period: Period, product: string) {
  const before = previousPeriod(period)
  return accounts.map((a) => ({
    ...a,
    query: figuresQuery(a.affiliateId, period, product),
    previousQuery: figuresQuery(a.affiliateId, before, product),
  }))
}

const EarningsFigures = memo(function EarningsFigures({
  accounts,
  search,
}: {
  accounts: Account[]
  search: EarningsSearch
}) {
  const period = periodOf(search)
  const label = periodLabel(period)
  const beforeLabel = periodLabel(previousPeriod(period))
  const queries = accountQueries(accounts, period, (search.search ?? '').trim())
  const clickbank = queries.find((q) => q.network === 'clickbank')
  // The totals first; the charts, then the countries, in the renders that follow, each once
  // scrolled near.
  const stage = useStages(2)

  return (
    <>
      <SimpleGrid columns={{ base: 1, md: queries.length > 1 ? 2 : 1 }} gap="5">
        {queries.map((q) => (
          <NetworkSummary
            key={q.network}
            network={q.network}
            affiliateId={q.affiliateId}
            query={q.query}
            previousQuery={q.previousQuery}
            periodLabel={label}
            previousLabel={beforeLabel}
          />
        ))}
      </SimpleGrid>
      {stage >= 1 ? (
        <WhenNear label="Net earnings per day and hops">
          {/* The daily net beside the ClickBank hops on a wide screen: two thirds and one third. */}
          <Grid
            templateColumns={{
              base: 'minmax(0, 1fr)',
              md: clickbank ? 'minmax(0, 2fr) minmax(0, 1fr)' : 'minmax(0, 1fr)',
            }}
            gap="5"
          >
            <DailyNetCard accounts={queries} periodLabel={label} />
            {clickbank ? <HopsCard query={clickbank.query} periodLabel={label} /> : null}
          </Grid>
        </WhenNear>
      ) : null}
      {stage >= 2 ? (
        <WhenNear label="Sales by country">
          {/* Side by side while they fit, each as wide as its tables (one per currency) need. */}
          <Flex wrap="wrap" gap="5" align="flex-start">
            {queries.map((q) => (
              <CountriesCard key={q.network} network={q.network} query={q.query} />
            ))}
          </Flex>
        </WhenNear>
      ) : null}
    </>
  )
})

/** A change of the period, worked out from the period in the address when it is made. */
type PeriodChange = (change: (current: Period) => Period) => void

/** The year whose figures are shown (the month kept where that year has it). */
const YearField = memo(function YearField({ onPeriod }: { onPeriod: PeriodChange }) {
  const year = useSearch({ strict: false, select: (raw) => periodOf(readEarningsSearch(raw)).year })
  return (
    <Field.Root w={{ base: 'calc(50% - 0.5rem)', md: '32' }}>
      <Field.Label>Year</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={year}
          onChange={(event) => {
            const next = Number(event.target.value)
            onPeriod(({ month }) => ({
              year: next,
              month: month === null ? null : Math.min(month, monthsBegun(next)),
            }))
          }}
        >
          {yearChoices().map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
})

/** The month whose figures are shown, or the whole year. */
const MonthField = memo(function MonthField({ onPeriod }: { onPeriod: PeriodChange }) {
  const { year, month } = useSearch({
    strict: false,
    structuralSharing: true,
    select: (raw) => periodOf(readEarningsSearch(raw)),
  })
  return (
    <Field.Root w={{ base: 'calc(50% - 0.5rem)', md: '44' }}>
      <Field.Label>Month</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={month ?? 'all'}
          onChange={(event) => {
            const value = event.target.value
            onPeriod((current) => ({
              year: current.year,
              month: value === 'all' ? null : Number(value),
            }))
          }}
        >
          <option value="all">Whole year</option>
          {MONTH_NAMES.slice(0, monthsBegun(year)).map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  )
})

/** The product search, sent once typing pauses. */
const ProductField = memo(function ProductField({
  onProduct,
}: {
  onProduct: (search: string) => void
}) {
  const product = useSearch({
    strict: false,
    select: (raw) => readEarningsSearch(raw).search ?? '',
  })
  const [draft, setDraft] = useSettledText(product, onProduct, SEARCH_DEBOUNCE_MS)
  return (
    <Field.Root flex="1" minW={{ base: 'full', sm: '48' }}>
      <Field.Label>Product</Field.Label>
      <Input
        size="sm"
        type="search"
        placeholder="Search by product name"
        maxLength={SEARCH_MAX}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </Field.Root>
  )
})

/**
 * The figures of the period and product shown: the same queries the cards show, shared through
 * the cache.
 */
function useShownFigures(accounts: Account[], search: EarningsSearch) {
  const period = periodOf(search)
  const product = (search.search ?? '').trim()
  const queries = accountQueries(accounts, period, product)
  const figures = useQueries({
    queries: queries.flatMap((a) => [
      earningsOptions(a.network, a.query),
      countriesOptions(a.network, a.query),
      ...(a.network === 'clickbank' ? [hopsOptions(a.query)] : []),
    ]),
  })
  return { period, product, queries, figures }
}

type ShownFigures = ReturnType<typeof useShownFigures>

/** Refreshing the figures shown, and exporting them. */
function FigureActions({ shown: { period, queries, figures } }: { shown: ShownFigures }) {
  const client = useQueryClient()
  const [refreshing, setRefreshing] = useState(false)
  const ready = figures.some((f) => f.data)

  const exportCsv = () => {
    const rows = queries.map((a) => ({
      network: a.network,
      affiliateId: a.affiliateId,
      earnings: client.getQueryData(earningsOptions(a.network, a.query).queryKey)?.data,
      countries: client.getQueryData(countriesOptions(a.network, a.query).queryKey)?.data,
      hops:
        a.network === 'clickbank'
          ? client.getQueryData(hopsOptions(a.query).queryKey)?.data
          : undefined,
    }))
    const suffix =
      period.month === null
        ? `${period.year}`
        : `${period.year}-${String(period.month).padStart(2, '0')}`
    downloadText(earningsToCsv(rows), `earnings-${suffix}.csv`)
  }

  const refresh = async () => {
    setRefreshing(true)
    try {
      await resetEarningsCache(client)
      toast.success(`Figures refreshed for ${periodLabel(period)}`)
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <Flex gap="2" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => void refresh()} loading={refreshing}>
        <AppIcon name="refresh" size="16px" />
        Refresh figures
      </Button>
      <Button size="sm" onClick={exportCsv} disabled={!ready}>
        Export CSV
      </Button>
    </Flex>
  )
}

/** What the figures shown are of, and when they were fetched (a refresh moves it). */
function FiguresNote({ shown: { period, product, figures } }: { shown: ShownFigures }) {
  const fetchedAt = Math.max(0, ...figures.map((f) => f.dataUpdatedAt))
  return (
    <Text fontSize="sm" color="fg.muted" mt="3">
      {periodLabel(period)} compared with {periodLabel(previousPeriod(period))}
      {product ? `, products matching “${product}”` : ''}. Amounts stay in the currency they were
      paid in.
      {fetchedAt > 0 ? (
        <>
          {' '}
          Figures as of{' '}
          <time dateTime={new Date(fetchedAt).toISOString()}>{timeFormat.format(fetchedAt)}</time>.
        </>
      ) : null}
    </Text>
  )
}
