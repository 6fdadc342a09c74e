import {
  Badge,
  Box,
  Button,
  Link as ChakraLink,
  Checkbox,
  Flex,
  Grid,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react'

import type { QuickCashFile, QuickPlan } from '@schemas/tool-content'
import { AppIcon } from '@/components/layout/icons'
import { useWide } from '@/components/layout/use-wide'
import {
  DataTable,
  FilterSelect,
  NoMatches,
  useSearchUpdate,
  type Column,
} from '@/components/list-kit'
import { Card } from '@/components/ui'
import { linkTo } from '@/lib/named-pages'

import { usePlanProgress } from './plan-progress'
import {
  distinct,
  FocusHeading,
  PlanBadges,
  PlansContent,
  ToolScreen,
  WatchOutList,
} from './tool-parts'

const route = getRouteApi('/admin/quickcash/viralspreadsheet')

/**
 * The 7-day quick-start plans as a sheet, filtered by traffic channel and offer type; the plan
 * chosen shows its days, its checklist (ticks kept in this browser) and what to watch out for.
 */
export function PlansSheetScreen() {
  return (
    <ToolScreen
      title="Quick-start plans"
      actions={
        <Button asChild size="sm" variant="outline">
          <Link {...linkTo('/admin/mobquickcash')}>
            <AppIcon name="phone" size="16px" />
            Phone version
          </Link>
        </Button>
      }
    >
      <Plans />
    </ToolScreen>
  )
}

function Plans() {
  return <PlansContent>{(file) => <PlanSheet file={file} />}</PlansContent>
}

function PlanSheet({ file }: { file: QuickCashFile }) {
  const search = route.useSearch()
  const filter = useSearchUpdate()
  const wide = useWide()
  const traffic = search.traffic ?? ''
  const offer = search.offer ?? ''
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusPending = useRef(false)

  const channels = useMemo(() => distinct(file.plans.map((p) => p.traffic)).sort(), [file.plans])
  const offers = useMemo(() => distinct(file.plans.map((p) => p.offerType)).sort(), [file.plans])
  const shown = file.plans.filter(
    (plan) => (!traffic || plan.traffic === traffic) && (!offer || plan.offerType === offer),
  )
  const chosen = file.plans.find((plan) => plan.slug === search.plan)

  // A plan picked from the sheet takes the focus, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (chosen && focusPending.current) {
      focusPending.current = false
      headingRef.current?.focus()
    }
  }, [chosen])

  // The plan shown already: its heading takes the focus now, no address change will follow.
  const pick = (already: boolean) => {
    if (already) headingRef.current?.focus()
    else focusPending.current = true
  }

  return (
    <Stack gap="6">
      <Text color="fg.muted" maxW="3xl">
        {file.intro}
      </Text>
      <Stack gap="4">
        <Flex gap="3" wrap="wrap" align="flex-end" role="group" aria-label="Filter the plans">
          <FilterSelect
            label="Traffic channel"
            allLabel="All channels"
            value={traffic}
            options={channels.map((c) => ({ value: c, label: c }))}
            onChange={(value) => filter({ traffic: value })}
          />
          <FilterSelect
            label="Offer type"
            allLabel="All offer types"
            value={offer}
            options={offers.map((o) => ({ value: o, label: o }))}
            onChange={(value) => filter({ offer: value })}
          />
          <Text fontSize="sm" color="fg.muted" role="status" pb="1.5">
            {shown.length} of {file.plans.length} plans
          </Text>
        </Flex>
        {shown.length === 0 ? (
          <NoMatches
            title="No plan matches these filters"
            description="Choose another traffic channel or offer type."
            size="sm"
            onClear={() => filter({ traffic: undefined, offer: undefined })}
          />
        ) : wide ? (
          <PlanTable plans={shown} chosen={chosen} onPick={pick} />
        ) : (
          <PlanCards plans={shown} chosen={chosen} onPick={pick} />
        )}
      </Stack>
      {chosen ? (
        <PlanDetail key={chosen.slug} plan={chosen} wide={wide} headingRef={headingRef} />
      ) : (
        <Card>
          <Text color="fg.muted" textAlign="center">
            Choose a plan above to see its 7 days, its checklist and what to watch out for.
          </Text>
        </Card>
      )}
    </Stack>
  )
}

function PickLink({
  plan,
  chosen,
  onPick,
}: {
  plan: QuickPlan
  chosen: boolean
  onPick: (already: boolean) => void
}) {
  return (
    <ChakraLink asChild color="primary.fg" fontWeight="medium">
      <Link
        from="/admin/quickcash/viralspreadsheet"
        search={(old) => ({ ...old, plan: plan.slug })}
        replace
        resetScroll={false}
        aria-current={chosen ? 'true' : undefined}
        onClick={() => onPick(chosen)}
      >
        {plan.title}
      </Link>
    </ChakraLink>
  )
}

function PlanTable({
  plans,
  chosen,
  onPick,
}: {
  plans: QuickPlan[]
  chosen: QuickPlan | undefined
  onPick: (already: boolean) => void
}) {
  const columns: Column<QuickPlan>[] = [
    {
      key: 'plan',
      header: 'Plan',
      cell: (plan) => <PickLink plan={plan} chosen={plan.slug === chosen?.slug} onPick={onPick} />,
      headerProps: { minW: '56' },
    },
    { key: 'offer', header: 'Offer type', cell: (plan) => plan.offerType },
    {
      key: 'traffic',
      header: 'Traffic channel',
      cell: (plan) => <Badge variant="outline">{plan.traffic}</Badge>,
    },
    {
      key: 'whoFor',
      header: 'Who it is for',
      cell: (plan) => plan.whoFor,
      headerProps: { minW: '64' },
      cellProps: { color: 'fg.muted' },
    },
  ]
  return (
    <DataTable
      label="Quick-start plans"
      columns={columns}
      rows={plans}
      rowKey={(plan) => plan.slug}
      rowProps={(plan) => ({ bg: plan.slug === chosen?.slug ? 'primary.subtle' : undefined })}
      cellProps={{ verticalAlign: 'top' }}
    />
  )
}

function PlanCards({
  plans,
  chosen,
  onPick,
}: {
  plans: QuickPlan[]
  chosen: QuickPlan | undefined
  onPick: (already: boolean) => void
}) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Quick-start plans">
      {plans.map((plan) => {
        const current = plan.slug === chosen?.slug
        return (
          <Box
            as="li"
            key={plan.slug}
            borderWidth="1px"
            borderColor={current ? 'primary.solid' : 'border'}
            borderRadius="l2"
            p="3"
            bg={current ? 'primary.subtle' : 'bg.panel'}
            minW="0"
          >
            <Stack gap="2">
              <Heading as="h2" size="sm">
                <PickLink plan={plan} chosen={current} onPick={onPick} />
              </Heading>
              <PlanBadges plan={plan} />
              <Text fontSize="sm" color="fg.muted">
                {plan.whoFor}
              </Text>
            </Stack>
          </Box>
        )
      })}
    </Stack>
  )
}

/** A titled panel inside the plan, one heading level under the plan's own. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" aria-label={title} minW="0">
      <Stack gap="3">
        <Heading as="h3" size="md">
          {title}
        </Heading>
        {children}
      </Stack>
    </Card>
  )
}

type PlanDay = QuickPlan['days'][number]

const dayColumns = (dayCheck: (day: number) => ReactNode): Column<PlanDay>[] => [
  {
    key: 'day',
    header: 'Day',
    cell: (day) => day.day,
    headerProps: { w: '16' },
    cellProps: { fontWeight: 'semibold' },
  },
  {
    key: 'task',
    header: 'Task',
    cell: (day) => day.task,
    headerProps: { minW: '48' },
    cellProps: { fontWeight: 'medium' },
  },
  {
    key: 'detail',
    header: 'Detail',
    cell: (day) => day.detail,
    headerProps: { minW: '72' },
    cellProps: { color: 'fg.muted' },
  },
  { key: 'done', header: 'Done', cell: (day) => dayCheck(day.day), headerProps: { w: '16' } },
]

function PlanDetail({
  plan,
  wide,
  headingRef,
}: {
  plan: QuickPlan
  wide: boolean
  headingRef: RefObject<HTMLHeadingElement | null>
}) {
  const { progress, setItem, setDay } = usePlanProgress(plan.slug)
  const ticked = plan.checklist.filter((item) => progress.checklist.includes(item)).length
  const daysDone = plan.days.filter((d) => progress.days.includes(d.day)).length

  const dayCheck = (day: number) => (
    <Checkbox.Root
      checked={progress.days.includes(day)}
      onCheckedChange={(details) => setDay(day, details.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>Day {day} done</Checkbox.Label>
    </Checkbox.Root>
  )

  return (
    <Stack as="section" gap="4" aria-labelledby="plan-title">
      <Stack gap="2">
        <FocusHeading size="xl" id="plan-title" ref={headingRef}>
          {plan.title}
        </FocusHeading>
        <PlanBadges plan={plan} />
        <Text maxW="3xl">{plan.summary}</Text>
        <Text fontSize="sm" color="fg.muted">
          {plan.whoFor}
        </Text>
      </Stack>

      <Section title="Your 7 days">
        <Text fontSize="sm" color="fg.muted">
          {daysDone} of {plan.days.length} days done
        </Text>
        {wide ? (
          <DataTable
            label={`Days of ${plan.title}`}
            framed={false}
            columns={dayColumns(dayCheck)}
            rows={plan.days}
            rowKey={(day) => day.day}
            cellProps={{ verticalAlign: 'top' }}
          />
        ) : (
          <Stack as="ol" gap="4" listStyleType="none" m="0" p="0">
            {plan.days.map((day) => (
              <Stack as="li" key={day.day} gap="1">
                <HStack justify="space-between" gap="3">
                  <Text fontWeight="semibold">
                    Day {day.day}: {day.task}
                  </Text>
                  {dayCheck(day.day)}
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {day.detail}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Section>

      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4">
        <Section title="Checklist">
          <Text fontSize="sm" color="fg.muted">
            Your progress is kept in this browser. {ticked} of {plan.checklist.length} done.
          </Text>
          <Stack gap="3">
            {plan.checklist.map((item) => (
              <Checkbox.Root
                key={item}
                alignItems="flex-start"
                checked={progress.checklist.includes(item)}
                onCheckedChange={(details) => setItem(item, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label fontWeight="normal">{item}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Section>
        <Section title="Watch out">
          <WatchOutList plan={plan} />
        </Section>
      </Grid>
    </Stack>
  )
}
