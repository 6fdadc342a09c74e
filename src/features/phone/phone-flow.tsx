import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { type ComponentType, type ReactNode } from 'react'

import type { Niche } from '@schemas/niches'
import { AreaGate } from '@/components/area-gate'
import { AppIcon } from '@/components/layout/icons'
import { PageHeader } from '@/components/ui'
import { linkTo, type AppPath } from '@/lib/named-pages'

import { capitalise, PHONE_NICHES, STEP_NAMES, type StepNumber } from './phone-niches'

/** The phone column: full width on a phone, centred on a desktop. */
export const PHONE_COLUMN = '480px'

/** Where each step's Back goes: the phone home from the first, the step before from the rest. */
function backOf(niche: Niche, step: StepNumber): AppPath {
  return step === 1 ? '/admin/mobilenav' : PHONE_NICHES[niche].steps[step - 2]!
}

function StepIndicator({ step }: { step: StepNumber }) {
  return (
    <Box as="nav" aria-label="Steps" mb="5">
      <Text fontWeight="semibold" mb="2">
        Step {step} of 3: {STEP_NAMES[step - 1]}
      </Text>
      <Flex as="ol" gap="2" listStyleType="none" m="0" p="0">
        {STEP_NAMES.map((name, index) => {
          const number = index + 1
          const state = number < step ? 'done' : number === step ? 'current' : 'next'
          return (
            <Box
              as="li"
              key={name}
              flex="1"
              minW="0"
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <Box
                aria-hidden="true"
                h="6px"
                rounded="full"
                bg={state === 'next' ? 'bg.emphasized' : 'primary.solid'}
              />
              <Text
                mt="1"
                fontSize="xs"
                color={state === 'current' ? 'fg' : 'fg.muted'}
                fontWeight={state === 'current' ? 'semibold' : 'normal'}
              >
                {name}
                {state === 'done' ? (
                  <Text as="span" srOnly>
                    {' (done)'}
                  </Text>
                ) : null}
              </Text>
            </Box>
          )
        })}
      </Flex>
    </Box>
  )
}

/**
 * The frame of every step of a niche's phone flow: title, a Back button, the step indicator and
 * the niche-sheets gate around the step's own content.
 */
export function PhoneFlow({
  niche,
  step,
  children,
}: {
  niche: Niche
  step: StepNumber
  children: ReactNode
}) {
  const label = PHONE_NICHES[niche].label
  return (
    <Box maxW={PHONE_COLUMN} mx="auto">
      <Button asChild variant="ghost" size="sm" minH="48px" ms="-3" mb="1">
        <Link {...linkTo(backOf(niche, step))}>
          <AppIcon
            name="chevronLeft"
            size="18px"
            css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
          />
          Back
        </Link>
      </Button>
      <PageHeader
        title={`Quick post: ${label}`}
        crumbs={[
          { label: 'Phone home', to: '/admin/mobilenav' },
          { label: `${capitalise(label)} post` },
        ]}
      />
      <AreaGate area="niches">
        <StepIndicator step={step} />
        {children}
      </AreaGate>
    </Box>
  )
}

/** A step's screen: `Step`, the step's own content, in the flow's frame. */
export const phoneStep = (step: StepNumber, Step: ComponentType<{ niche: Niche }>) =>
  function PhoneStepScreen({ niche }: { niche: Niche }) {
    return (
      <PhoneFlow niche={niche} step={step}>
        <Step niche={niche} />
      </PhoneFlow>
    )
  }
