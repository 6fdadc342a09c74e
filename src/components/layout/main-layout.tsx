import { Box, Flex, IconButton, SkipNavLink, useMediaQuery } from '@chakra-ui/react'
import { useRouterState } from '@tanstack/react-router'
import { lazy, useState, type ReactNode } from 'react'

import { CustomizerButton } from '@/components/customizer-button'
import { LazyOverlay, useLazyOverlay } from '@/components/lazy-overlay'
import { NotificationBell } from '@/components/notification-bell'
import { SearchPaletteButton } from '@/components/search-palette'
import { useAppearance } from '@/stores/appearance'

import { AppIcon } from './icons'
import { SidebarContent } from './sidebar'
import { LG_BREAKPOINT, MINI_SIDEBAR_WIDTH, SIDEBAR_WIDTH, TOPBAR_HEIGHT } from './sizes'

// The drawer loads on first use: the shell's first paint does not wait for it.
const NavDrawer = lazy(() => import('./nav-drawer'))

/**
 * The signed-in shell: a fixed sidebar (280 px, or a 100 px icon rail when collapsed) from `lg`
 * up, a drawer below it, and a 70 px top bar. Only logical properties are used, so `dir="rtl"`
 * on <html> mirrors the whole layout.
 */
export function MainLayout({ children, userMenu }: { children: ReactNode; userMenu: ReactNode }) {
  const isCollapse = useAppearance((s) => s.isCollapse)
  const toggleCollapse = useAppearance((s) => s.toggleCollapse)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const drawer = useLazyOverlay()
  // From `lg` up the fixed sidebar takes over: a drawer left open must not trap focus unseen.
  // Read at once, so a phone's first render skips the sidebar it would only hide; the build's
  // prerender (no window) draws it, and CSS hides it below `lg`.
  const [isDesktop] = useMediaQuery([`(min-width: ${LG_BREAKPOINT}px)`], {
    ssr: import.meta.env.SSR,
  })
  // Any navigation (a link, the back button, a redirect) closes the drawer.
  const [drawerPath, setDrawerPath] = useState(pathname)
  if (drawerPath !== pathname) {
    setDrawerPath(pathname)
    if (drawer.open) drawer.setOpen(false)
  }

  const sidebarWidth = isCollapse ? MINI_SIDEBAR_WIDTH : SIDEBAR_WIDTH

  return (
    <Box minH="100dvh" bg="bg.page">
      <SkipNavLink id="main-content">Skip to content</SkipNavLink>
      <Box
        as="aside"
        aria-label="Sidebar"
        hideBelow="lg"
        position="fixed"
        insetBlock="0"
        insetInlineStart="0"
        w={`${sidebarWidth}px`}
        bg="bg.panel"
        borderInlineEndWidth="1px"
        borderColor="border"
        zIndex="sticky"
        transition="width 0.2s ease"
        overflow="hidden"
      >
        {import.meta.env.SSR || isDesktop ? <SidebarContent mini={isCollapse} /> : null}
      </Box>

      <LazyOverlay loaded={drawer.loaded}>
        <NavDrawer open={drawer.open && !isDesktop} onOpenChange={drawer.setOpen} />
      </LazyOverlay>

      <Flex
        direction="column"
        minH="100dvh"
        paddingInlineStart={{ base: '0', lg: `${sidebarWidth}px` }}
        data-print-flat
        transition="padding 0.2s ease"
      >
        <Flex
          as="header"
          position="sticky"
          top="0"
          zIndex="docked"
          h={`${TOPBAR_HEIGHT}px`}
          flexShrink={0}
          align="center"
          gap={{ base: '1', sm: '2' }}
          px={{ base: '2', sm: '4', lg: '6' }}
          bg="bg.panel"
          boxShadow="topbar"
        >
          <IconButton
            hideFrom="lg"
            variant="ghost"
            aria-label="Open navigation"
            aria-expanded={drawer.open}
            onClick={drawer.show}
          >
            <AppIcon name="menu" />
          </IconButton>
          <IconButton
            hideBelow="lg"
            variant="ghost"
            aria-label={isCollapse ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-pressed={isCollapse}
            onClick={toggleCollapse}
          >
            <AppIcon
              name={isCollapse ? 'expand' : 'collapse'}
              // The arrow points along the reading direction.
              css={{ '[dir=rtl] &': { transform: 'scaleX(-1)' } }}
            />
          </IconButton>
          {/* The screen's own header names it: the bar holds only the tools. */}
          <Box flex="1" />
          <SearchPaletteButton />
          <NotificationBell />
          <CustomizerButton />
          <Box flexShrink={0}>{userMenu}</Box>
        </Flex>

        <Box
          as="main"
          id="main-content"
          tabIndex={-1}
          outline="none"
          flex="1"
          minW="0"
          p={{ base: '3', sm: '4', lg: '6' }}
        >
          {children}
        </Box>
      </Flex>
    </Box>
  )
}
