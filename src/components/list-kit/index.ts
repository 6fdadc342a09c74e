export {
  DataTable,
  dateColumn,
  DateText,
  ListLoading,
  NoMatches,
  RowAction,
  type Column,
  type ListQuery,
} from './data-table'
export { FilterSelect, type FilterOption } from './filter-select'
export { SearchBox } from './search-box'
export {
  useListSearch,
  useListView,
  useSearchUpdate,
  type ListView,
  type SearchPatch,
} from './use-list-view'
