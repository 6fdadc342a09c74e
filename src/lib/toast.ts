import { useSyncExternalStore } from 'react'
import type { ExternalToast, toast as sonnerToast } from 'sonner'

import { afterPaint } from './next-task'

/**
 * Toasts, with the toast library loaded on the first one, so no screen's first paint waits for
 * it: the first toast asks the root route to mount the list (`useToasterWanted`), and is shown
 * once the list listens (`toasterMounted`, from AppToaster).
 */
let wanted = false
const listeners = new Set<() => void>()
let mounted!: (toast: typeof sonnerToast) => void
let shown: typeof sonnerToast | undefined
let ready = new Promise<typeof sonnerToast>((resolve) => (mounted = resolve))

/**
 * Back to the start: toasts asked for or shown are dropped (the library keeps them in its module
 * and would show them again to the next list), and the list is mounted again on the next one. For
 * a new app in the same page, as each client test renders.
 */
export function resetToasts() {
  shown?.dismiss()
  wanted = false
  ready = new Promise((resolve) => (mounted = resolve))
  listeners.forEach((listener) => listener())
}

/** Whether a toast has been asked for, so the list of toasts is mounted. */
export function useToasterWanted() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => wanted,
    () => false,
  )
}

/** Called by the list of toasts once it is mounted and listening. */
export function toasterMounted(toast: typeof sonnerToast) {
  shown = toast
  mounted(toast)
}

function show(kind: 'success' | 'error' | 'info', message: string, options?: ExternalToast) {
  // After the frame that shows what the member's act changed: a toast is drawn in a task of its
  // own, not in the one that answers the press, and so is the list the first toast mounts (its
  // render, and the request for its code, made a lesson's first "Mark complete" of a visit paint
  // later than the next ones on a low-end phone). The same message again (a lesson marked three
  // times offline) restarts the one shown rather than stacking copies of it.
  void afterPaint()
    .then(() => {
      if (!wanted) {
        wanted = true
        listeners.forEach((listener) => listener())
      }
      return ready
    })
    .then((toast) => toast[kind](message, { id: `${kind}:${message}`, ...options }))
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
}
