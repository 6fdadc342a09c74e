import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

import { CONTACT_FILTERS } from '../../features/contacts/contact-filters'
import { ContactsScreen } from '../../features/contacts/contacts-screen'

export const Route = createFileRoute('/admin/contacts')({
  validateSearch: z.object({
    id: z.string().max(64).optional().catch(undefined),
    filter: z.enum(CONTACT_FILTERS).optional().catch(undefined),
  }),
  component: ContactsScreen,
})
