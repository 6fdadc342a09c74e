import { Badge, Button, Dialog, HStack, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

import { lazyDateFormat } from '@/lib/intl'
import {
  discardWrite,
  retryWrite,
  startWriteQueue,
  useQueuedWrites,
  type QueuedWrite,
} from '@/lib/write-queue'

import { useOffline } from './offline-banner'
import { ConfirmDialog } from './ui'
import { DialogShell } from './ui/dialogs'

const madeFormat = lazyDateFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** The button's words: how many changes wait, and how many the server refused. */
export function waitingSummary(writes: readonly QueuedWrite[]) {
  const failed = writes.filter((w) => w.state === 'failed').length
  const waiting = writes.length - failed
  const parts = []
  if (waiting) parts.push(waiting === 1 ? '1 change waiting' : `${waiting} changes waiting`)
  if (failed) parts.push(failed === 1 ? '1 change not saved' : `${failed} changes not saved`)
  return parts.join(', ')
}

/**
 * The changes made without a connection that the server has not taken yet: a button in the
 * corner while there are any, and the list behind it, where a refused change shows the server's
 * message with Retry and Discard. Loaded once the signed-in app is idle.
 */
export default function WaitingChanges() {
  const queryClient = useQueryClient()
  const writes = useQueuedWrites()
  const offline = useOffline()
  const [open, setOpen] = useState(false)
  useEffect(() => startWriteQueue(queryClient), [queryClient])
  // The list closes once nothing is left in it (the last change sent or discarded); it stays
  // mounted, closed, so the dialog gives the page back (focus, scrolling, pointer events).
  if (open && !writes.length) setOpen(false)
  const failed = writes.some((w) => w.state === 'failed')
  return (
    <>
      {writes.length ? (
        <Button
          position="fixed"
          insetEnd="4"
          // Offline, the bar along the bottom (up to three lines on a phone) takes the corner:
          // the button sits just above it, clear of the page header's buttons.
          bottom={offline ? 'calc(var(--offline-bar, 0px) + 8px)' : '4'}
          zIndex="toast"
          size="sm"
          rounded="full"
          shadow="md"
          colorPalette={failed ? 'red' : 'gray'}
          variant="solid"
          onClick={() => setOpen(true)}
        >
          {waitingSummary(writes)}
        </Button>
      ) : null}
      <DialogShell open={open && writes.length > 0} onClose={() => setOpen(false)} size="md">
        <Dialog.Header>
          <Dialog.Title>Changes made offline</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Text color="fg.muted" mb="3">
            {offline
              ? 'They are kept on this device and sent when the connection returns.'
              : 'They are sent in the order you made them.'}
          </Text>
          <Stack as="ul" gap="3" listStyleType="none">
            {writes.map((write) => (
              <WaitingChange key={write.id} write={write} />
            ))}
          </Stack>
        </Dialog.Body>
      </DialogShell>
    </>
  )
}

function WaitingChange({ write }: { write: QueuedWrite }) {
  const [confirming, setConfirming] = useState(false)
  const [retrying, setRetrying] = useState(false)
  return (
    <Stack as="li" gap="1" borderWidth="1px" rounded="md" p="3">
      <HStack justify="space-between" align="start" gap="2">
        <Text fontWeight="medium">{write.label}</Text>
        <Badge colorPalette={write.state === 'failed' ? 'red' : 'gray'} flexShrink={0}>
          {write.state === 'failed'
            ? 'Not saved'
            : write.state === 'sending'
              ? 'Sending'
              : 'Waiting'}
        </Badge>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        Made {madeFormat.format(new Date(write.madeAt))}
      </Text>
      {write.state === 'failed' ? (
        <>
          <Text fontSize="sm" color="fg.error" role="alert">
            {write.error}
          </Text>
          <HStack gap="2">
            <Button
              size="xs"
              variant="outline"
              loading={retrying}
              onClick={() => {
                setRetrying(true)
                void retryWrite(write.id).finally(() => setRetrying(false))
              }}
            >
              Retry
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => setConfirming(true)}
            >
              Discard
            </Button>
          </HStack>
        </>
      ) : write.state === 'waiting' ? (
        <HStack>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={() => setConfirming(true)}>
            Discard
          </Button>
        </HStack>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title="Discard this change?"
        description={`“${write.label}” will not be sent, and cannot be brought back.`}
        confirmLabel="Discard"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false)
          void discardWrite(write.id)
        }}
      />
    </Stack>
  )
}
