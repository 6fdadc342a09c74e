import { lazy, Suspense, type ReactNode } from 'react'

import { useOpenedOnce } from '@/lib/use-opened-once'

const ConfirmDialogBody = lazy(() => import('./confirm-dialog-body'))

export interface ConfirmDialogProps {
  open: boolean
  title: string
  description?: ReactNode
  confirmLabel?: string
  onConfirm: () => void
  onCancel: () => void
  pending?: boolean
}

/**
 * Asks before something cannot be undone (a delete). Focus starts on Cancel, so Enter alone never
 * confirms; Escape and the backdrop cancel.
 *
 * The dialog's machinery (focus trap, scroll lock, portal: some 20 KB) loads the first time it
 * opens, not with every screen that may ask; once opened it stays mounted, so it closes animated.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return useOpenedOnce(props.open) ? (
    <Suspense fallback={null}>
      <ConfirmDialogBody {...props} />
    </Suspense>
  ) : null
}
