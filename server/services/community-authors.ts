import type { Author } from '@schemas/community'
import { levelOf } from '@schemas/momentum'

import type { AuthorRow } from '../repos/community'

/** What the community shows of a member: their name (or handle), never their e-mail. */
export const toAuthor = (row: AuthorRow): Author => ({
  id: row.id,
  name: `${row.firstName} ${row.lastName}`.trim() || `@${row.handle}`,
  handle: row.handle ?? '',
  role: row.role,
  level: levelOf(row.points),
})
