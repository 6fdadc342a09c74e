import { Box, Flex, Stack, Text } from '@chakra-ui/react'
import { Link, useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'

import { linkTo } from '@/lib/named-pages'

import { AppIcon } from './icons'
import { findNavItem, navGroups, visibleNavGroups, type NavItem } from './nav-items'
import { navLinkStyle } from './nav-link-style'
import { TOPBAR_HEIGHT } from './sizes'
import { useAreaLock } from './use-area-lock'

// Tooltips serve the collapsed icon rail only: their code loads when the rail is shown.
const NavTooltip = lazy(() => import('./nav-tooltip'))

export function Brand({ mini = false }: { mini?: boolean }) {
  return (
    <Flex
      align="center"
      gap="3"
      h={`${TOPBAR_HEIGHT}px`}
      px={mini ? '0' : '6'}
      justify={mini ? 'center' : 'flex-start'}
      flexShrink={0}
    >
      <Flex
        aria-hidden="true"
        align="center"
        justify="center"
        boxSize="40px"
        rounded="l3"
        bg="primary.solid"
        color="primary.contrast"
        fontWeight="bold"
        fontSize="sm"
        letterSpacing="wide"
      >
        MA
      </Flex>
      {mini ? (
        <Text srOnly>Members Area</Text>
      ) : (
        <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap">
          Members Area
        </Text>
      )}
    </Flex>
  )
}

function NavLink({
  item,
  mini,
  current,
  locked,
  onNavigate,
}: {
  item: NavItem
  mini: boolean
  current: boolean
  /** The member lacks the entry's area: it opens on the lock panel. */
  locked: boolean
  onNavigate?: () => void
}) {
  const name = locked ? `${item.label} (locked)` : item.label
  const link = (
    <Flex
      asChild
      align="center"
      gap="3"
      minH="44px"
      px={mini ? '0' : '4'}
      justify={mini ? 'center' : 'flex-start'}
      rounded="l2"
      color="fg.muted"
      fontWeight="medium"
      {...navLinkStyle}
      _currentPage={{ bg: 'primary.solid', color: 'primary.contrast' }}
    >
      <Link
        {...linkTo(item.path)}
        onClick={onNavigate}
        aria-label={mini || locked ? name : undefined}
        aria-current={current ? 'page' : undefined}
      >
        <AppIcon name={item.icon} />
        {/* The label takes its direction from its words: "20 ways to promote" keeps its order
            in a right-to-left page. */}
        {!mini && <span dir="auto">{item.label}</span>}
        {!mini && locked ? (
          <Box as="span" ms="auto" display="inline-flex" aria-hidden="true">
            <AppIcon name="lock" size="14px" />
          </Box>
        ) : null}
      </Link>
    </Flex>
  )
  if (!mini) return link
  return (
    <Suspense fallback={link}>
      <NavTooltip label={name}>{link}</NavTooltip>
    </Suspense>
  )
}

/** Brand and grouped navigation; used by the fixed sidebar and by the drawer below `lg`. */
export function SidebarContent({
  mini = false,
  onNavigate,
}: {
  mini?: boolean
  onNavigate?: () => void
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const current = findNavItem(pathname)?.path
  const isLocked = useAreaLock()
  return (
    <Flex direction="column" h="full" minH="0">
      <Brand mini={mini} />
      <Box as="nav" aria-label="Main" flex="1" overflowY="auto" px={mini ? '3' : '4'} pb="6">
        {visibleNavGroups(navGroups).map((group) => (
          <Box as="section" key={group.label} aria-label={group.label} mt="4">
            {mini ? (
              <Box aria-hidden="true" h="1px" bg="border" mx="2" mb="3" />
            ) : (
              <Text
                fontSize="xs"
                fontWeight="bold"
                textTransform="uppercase"
                letterSpacing="wider"
                color="fg.subtle"
                px="4"
                mb="2"
              >
                {group.label}
              </Text>
            )}
            <Stack as="ul" gap="1" listStyleType="none" m="0" p="0">
              {group.items.map((item) => (
                <li key={item.path}>
                  <NavLink
                    item={item}
                    mini={mini}
                    current={item.path === current}
                    locked={isLocked(item.area)}
                    onNavigate={onNavigate}
                  />
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </Box>
    </Flex>
  )
}
