import { createFileRoute } from '@tanstack/react-router'

import { CONTACT_FILTERS } from '@/features/contacts/contact-filters'
import { ContactsScreen } from '@/features/contacts/contacts-screen'
import { optionalOneOf, optionalText, searchOf } from '@/lib/search-params'

export const Route = createFileRoute('/admin/contacts')({
  validateSearch: searchOf((search) => ({
    id: optionalText(search.id, 64),
    filter: optionalOneOf(search.filter, CONTACT_FILTERS),
    search: optionalText(search.search, 200),
  })),
  component: ContactsScreen,
})
