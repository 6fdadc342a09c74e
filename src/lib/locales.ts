import { useEffect, useState } from 'react'

import { useAppearance } from '@/stores/appearance'

/** Labels of the shared components that follow the `isLanguage` setting; all else is English. */
export interface ComponentLabels {
  pagination: {
    rowsPerPage: string
    displayedRows: (range: { from: number; to: number; count: number }) => string
    firstPage: string
    lastPage: string
    nextPage: string
    previousPage: string
  }
  rating: { empty: string; starLabel: (value: number) => string }
  autocomplete: { clear: string; close: string; open: string; noOptions: string; loading: string }
  breadcrumb: { showPath: string }
  alert: { close: string }
}

export const englishLabels: ComponentLabels = {
  pagination: {
    rowsPerPage: 'Rows per page:',
    displayedRows: ({ from, to, count }) =>
      `${from}–${to} of ${count !== -1 ? count : `more than ${to}`}`,
    firstPage: 'Go to first page',
    lastPage: 'Go to last page',
    nextPage: 'Go to next page',
    previousPage: 'Go to previous page',
  },
  rating: { empty: 'Empty', starLabel: (value) => `${value} Star${value !== 1 ? 's' : ''}` },
  autocomplete: {
    clear: 'Clear',
    close: 'Close',
    open: 'Open',
    noOptions: 'No options',
    loading: 'Loading…',
  },
  breadcrumb: { showPath: 'Show path' },
  alert: { close: 'Close' },
}

/** English needs no table; both spellings of its key skip the translations chunk. */
const isEnglish = (key: string) => key === 'en' || key === 'enUS' || key === ''

/**
 * The labels for a locale key (`amET`, `deDE`, `zhTW`…). The translations live in their own
 * chunk, fetched the first time a non-English key is asked for, so the sign-in page never pays
 * for them. Unknown keys get English.
 */
export async function componentLabels(isLanguage: string): Promise<ComponentLabels> {
  if (isEnglish(isLanguage)) return englishLabels
  const { labelsFor } = await import('./locales-data')
  return labelsFor(isLanguage, englishLabels)
}

const cache = new Map<string, ComponentLabels>([
  ['en', englishLabels],
  ['enUS', englishLabels],
])

/** The labels for the current `isLanguage`; English until a translation has loaded. */
export function useComponentLabels(): ComponentLabels {
  const isLanguage = useAppearance((s) => s.isLanguage)
  const [loaded, setLoaded] = useState(() => ({ key: isLanguage, labels: cache.get(isLanguage) }))
  useEffect(() => {
    if (cache.has(isLanguage)) return
    let current = true
    void componentLabels(isLanguage).then((labels) => {
      cache.set(isLanguage, labels)
      if (current) setLoaded({ key: isLanguage, labels })
    })
    return () => {
      current = false
    }
  }, [isLanguage])
  return (
    cache.get(isLanguage) ??
    (loaded.key === isLanguage ? loaded.labels : undefined) ??
    englishLabels
  )
}
