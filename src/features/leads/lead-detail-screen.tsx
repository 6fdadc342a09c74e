import { Badge, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import type { Lead } from '@schemas/leads'
import { leadsApi } from '@/api/leads'
import { DetailList } from '@/components/detail-list'
import { guardQuery } from '@/components/query-guard'
import { Screen } from '@/components/screen'
import { Card, ConfirmDialog, EmptyState, PageSpinner } from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { storedEmail } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'
import { useContacts } from '@/stores/contacts'

import { LeadDialog } from './lead-dialog'
import { useDeleteLead } from './use-lead-mutations'

const route = getRouteApi('/admin/leaddetail')

const dateFormat = onFirstUse(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
)

export function LeadDetailScreen() {
  return (
    <Screen
      title="Lead"
      crumbs={[{ label: 'Leads', to: '/admin/sheet/leads' }, { label: 'Lead' }]}
      area="viralLeads"
    >
      <LeadDetail />
    </Screen>
  )
}

function LeadDetail() {
  const { id } = route.useSearch()
  const lead = useQuery({
    ...leadsApi.get.queryOptions({ params: { id: id ?? '' } }),
    enabled: Boolean(id),
  })

  if (!id || lead.error?.status === 404 || lead.error?.status === 400) return <MissingLead />
  const shown = guardQuery(lead, {
    loading: <PageSpinner label="Loading the lead" />,
    errorTitle: 'The lead could not be loaded',
  })
  return shown.ready ? <LeadCard lead={shown.data.data} /> : shown.view
}

function MissingLead() {
  return (
    <EmptyState
      title="This lead does not exist"
      description="It may have been deleted. Your other leads are in the list."
      action={
        <Button asChild>
          <Link to="/admin/sheet/leads">Back to leads</Link>
        </Button>
      }
    />
  )
}

function LeadCard({ lead }: { lead: Lead }) {
  const navigate = useNavigate()
  const { contacts, add } = useContacts(storedEmail() ?? '')
  const [editing, setEditing] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const update = leadsApi.update.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      setEditing(false)
      toast.success('Lead saved')
    },
  })
  const remove = useDeleteLead(() => void navigate({ to: '/admin/sheet/leads', replace: true }))
  const savedContact = contacts.find(
    (c) => !c.deleted && c.email.toLowerCase() === lead.email.toLowerCase(),
  )

  const saveAsContact = () => {
    const [firstname = '', ...rest] = lead.name.trim().split(/\s+/)
    add({
      firstname,
      lastname: rest.join(' '),
      email: lead.email,
      phone: lead.phone,
      notes: lead.notes,
    })
    toast.success(`${lead.name} saved to your contacts`)
  }

  return (
    <Card
      title={lead.name}
      action={
        <Badge colorPalette={lead.source === 'optin' ? 'green' : 'gray'}>
          {lead.source === 'optin' ? 'Opt-in form' : 'Added by hand'}
        </Badge>
      }
    >
      <Stack gap="6">
        <DetailList
          items={[
            { label: 'E-mail', value: lead.email },
            { label: 'Phone', value: lead.phone },
            { label: 'Agreed to be contacted', value: lead.consent ? 'Yes' : 'No' },
            { label: 'Added', value: dateFormat.format(new Date(lead.createdAt)) },
            { label: 'Last changed', value: dateFormat.format(new Date(lead.updatedAt)) },
            { label: 'Notes', value: lead.notes },
          ]}
        />
        <Flex gap="2" wrap="wrap">
          <Button onClick={() => setEditing(true)}>Edit</Button>
          {savedContact ? (
            <Button asChild variant="outline">
              <Link to="/admin/contacts" search={{ id: savedContact.id }}>
                Open contact
              </Link>
            </Button>
          ) : (
            <Button variant="outline" onClick={saveAsContact}>
              Save as contact
            </Button>
          )}
          <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </Flex>
        {savedContact ? (
          <Text fontSize="sm" color="fg.muted">
            This lead is in your contacts.
          </Text>
        ) : null}
      </Stack>
      <LeadDialog
        open={editing}
        lead={lead}
        title="Edit lead"
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
        onSubmit={(body) => update.mutate({ params: { id: lead.id }, body })}
        onClose={() => {
          setEditing(false)
          update.reset()
        }}
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${lead.name}?`}
        description="The lead is removed from your list and from future exports. This cannot be undone."
        pending={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate({ params: { id: lead.id } })}
      />
    </Card>
  )
}
