import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod/mini'

import { CONTACT_FILTERS } from '../../features/contacts/contact-filters'
import { ContactsScreen } from '../../features/contacts/contacts-screen'

export const Route = createFileRoute('/admin/contacts')({
  validateSearch: z.object({
    id: z.catch(z.optional(z.string().check(z.maxLength(64))), undefined),
    filter: z.catch(z.optional(z.enum(CONTACT_FILTERS)), undefined),
  }),
  component: ContactsScreen,
})
