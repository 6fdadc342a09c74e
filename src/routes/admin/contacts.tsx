import { createFileRoute } from '@tanstack/react-router'
import { optionalOneOf, optionalText, searchOf } from '../../lib/search-params'
import { CONTACT_FILTERS } from '../../features/contacts/contact-filters'
import { ContactsScreen } from '../../features/contacts/contacts-screen'

export const Route = createFileRoute('/admin/contacts')({
  validateSearch: searchOf((search) => ({
    id: optionalText(search.id, 64),
    filter: optionalOneOf(search.filter, CONTACT_FILTERS),
  })),
  component: ContactsScreen,
})
