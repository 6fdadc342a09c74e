import { useCallback } from 'react'
import { z } from 'zod/mini'

import { localRecords } from './local-records'

/** The spec's contact fields. Contacts live in this browser only, one list per signed-in e-mail. */
export const contactSchema = z.object({
  id: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** A small picture as a data URL, or empty. */
  image: z.string(),
  department: z.string(),
  company: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  notes: z.string(),
  frequentlycontacted: z.boolean(),
  starred: z.boolean(),
  deleted: z.boolean(),
})
export type Contact = z.infer<typeof contactSchema>
export type ContactFields = Omit<Contact, 'id'>

export const emptyContact: ContactFields = {
  firstname: '',
  lastname: '',
  image: '',
  department: '',
  company: '',
  phone: '',
  email: '',
  address: '',
  notes: '',
  frequentlycontacted: false,
  starred: false,
  deleted: false,
}

const CONTACTS_PREFIX = 'contacts:'
export const contactsKey = (owner: string) => `${CONTACTS_PREFIX}${owner.toLowerCase()}`

const store = localRecords(CONTACTS_PREFIX, (value): Contact[] =>
  // Entries that do not parse are left out rather than breaking the screen.
  Array.isArray(value)
    ? value.flatMap((item) => {
        const parsed = contactSchema.safeParse(item)
        return parsed.success ? [parsed.data] : []
      })
    : [],
)
const readContacts = (owner: string) => store.read(contactsKey(owner))
const writeContacts = (owner: string, list: Contact[]) => store.write(contactsKey(owner), list)

const NONE: Contact[] = []

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** The contact list of `owner` with its changes; every tab and component sees them at once. */
export function useContacts(owner: string) {
  const contacts = store.useRecord(contactsKey(owner), NONE)

  const add = useCallback(
    (fields: Partial<ContactFields>) => {
      const contact: Contact = { ...emptyContact, ...fields, id: newId() }
      writeContacts(owner, [contact, ...readContacts(owner)])
      return contact
    },
    [owner],
  )
  const update = useCallback(
    (id: string, change: Partial<ContactFields>) => {
      writeContacts(
        owner,
        readContacts(owner).map((c) => (c.id === id ? { ...c, ...change } : c)),
      )
    },
    [owner],
  )
  const purge = useCallback(
    (id: string) => {
      writeContacts(
        owner,
        readContacts(owner).filter((c) => c.id !== id),
      )
    },
    [owner],
  )
  return { contacts, add, update, purge }
}
