/**
 * The public pages arrive with their first screen already in #root (rendered by the build, see
 * `prerenderPublicPages` in vite.config.ts), shown until the app's first render replaces it.
 */
const prerendered =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLElement>('#root > [data-prerendered]')

/** Whether this page load shows a prerendered screen until the app renders. */
export const arrivedPrerendered = prerendered !== null

/**
 * Carries what the visitor did on the prerendered screen into the app's: the text typed into
 * its fields and the field that had the focus, once the app's first render has replaced it.
 */
export function handOverPrerendered(container: HTMLElement) {
  if (!prerendered) return
  const focusedNow = document.activeElement as HTMLInputElement | null
  let focusedName = prerendered.contains(focusedNow) ? focusedNow?.name || undefined : undefined
  const onFocus = (event: FocusEvent) => {
    focusedName = (event.target as HTMLInputElement).name || undefined
  }
  prerendered.addEventListener('focusin', onFocus)
  const observer = new MutationObserver(() => {
    if (prerendered.isConnected) return
    observer.disconnect()
    prerendered.removeEventListener('focusin', onFocus)
    for (const typed of prerendered.querySelectorAll<HTMLInputElement>('input[name]')) {
      const field = container.querySelector<HTMLInputElement>(`input[name="${typed.name}"]`)
      if (!field || !typed.value || field.value) continue
      // The value through the element's own setter, then the event React listens to, so the
      // form's state takes it as if typed.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(
        field,
        typed.value,
      )
      field.dispatchEvent(new Event('input', { bubbles: true }))
    }
    if (focusedName) container.querySelector<HTMLElement>(`[name="${focusedName}"]`)?.focus()
  })
  observer.observe(container, { childList: true })
}
