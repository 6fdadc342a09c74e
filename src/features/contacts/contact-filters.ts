import type { Contact } from '@/stores/contacts'

/** The spec's filters (show_all is the default) plus the bin of soft-deleted contacts. */
export const CONTACT_FILTERS = ['show_all', 'starred', 'frequently_contacted', 'deleted'] as const
export type ContactFilter = (typeof CONTACT_FILTERS)[number]

export const FILTER_LABELS: Record<ContactFilter, string> = {
  show_all: 'All contacts',
  starred: 'Starred',
  frequently_contacted: 'Frequently contacted',
  deleted: 'Deleted',
}

export function applyFilter(contacts: Contact[], filter: ContactFilter, search: string) {
  const needle = search.trim().toLowerCase()
  return contacts.filter((c) => {
    if (filter === 'deleted' ? !c.deleted : c.deleted) return false
    if (filter === 'starred' && !c.starred) return false
    if (filter === 'frequently_contacted' && !c.frequentlycontacted) return false
    if (!needle) return true
    return [c.firstname, c.lastname, c.email, c.company, c.department, c.phone]
      .join(' ')
      .toLowerCase()
      .includes(needle)
  })
}

export const fullName = (c: Pick<Contact, 'firstname' | 'lastname' | 'email'>) =>
  [c.firstname, c.lastname].filter(Boolean).join(' ') || c.email || 'Unnamed contact'
