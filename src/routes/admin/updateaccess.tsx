import { createFileRoute } from '@tanstack/react-router'

import { MEMBER_SORT_COLUMNS } from '@schemas/member-sort'
import { AccessScreen } from '@/features/access/access-screen'
import { evaluateInSteps } from '@/lib/evaluate-in-steps'
import {
  listParams,
  optionalPage,
  optionalPageSize,
  optionalText,
  searchOf,
} from '@/lib/search-params'

/**
 * The members screen's code beyond the shared code, a part a task before its first render (see
 * evaluateInSteps): the list's table, the contracts of its dialogs, the dialogs, the screen.
 */
const ACCESS_CODE = [
  () => import('@/components/list-kit'),
  () => import('@/api/certificates'),
  () => import('@/api/leaderboard'),
  () => import('@/features/access/member-dialogs'),
  () => import('@/features/access/certificates-dialog'),
  () => import('@/features/access/access-screen'),
]

/** The members list's search, sort and page, and the audit log's page: `?search=ada&auditPage=2` */
export const Route = createFileRoute('/admin/updateaccess')({
  validateSearch: searchOf((search) => ({
    ...listParams(search, MEMBER_SORT_COLUMNS),
    search: optionalText(search.search, 100),
    auditPage: optionalPage(search.auditPage),
    auditPageSize: optionalPageSize(search.auditPageSize),
  })),
  beforeLoad: () => evaluateInSteps(ACCESS_CODE),
  component: AccessScreen,
})
