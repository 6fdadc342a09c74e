import { Button, Dialog, Text } from '@chakra-ui/react'
import { useRef } from 'react'

import type { ConfirmDialogProps } from './confirm-dialog'
import { DialogShell } from './dialog-form'

/** The confirmation's dialog itself (see `ConfirmDialog`). */
export default function ConfirmDialogBody({
  open,
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
  onCancel,
  pending = false,
}: ConfirmDialogProps) {
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
