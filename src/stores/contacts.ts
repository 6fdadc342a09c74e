import { useCallback, useSyncExternalStore } from 'react'
import { z } from 'zod/mini'

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

export const contactsKey = (owner: string) => `contacts:${owner.toLowerCase()}`

const listeners = new Set<() => void>()
const cache = new Map<string, { raw: string | null; list: Contact[] }>()

/** The stored list; entries that do not parse are left out rather than breaking the screen. */
export function readContacts(owner: string, storage: Storage = localStorage): Contact[] {
  const key = contactsKey(owner)
  const raw = storage.getItem(key)
  const cached = cache.get(key)
  if (cached && cached.raw === raw) return cached.list
  let list: Contact[] = []
  try {
    const value: unknown = raw ? JSON.parse(raw) : []
    if (Array.isArray(value)) {
      list = value.flatMap((item) => {
        const parsed = contactSchema.safeParse(item)
        return parsed.success ? [parsed.data] : []
      })
    }
  } catch {
    list = []
  }
  cache.set(key, { raw, list })
  return list
}

export function writeContacts(owner: string, list: Contact[], storage: Storage = localStorage) {
  storage.setItem(contactsKey(owner), JSON.stringify(list))
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  // Another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key?.startsWith('contacts:')) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** The contact list of `owner` with its changes; every tab and component sees them at once. */
export function useContacts(owner: string) {
  const contacts = useSyncExternalStore(subscribe, () => readContacts(owner))

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
