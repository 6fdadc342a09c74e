import { createFileRoute } from '@tanstack/react-router'

import { MEMBER_SORT_COLUMNS } from '@schemas/member-sort'
import { AccessScreen } from '@/features/access/access-screen'
import {
  listParams,
  optionalPage,
  optionalPageSize,
  optionalText,
  searchOf,
} from '@/lib/search-params'

/** The members list's search, sort and page, and the audit log's page: `?search=ada&auditPage=2` */
export const Route = createFileRoute('/admin/updateaccess')({
  validateSearch: searchOf((search) => ({
    ...listParams(search, MEMBER_SORT_COLUMNS),
    search: optionalText(search.search, 100),
    auditPage: optionalPage(search.auditPage),
    auditPageSize: optionalPageSize(search.auditPageSize),
  })),
  component: AccessScreen,
})
