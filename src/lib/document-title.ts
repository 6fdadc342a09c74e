import { useEffect } from 'react'

export const APP_NAME = 'Members Area'

/**
 * Names the browser tab, the history entry and the bookmark after the screen shown:
 * "Notes · Members Area". Every screen sets it through its header (PageHeader, AuthCard) or
 * directly when it has neither.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME
  }, [title])
}
