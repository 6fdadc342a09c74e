import { Button, Dialog, Text } from '@chakra-ui/react'
import { useRef, type ReactNode } from 'react'

import { DialogShell } from './dialog-form'

/**
 * Asks before something cannot be undone (a delete). Focus starts on Cancel, so Enter alone never
 * confirms; Escape and the backdrop cancel.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
  onCancel,
  pending = false,
}: {
  open: boolean
  title: string
  description?: ReactNode
  confirmLabel?: string
  onConfirm: () => void
  onCancel: () => void
  pending?: boolean
}) {
  const cancelRef = useRef<HTMLButtonElement>(null)
  return (
    <DialogShell
      role="alertdialog"
      open={open}
      onClose={onCancel}
      initialFocusEl={() => cancelRef.current}
      size="sm"
    >
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      {description ? (
        <Dialog.Body>
          <Text color="fg.muted">{description}</Text>
        </Dialog.Body>
      ) : null}
      <Dialog.Footer>
        <Button ref={cancelRef} variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button colorPalette="red" onClick={onConfirm} loading={pending}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogShell>
  )
}
