import { useEffect, useRef } from 'react'
import { toast, Toaster } from 'sonner'

import { TOPBAR_HEIGHT } from '@/components/layout/sizes'
import { toasterMounted } from '@/lib/toast'
import { useAppearance } from '@/stores/appearance'

/**
 * Auto-close delay of every toast (spec point 9). In the jsdom suite a toast stays until its test
 * ends: on a busy machine more than 3 s can pass between a toast being shown and the test looking
 * for it. The browser suite checks the delay itself.
 */
export const TOAST_DURATION = import.meta.env.MODE === 'test' ? Infinity : 3000

/**
 * Sonner pauses its timers while the pointer is over the stack or the tab is hidden, but not
 * while the window merely lacks focus (another window in front). Its pause is driven by the
 * list's own pointerdown/pointerup handlers, so holding a synthetic pointer on the list while the
 * window is blurred pauses every toast through sonner's own code path, and releasing it resumes
 * them with their remaining time.
 */
function usePauseWhileBlurred(section: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = section.current
    if (!root) return
    let focused = document.hasFocus()
    let held: Element | null = null
    const send = (target: Element, type: 'pointerdown' | 'pointerup') =>
      target.dispatchEvent(new PointerEvent(type, { bubbles: true, button: 0, pointerId: 1 }))
    const sync = () => {
      const list = root.querySelector('[data-sonner-toaster]')
      if (!focused && list && held !== list) {
        send(list, 'pointerdown')
        held = list
      } else if (focused && held) {
        // The list may have been replaced (all toasts gone, new ones shown): release on the current one.
        send(list ?? held, 'pointerup')
        if (list) held = null
      }
    }
    const onBlur = () => {
      focused = false
      sync()
    }
    const onFocus = () => {
      focused = true
      sync()
    }
    const observer = new MutationObserver(sync)
    observer.observe(root, { childList: true })
    window.addEventListener('blur', onBlur)
    window.addEventListener('focus', onFocus)
    sync()
    return () => {
      observer.disconnect()
      window.removeEventListener('blur', onBlur)
      window.removeEventListener('focus', onFocus)
    }
  }, [section])
}

/** A click anywhere on a toast closes it, through the toast's own close button so sonner animates it out. */
function useCloseOnClick(section: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = section.current
    if (!root) return
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null
      if (!target || target.closest('button, a')) return
      const item = target.closest('[data-sonner-toast]')
      item?.querySelector<HTMLButtonElement>('[data-close-button]')?.click()
    }
    root.addEventListener('click', onClick)
    return () => root.removeEventListener('click', onClick)
  }, [section])
}

export function AppToaster() {
  const activeMode = useAppearance((s) => s.activeMode)
  const activeDir = useAppearance((s) => s.activeDir)
  const section = useRef<HTMLElement>(null)
  usePauseWhileBlurred(section)
  useCloseOnClick(section)
  // After the list's own effects: it listens for toasts from now on.
  useEffect(() => toasterMounted(toast), [])
  return (
    <Toaster
      ref={section}
      position="top-right"
      // Under the top bar, never over its search, appearance and account buttons.
      offset={{ top: TOPBAR_HEIGHT + 8, right: 16, left: 16 }}
      mobileOffset={{ top: TOPBAR_HEIGHT + 8, right: 8, left: 8 }}
      duration={TOAST_DURATION}
      // Shown as a list rather than a pile: sonner puts the newest toast at the top.
      expand
      visibleToasts={5}
      closeButton
      richColors
      theme={activeMode}
      dir={activeDir}
      // A modal drawer (the customizer) turns pointer events off on <body>; toasts shown above
      // it must stay clickable.
      style={{ pointerEvents: 'auto' }}
      toastOptions={{ style: { cursor: 'pointer' } }}
    />
  )
}
