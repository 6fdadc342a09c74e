import { Button, chakra, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react'
import type { FormEvent, ReactNode } from 'react'

import { FormAlert } from '@/components/form-fields'

/**
 * A dialog's content as one form: title (none where the dialog shows its own), the fields under a
 * form-level error, and the footer's buttons. A flex column, so the body scrolls between a fixed
 * header and footer.
 */
export function DialogForm({
  title,
  onSubmit,
  formError,
  footer,
  children,
}: {
  title?: string
  onSubmit: (event: FormEvent) => void
  formError: string | null
  footer: ReactNode
  children: ReactNode
}) {
  return (
    <chakra.form
      onSubmit={onSubmit}
      noValidate
      display="flex"
      flexDirection="column"
      flex="1"
      minH="0"
    >
      {title ? (
        <Dialog.Header>
          <Dialog.Title>{title}</Dialog.Title>
        </Dialog.Header>
      ) : null}
      <Dialog.Body>
        <Stack gap="4">
          {formError ? <FormAlert status="error">{formError}</FormAlert> : null}
          {children}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>
    </chakra.form>
  )
}

/** A form dialog's Cancel and submit buttons; the submit one is busy while `pending`. */
export function DialogActions({
  onCancel,
  submitLabel,
  pending,
  pendingText,
}: {
  onCancel: () => void
  submitLabel: string
  pending: boolean
  pendingText?: string
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} loadingText={pendingText}>
        {submitLabel}
      </Button>
    </>
  )
}

/**
 * A centred dialog whose content scrolls inside it, closed by its close button, Escape, the
 * backdrop or the caller's own buttons through `onClose`. Its content is usually a `DialogForm`.
 */
export function DialogShell({
  open,
  onClose,
  size,
  children,
  ...root
}: {
  open: boolean
  onClose: () => void
  size: 'sm' | 'md' | 'lg' | 'xl'
  children: ReactNode
} & Pick<Dialog.RootProps, 'role' | 'initialFocusEl'>) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      placement="center"
      size={size}
      scrollBehavior="inside"
      {...root}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content bg="bg.panel">
            {children}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
