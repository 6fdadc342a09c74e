import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { ContentFormScreen } from '../../../features/content/content-form-screen'

/** `?id=` edits that piece; without it (or with a malformed one) the page creates a new piece. */
export const Route = createFileRoute('/admin/sheet/contentpage')({
  validateSearch: z.object({ id: z.catch(z.optional(z.uuid()), undefined) }),
  component: ContentFormScreen,
})
