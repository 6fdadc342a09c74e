import { useNavigate, useSearch } from '@tanstack/react-router'

import type { SortOrder } from '@/lib/search-params'
import { useSettledText } from '@/lib/use-debounced'

/** Search parameters to change; an empty text or undefined takes a parameter out of the address. */
export type SearchPatch = Record<string, string | number | undefined>

/**
 * Changes search parameters of the page shown, in place: the entry is replaced (typing or paging
 * does not fill the history) and the page keeps its scroll position.
 */
export function useSearchUpdate() {
  const navigate = useNavigate()
  return (patch: SearchPatch) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...previous, ...patch }
        for (const key of Object.keys(patch)) if (next[key] === '') next[key] = undefined
        return next
      },
      replace: true,
      resetScroll: false,
    })
}

/** A list's page, rows per page and sort, as read from the address, and the ways to change them. */
export interface ListView<C extends string = never> {
  page: number
  pageSize: number
  sort: C
  order: SortOrder
  onPage: (page: number) => void
  onPageSize: (pageSize: number) => void
  onSort: (column: C, order: SortOrder) => void
  /** Changes the list's filters or search text, and goes back to its first page. */
  filter: (patch: SearchPatch) => void
}

/**
 * The state of a list kept in the address (the route's `validateSearch` checks it, see
 * `listParams`), so back, forward and a shared link show the same rows. What is left out of the
 * address reads as the defaults given here. A second list on the same page gives a `prefix`:
 * `audit` keeps its page in `auditPage` and `auditPageSize`.
 */
export function useListView<C extends string = never>({
  sort,
  order = 'asc',
  pageSize = 20,
  prefix = '',
}: { sort?: C; order?: SortOrder; pageSize?: number; prefix?: string } = {}): ListView<C> {
  const search: Record<string, unknown> = useSearch({ strict: false })
  const update = useSearchUpdate()
  const key = (name: string) =>
    prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name
  const read = <T>(name: string, fallback: T) => (search[key(name)] as T | undefined) ?? fallback
  const firstPage = { [key('page')]: undefined }
  return {
    page: read('page', 1),
    pageSize: read('pageSize', pageSize),
    sort: read('sort', sort as C),
    order: read('order', order),
    onPage: (next) => update({ [key('page')]: next > 1 ? next : undefined }),
    onPageSize: (next) => update({ ...firstPage, [key('pageSize')]: next }),
    onSort: (column, next) => update({ ...firstPage, [key('sort')]: column, [key('order')]: next }),
    filter: (patch) => update({ ...patch, ...firstPage }),
  }
}

/**
 * A list's search text under `key` in the address: `value` as the address has it (what the list
 * is asked with), `text` as typed into the box (it reaches the address, on the list's first page,
 * once typing pauses), and `clear` to empty both at once, with other filters in `also`.
 */
export function useListSearch<C extends string>(view: ListView<C>, key = 'search') {
  const search: Record<string, unknown> = useSearch({ strict: false })
  const value = typeof search[key] === 'string' ? search[key] : ''
  const [text, setText] = useSettledText(value, (next) => view.filter({ [key]: next }))
  const clear = (also: SearchPatch = {}) => {
    setText('')
    view.filter({ ...also, [key]: undefined })
  }
  return { value, text, setText, clear }
}
