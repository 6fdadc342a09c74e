import { Box, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'

import type { AreaKey } from '@schemas/access'
import { AppIcon, type IconName } from '@/components/layout/icons'
import { navGroups, visibleNavGroups } from '@/components/layout/nav-items'
import { navLinkStyle } from '@/components/layout/nav-link-style'
import { useAreaLock } from '@/components/layout/use-area-lock'
import { PageHeader } from '@/components/ui'
import { linkTo, type AppPath } from '@/lib/named-pages'

import { PHONE_NICHE_LIST } from './phone-niches'

const HOME_PATH = '/admin/mobilenav'

interface Target {
  label: string
  path: AppPath
  icon: IconName
  area?: AreaKey | undefined
}

/** The phone flows, first on the phone home: what members come to it for. */
const quickPosts: Target[] = PHONE_NICHE_LIST.map((flow) => ({
  label: `Quick post: ${flow.label}`,
  path: flow.steps[0],
  icon: 'edit',
  area: 'niches',
}))

/** A big tile: icon over label, at least 64 px tall, with the sidebar's lock when locked. */
function TargetTile({ target, locked }: { target: Target; locked: boolean }) {
  return (
    <Flex
      asChild
      direction="column"
      align="center"
      justify="center"
      gap="2"
      minH="88px"
      h="full"
      p="3"
      position="relative"
      textAlign="center"
      bg="bg.panel"
      rounded="l3"
      boxShadow="card"
      color="fg"
      fontWeight="medium"
      fontSize="sm"
      {...navLinkStyle}
    >
      <Link {...linkTo(target.path)} aria-label={locked ? `${target.label} (locked)` : undefined}>
        <Box color="primary.solid">
          <AppIcon name={target.icon} size="28px" />
        </Box>
        <span dir="auto">{target.label}</span>
        {locked ? (
          <Box
            as="span"
            position="absolute"
            top="2"
            insetEnd="2"
            color="fg.muted"
            display="inline-flex"
            aria-hidden="true"
          >
            <AppIcon name="lock" size="14px" />
          </Box>
        ) : null}
      </Link>
    </Flex>
  )
}

function TargetGroup({
  label,
  targets,
  isLocked,
}: {
  label: string
  targets: Target[]
  isLocked: (area: AreaKey | undefined) => boolean
}) {
  const id = `phone-home-${label.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h2" id={id} size="sm" color="fg.muted" mb="3">
        {label}
      </Heading>
      <SimpleGrid
        as="ul"
        columns={{ base: 2, sm: 3, lg: 4 }}
        gap="3"
        listStyleType="none"
        m="0"
        p="0"
      >
        {targets.map((target) => (
          <li key={target.path}>
            <TargetTile target={target} locked={isLocked(target.area)} />
          </li>
        ))}
      </SimpleGrid>
    </Box>
  )
}

/** The phone's start screen: every area of the sidebar as big tiles, and the quick posts. */
export function PhoneHomeScreen() {
  const isLocked = useAreaLock()
  const groups = visibleNavGroups(navGroups)
    .map((group) => ({
      label: group.label,
      targets: group.items.filter((item) => item.path !== HOME_PATH),
    }))
    .filter((group) => group.targets.length > 0)

  return (
    <Box maxW="4xl" mx="auto">
      <PageHeader
        title="Phone home"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Phone home' }]}
      />
      <Stack gap="8">
        <Box>
          <TargetGroup label="Quick posts" targets={quickPosts} isLocked={isLocked} />
          <Text fontSize="sm" color="fg.muted" mt="3">
            Write a post in three steps: pick an angle, write it, save it.
          </Text>
        </Box>
        {groups.map((group) => (
          <TargetGroup
            key={group.label}
            label={group.label}
            targets={group.targets}
            isLocked={isLocked}
          />
        ))}
      </Stack>
    </Box>
  )
}
