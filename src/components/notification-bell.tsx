import { Box, IconButton } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'

import { liveCode } from '@/lib/live-code'
import { useUnread } from '@/lib/live-unread'

import { AppIcon } from './layout/icons'

/** What tells that the member is at the page: the live stream starts with the first. */
const ACTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const
/** Without an act, the live stream starts this long after the page opened. */
const UNTOUCHED_MS = 10_000

/**
 * Runs `start` at the member's first act on the page, or after `UNTOUCHED_MS`: the live stream
 * and its code are no part of opening a screen.
 */
const onFirstAct = (start: () => void) => {
  const run = () => {
    cancel()
    start()
  }
  const timer = setTimeout(run, UNTOUCHED_MS)
  const cancel = () => {
    clearTimeout(timer)
    for (const act of ACTS) window.removeEventListener(act, run, { capture: true })
  }
  for (const act of ACTS) window.addEventListener(act, run, { capture: true, passive: true })
  return cancel
}

/**
 * The top bar's bell: the number of unread notifications, kept live, and the way to them. The
 * live stream and its code start at the member's first act on the page (or after a while).
 */
export function NotificationBell() {
  const unread = useUnread()
  const client = useQueryClient()
  useEffect(() => {
    let stop: (() => void) | undefined
    let gone = false
    const cancel = onFirstAct(() => {
      const code = import('@/lib/live-events')
      liveCode.arriving = code
      void code.then((live) => {
        if (!gone) stop = live.startLive(client)
      })
    })
    return () => {
      gone = true
      cancel()
      stop?.()
    }
  }, [client])
  const label = unread ? `Notifications, ${unread} unread` : 'Notifications'
  return (
    <IconButton
      asChild
      variant="ghost"
      aria-label={label}
      title="Notifications"
      position="relative"
    >
      <Link to="/admin/notifications">
        <AppIcon name="bell" />
        {unread ? (
          <Box
            as="span"
            aria-hidden
            position="absolute"
            top="1"
            insetEnd="1"
            minW="4.5"
            h="4.5"
            px="1"
            borderRadius="full"
            bg="red.solid"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="4.5"
            textAlign="center"
          >
            {unread > 99 ? '99+' : unread}
          </Box>
        ) : null}
      </Link>
    </IconButton>
  )
}
