import {
  Avatar,
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  IconButton,
  Stack,
  Text,
} from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import { DetailList } from '@/components/detail-list'
import { AppIcon } from '@/components/layout/icons'
import { SearchBox, useListSearch, useListView } from '@/components/list-kit'
import { Card, ConfirmDialog, EmptyState, PageHeader } from '@/components/ui'
import { storedEmail } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useContacts, type Contact } from '@/stores/contacts'

import {
  applyFilter,
  CONTACT_FILTERS,
  FILTER_LABELS,
  fullName,
  type ContactFilter,
} from './contact-filters'
import { ContactForm } from './contact-form'

const route = getRouteApi('/admin/contacts')

type Place = { id?: string | undefined; filter?: ContactFilter; search?: string | undefined }

/** A link to this screen with `next` changed: the filters, the contacts and Add contact. */
const linkHere = (next: Place) => ({
  to: '/admin/contacts' as const,
  search: (current: Place) => ({ ...current, ...next }),
})

/**
 * Contacts kept in this browser only, one list per signed-in e-mail: a filter column, the list
 * and the open contact. On a phone the open contact takes the place of the list.
 */
export function ContactsScreen() {
  const owner = storedEmail() ?? ''
  const navigate = useNavigate({ from: '/admin/contacts' })
  const { id, filter = 'show_all' } = route.useSearch()
  const { contacts, add, update, purge } = useContacts(owner)
  // The search text is kept in the address (?search=), so back and a shared link show it.
  const search = useListSearch(useListView())
  const [confirm, setConfirm] = useState<{ contact: Contact; forever: boolean } | null>(null)

  // Where the screen goes by itself, once a contact is added or deleted or the new one dropped.
  const open = (next: Place) => void navigate(linkHere(next))
  const shown = applyFilter(contacts, filter, search.text)
  const adding = id === 'new'
  const selected = adding ? undefined : contacts.find((c) => c.id === id)
  const countOf = (f: ContactFilter) => applyFilter(contacts, f, '').length

  const remove = () => {
    if (!confirm) return
    const { contact, forever } = confirm
    if (forever) {
      purge(contact.id)
      toast.success(`${fullName(contact)} deleted for good`)
    } else {
      update(contact.id, { deleted: true })
      toast.success(`${fullName(contact)} moved to Deleted`)
    }
    setConfirm(null)
    open({ id: undefined })
  }

  const detail = adding ? (
    <Card title="New contact">
      <ContactForm
        submitLabel="Add contact"
        onSave={(fields) => {
          const contact = add(fields)
          toast.success(`${fullName(contact)} added`)
          open({ id: contact.id, filter: 'show_all' })
        }}
        onCancel={() => open({ id: undefined })}
      />
    </Card>
  ) : selected ? (
    <ContactDetail
      key={selected.id}
      contact={selected}
      onSave={(fields) => {
        update(selected.id, fields)
        toast.success('Contact saved')
      }}
      onStar={() => update(selected.id, { starred: !selected.starred })}
      onDelete={(forever) => setConfirm({ contact: selected, forever })}
      onRestore={() => {
        update(selected.id, { deleted: false })
        toast.success(`${fullName(selected)} restored`)
      }}
    />
  ) : id ? (
    <Card>
      <EmptyState
        title="This contact is not here"
        description="It may have been deleted for good, or saved in another browser."
        action={
          <Button asChild>
            <RouterLink {...linkHere({ id: undefined })}>Back to contacts</RouterLink>
          </Button>
        }
      />
    </Card>
  ) : null

  return (
    <>
      <PageHeader
        title="Contacts"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Contacts' }]}
        actions={<AddContact />}
      />
      <Text color="fg.muted" mb="4" fontSize="sm">
        Contacts are kept in this browser only, for {owner || 'this account'}.
      </Text>
      <Flex gap="5" direction={{ base: 'column', lg: 'row' }} align="start">
        <Stack
          as="nav"
          aria-label="Contact filters"
          gap="1"
          w={{ base: 'full', lg: '220px' }}
          flexShrink={0}
          direction={{ base: 'row', lg: 'column' }}
          wrap="wrap"
          display={{ base: detail ? 'none' : 'flex', lg: 'flex' }}
        >
          {CONTACT_FILTERS.map((f) => (
            <Button
              key={f}
              asChild
              size="sm"
              justifyContent="space-between"
              variant={filter === f ? 'subtle' : 'ghost'}
            >
              <RouterLink
                {...linkHere({ filter: f, id: undefined })}
                aria-current={filter === f ? 'page' : undefined}
              >
                {FILTER_LABELS[f]}
                <Badge variant="outline">{countOf(f)}</Badge>
              </RouterLink>
            </Button>
          ))}
        </Stack>
        <Card flex="1" minW="0" w="full" display={{ base: detail ? 'none' : 'flex', lg: 'flex' }}>
          <Stack gap="3">
            <SearchBox
              label="Search contacts"
              labelHidden
              placeholder="Search contacts"
              maxLength={200}
              value={search.text}
              onChange={search.setText}
            />
            {shown.length === 0 ? (
              <EmptyState
                title={
                  search.text
                    ? 'No contacts match your search'
                    : filter === 'deleted'
                      ? 'Nothing deleted'
                      : filter === 'show_all'
                        ? 'No contacts yet'
                        : `No ${FILTER_LABELS[filter].toLowerCase()} contacts`
                }
                description={
                  filter === 'show_all' && !search.text
                    ? 'Add the people you work with, or save a lead as a contact.'
                    : undefined
                }
                action={filter === 'show_all' && !search.text ? <AddContact /> : undefined}
              />
            ) : (
              <Stack as="ul" gap="1" listStyleType="none" aria-label={FILTER_LABELS[filter]}>
                {shown.map((contact) => (
                  <ContactRow
                    key={contact.id}
                    contact={contact}
                    active={contact.id === id}
                    onStar={() => update(contact.id, { starred: !contact.starred })}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </Card>
        {detail ? (
          <Box flex="1.3" minW="0" w="full">
            {detail}
          </Box>
        ) : null}
      </Flex>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.forever
            ? `Delete ${confirm ? fullName(confirm.contact) : ''} for good?`
            : `Delete ${confirm ? fullName(confirm.contact) : ''}?`
        }
        description={
          confirm?.forever
            ? 'The contact is removed from this browser. This cannot be undone.'
            : 'The contact moves to Deleted, where you can restore it.'
        }
        confirmLabel={confirm?.forever ? 'Delete for good' : 'Delete'}
        onCancel={() => setConfirm(null)}
        onConfirm={remove}
      />
    </>
  )
}

function AddContact() {
  return (
    <Button asChild>
      <RouterLink {...linkHere({ id: 'new' })}>Add contact</RouterLink>
    </Button>
  )
}

function ContactRow({
  contact,
  active,
  onStar,
}: {
  contact: Contact
  active: boolean
  onStar: () => void
}) {
  const name = fullName(contact)
  return (
    <Flex
      as="li"
      align="center"
      gap="2"
      borderRadius="l2"
      bg={active ? 'bg.muted' : undefined}
      _hover={{ bg: 'bg.subtle' }}
    >
      <Button
        asChild
        variant="plain"
        flex="1"
        minW="0"
        justifyContent="start"
        h="auto"
        py="2"
        px="2"
      >
        {/* Named by its words, the name first: the initials are left out. */}
        <RouterLink {...linkHere({ id: contact.id })} aria-current={active ? 'page' : undefined}>
          <Avatar.Root size="sm" aria-hidden="true">
            <Avatar.Fallback name={name} />
            {contact.image ? <Avatar.Image src={contact.image} alt="" /> : null}
          </Avatar.Root>
          <Stack gap="0" align="start" minW="0">
            <Text fontWeight="medium" truncate maxW="full">
              {name}
            </Text>
            <Text fontSize="xs" color="fg.muted" truncate maxW="full">
              {[contact.company, contact.email].filter(Boolean).join(' · ') || ' '}
            </Text>
          </Stack>
        </RouterLink>
      </Button>
      {contact.deleted ? null : (
        <StarButton starred={contact.starred} name={name} onClick={onStar} />
      )}
    </Flex>
  )
}

function StarButton({
  starred,
  name,
  onClick,
}: {
  starred: boolean
  name: string
  onClick: () => void
}) {
  return (
    <IconButton
      size="sm"
      variant="ghost"
      aria-label={starred ? `Unstar ${name}` : `Star ${name}`}
      aria-pressed={starred}
      onClick={onClick}
      color={starred ? 'orange.solid' : 'fg.subtle'}
    >
      <AppIcon name="star" size="18px" fill={starred ? 'currentColor' : 'none'} />
    </IconButton>
  )
}

/** The open contact; opening another one (or another filter) leaves edit mode. */
function ContactDetail({
  contact,
  onSave,
  onStar,
  onDelete,
  onRestore,
}: {
  contact: Contact
  onSave: (fields: Omit<Contact, 'id'>) => void
  onStar: () => void
  onDelete: (forever: boolean) => void
  onRestore: () => void
}) {
  const [editing, onEdit] = useState(false)
  const name = fullName(contact)
  const { id: _id, ...fields } = contact
  const deleteButton = (forever: boolean) => (
    <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(forever)}>
      {forever ? 'Delete for good' : 'Delete'}
    </Button>
  )
  return (
    <Card>
      <Stack gap="5">
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Button asChild variant="ghost" size="sm" hideFrom="lg">
            <RouterLink {...linkHere({ id: undefined })}>‹ Back to contacts</RouterLink>
          </Button>
          <Flex gap="2" ms="auto" wrap="wrap">
            {contact.deleted ? (
              <>
                <Button size="sm" onClick={onRestore}>
                  Restore
                </Button>
                {deleteButton(true)}
              </>
            ) : (
              <>
                <StarButton starred={contact.starred} name={name} onClick={onStar} />
                <Button
                  size="sm"
                  variant={editing ? 'subtle' : 'outline'}
                  aria-pressed={editing}
                  onClick={() => onEdit(!editing)}
                >
                  {editing ? 'Stop editing' : 'Edit'}
                </Button>
                {deleteButton(false)}
              </>
            )}
          </Flex>
        </Flex>
        {editing && !contact.deleted ? (
          <ContactForm
            initial={fields}
            submitLabel="Save contact"
            onSave={(saved) => {
              onSave(saved)
              onEdit(false)
            }}
            onCancel={() => onEdit(false)}
          />
        ) : (
          <>
            <Flex gap="4" align="center">
              <Avatar.Root size="2xl">
                <Avatar.Fallback name={name} />
                {contact.image ? <Avatar.Image src={contact.image} alt="" /> : null}
              </Avatar.Root>
              <Stack gap="1" minW="0">
                <Heading as="h2" size="lg" wordBreak="break-word">
                  {name}
                </Heading>
                <Text color="fg.muted">
                  {[contact.department, contact.company].filter(Boolean).join(', ')}
                </Text>
                <Flex gap="2" wrap="wrap">
                  {contact.deleted ? <Badge colorPalette="red">Deleted</Badge> : null}
                  {contact.frequentlycontacted ? <Badge>Frequently contacted</Badge> : null}
                </Flex>
              </Stack>
            </Flex>
            <DetailList
              items={[
                {
                  label: 'E-mail',
                  value: contact.email ? (
                    <a href={`mailto:${contact.email}`}>{contact.email}</a>
                  ) : (
                    ''
                  ),
                },
                {
                  label: 'Phone',
                  value: contact.phone ? <a href={`tel:${contact.phone}`}>{contact.phone}</a> : '',
                },
                { label: 'Company', value: contact.company },
                { label: 'Department', value: contact.department },
                { label: 'Address', value: contact.address },
                { label: 'Notes', value: contact.notes },
              ]}
            />
          </>
        )}
      </Stack>
    </Card>
  )
}
