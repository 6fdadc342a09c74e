import {
  Box,
  Button,
  chakra,
  Link as ChakraLink,
  Checkbox,
  Heading,
  HStack,
  Stack,
  Text,
} from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type RefObject } from 'react'

import type { QuickCashFile, QuickPlan } from '@schemas/tool-content'
import { AreaGate } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { PageHeader } from '@/components/ui'
import { linkTo } from '@/lib/named-pages'

import { usePlanProgress } from './plan-progress'
import { FocusHeading, PlanBadges, PlansContent, WatchOutList } from './tool-parts'

/** The phone column: full width on a phone, centred on a desktop. */
const PHONE_COLUMN = '480px'

/** The quick-start plans on a phone: pick a plan, then tick its days off one by one. */
export function PhonePlansScreen() {
  return (
    <Box maxW={PHONE_COLUMN} mx="auto" minW="0">
      <Button asChild variant="ghost" size="sm" minH="48px" ms="-3" mb="1">
        <Link {...linkTo('/admin/mobilenav')}>
          <AppIcon
            name="chevronLeft"
            size="18px"
            css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
          />
          Back
        </Link>
      </Button>
      <PageHeader
        title="Quick-start plans"
        crumbs={[{ label: 'Phone home', to: '/admin/mobilenav' }, { label: 'Quick-start plans' }]}
      />
      <AreaGate area="quickCash">
        <PhonePlans />
      </AreaGate>
    </Box>
  )
}

function PhonePlans() {
  return <PlansContent>{(file) => <PlanFlow file={file} />}</PlansContent>
}

function PlanFlow({ file }: { file: QuickCashFile }) {
  const [slug, setSlug] = useState<string | null>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  const plan = file.plans.find((p) => p.slug === slug)

  // Each switch between the picker and a plan starts at its heading, read out and in view.
  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    headingRef.current?.focus()
  }, [slug])

  const go = (next: string | null) => {
    moved.current = true
    setSlug(next)
  }

  return plan ? (
    <PlanSteps plan={plan} headingRef={headingRef} onBack={() => go(null)} />
  ) : (
    <Stack gap="4">
      <FocusHeading size="md" ref={headingRef}>
        Choose a plan
      </FocusHeading>
      <Text fontSize="sm" color="fg.muted">
        Each plan pairs one type of offer with one free traffic channel and gives you a task for
        each of the next seven days.
      </Text>
      <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Quick-start plans">
        {file.plans.map((p) => (
          <li key={p.slug}>
            <PlanCard plan={p} onChoose={() => go(p.slug)} />
          </li>
        ))}
      </Stack>
    </Stack>
  )
}

/** A big tappable card: the plan's title over its channel and offer type. */
function PlanCard({ plan, onChoose }: { plan: QuickPlan; onChoose: () => void }) {
  const { progress } = usePlanProgress(plan.slug)
  const done = plan.days.filter((d) => progress.days.includes(d.day)).length
  return (
    <chakra.button
      type="button"
      onClick={onChoose}
      w="full"
      minH="48px"
      display="flex"
      alignItems="center"
      gap="3"
      p="4"
      textAlign="start"
      bg="bg.panel"
      color="fg"
      rounded="l3"
      boxShadow="card"
      cursor="pointer"
      transition="background 0.15s"
      _hover={{ bg: 'primary.subtle' }}
      _focusVisible={{
        outline: '2px solid',
        outlineColor: 'primary.focusRing',
        outlineOffset: '2px',
      }}
    >
      <Stack gap="1" flex="1" minW="0">
        <Text as="span" fontWeight="semibold">
          {plan.title}
        </Text>
        <Text as="span" fontSize="sm" color="fg.muted">
          {plan.traffic} · {plan.offerType}
        </Text>
        {done > 0 ? (
          <Text as="span" fontSize="xs" color="primary.fg">
            {done} of {plan.days.length} days done
          </Text>
        ) : null}
      </Stack>
      <Box color="fg.muted" flexShrink={0} aria-hidden="true">
        <AppIcon
          name="chevronRight"
          size="20px"
          css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
        />
      </Box>
    </chakra.button>
  )
}

function PlanSteps({
  plan,
  headingRef,
  onBack,
}: {
  plan: QuickPlan
  headingRef: RefObject<HTMLHeadingElement | null>
  onBack: () => void
}) {
  const { progress, setDay } = usePlanProgress(plan.slug)
  const done = plan.days.filter((d) => progress.days.includes(d.day)).length
  return (
    <Stack gap="5">
      <Button variant="outline" size="sm" minH="48px" alignSelf="flex-start" onClick={onBack}>
        All plans
      </Button>
      <Stack gap="2">
        <FocusHeading size="lg" ref={headingRef}>
          {plan.title}
        </FocusHeading>
        <PlanBadges plan={plan} />
        <Text fontSize="sm">{plan.summary}</Text>
      </Stack>

      <Box as="section" aria-labelledby="phone-plan-days">
        <HStack justify="space-between" align="baseline" mb="3" gap="3">
          <Heading as="h3" size="md" id="phone-plan-days">
            Your 7 days
          </Heading>
          <Text fontSize="sm" color="fg.muted" role="status">
            {done} of {plan.days.length} done
          </Text>
        </HStack>
        <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" aria-labelledby="phone-plan-days">
          {plan.days.map((day) => {
            const checked = progress.days.includes(day.day)
            return (
              <Box
                as="li"
                key={day.day}
                p="4"
                bg="bg.panel"
                rounded="l3"
                boxShadow="card"
                borderStartWidth="4px"
                borderStartColor={checked ? 'green.solid' : 'primary.solid'}
              >
                <Stack gap="1">
                  <Text fontSize="xs" fontWeight="semibold" color="primary.fg">
                    Day {day.day}
                  </Text>
                  <Text fontWeight="semibold">{day.task}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {day.detail}
                  </Text>
                  <Checkbox.Root
                    size="lg"
                    minH="48px"
                    mt="1"
                    checked={checked}
                    onCheckedChange={(details) => setDay(day.day, details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      <Text as="span" srOnly>
                        Day {day.day}
                      </Text>{' '}
                      Done
                    </Checkbox.Label>
                  </Checkbox.Root>
                </Stack>
              </Box>
            )
          })}
        </Stack>
        <Text fontSize="sm" color="fg.muted" mt="3">
          Your progress is kept in this browser.
        </Text>
      </Box>

      <Box as="section" aria-labelledby="phone-plan-watch">
        <Heading as="h3" size="md" id="phone-plan-watch" mb="3">
          Watch out
        </Heading>
        <WatchOutList plan={plan} fontSize="sm" />
      </Box>

      <ChakraLink asChild color="primary.fg" minH="48px" display="inline-flex" alignItems="center">
        <Link to="/admin/quickcash/viralspreadsheet" search={{ plan: plan.slug }}>
          Open the full plan with its checklist
        </Link>
      </ChakraLink>
    </Stack>
  )
}
