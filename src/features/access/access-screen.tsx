import { Badge, Button, Stack, Text } from '@chakra-ui/react'
import { keepPreviousData, type QueryKey } from '@tanstack/react-query'
import { Navigate, Link as RouterLink } from '@tanstack/react-router'
import { useState } from 'react'

import { areaLabel } from '@schemas/access'
import type { MemberPage, MemberSortColumn, MemberSummary } from '@schemas/members'
import { membersApi } from '@/api/members'
import {
  DataTable,
  dateColumn,
  NoMatches,
  SearchBox,
  useListSearch,
  useListView,
  type Column,
} from '@/components/list-kit'
import { RowMenu } from '@/components/list-kit/row-menu'
import {
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  PageSpinner,
} from '@/components/ui'
import { WhenNear } from '@/components/when-near'
import { storedEmail } from '@/lib/session'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { AuditPanel } from './audit-panel'
import { CertificatesDialog } from './certificates-dialog'
import { LevelUnlocks } from './level-unlocks'
import { AccessForm, ChangeMemberEmailForm, CreateMemberForm, FormDialog } from './member-dialogs'

/**
 * The spec's three states: undecided while the member info loads (spinner), allowed when the
 * stored e-mail is in `member.allMember`, otherwise denied (to /auth/404, replacing the entry).
 */
export function AccessScreen() {
  const email = (storedEmail() ?? '').toLowerCase()
  const info = membersApi.memberInfo.useQuery({})

  if (info.isError) {
    return (
      <ErrorState
        title="Your access could not be checked"
        message={info.error.message}
        onRetry={() => void info.refetch()}
        retrying={info.isFetching}
      />
    )
  }
  if (info.isPending) return <PageSpinner label="Checking your access" />
  const allowed = info.data.data.member.allMember.some((m) => m.email.toLowerCase() === email)
  if (!allowed) return <Navigate to="/auth/404" replace />
  return (
    <>
      <PageHeader
        title="Members and access"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Members and access' }]}
      />
      <Stack gap="6">
        <MembersCard />
        {/* Below the list on a phone: built once scrolled near (see WhenNear). */}
        <WhenNear label="Areas opened by level">
          <LevelUnlocks />
        </WhenNear>
        <WhenNear label="Audit log">
          <AuditPanel />
        </WhenNear>
      </Stack>
    </>
  )
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'access'; member: MemberSummary }
  | { kind: 'email'; member: MemberSummary }
  | { kind: 'delete'; member: MemberSummary }
  | { kind: 'certificates'; member: MemberSummary }

const listPrefix = ['members', 'list'] as const
type Snapshot = [QueryKey, { data: MemberPage } | undefined][]
const snapshotOf = (result: unknown) => (result as { snapshot?: Snapshot } | undefined)?.snapshot

const columns: Column<MemberSummary, MemberSortColumn>[] = [
  {
    key: 'email',
    header: 'E-mail',
    sort: 'email',
    cell: (member) => member.email,
    cellProps: { fontWeight: 'medium' },
  },
  { key: 'firstName', header: 'First name', sort: 'firstName', cell: (member) => member.firstName },
  { key: 'lastName', header: 'Last name', sort: 'lastName', cell: (member) => member.lastName },
  {
    key: 'role',
    header: 'Role',
    sort: 'role',
    cell: (member) => (
      <Badge colorPalette={member.role === 'admin' ? 'purple' : 'gray'}>
        {member.role === 'admin' ? 'Administrator' : 'Member'}
      </Badge>
    ),
  },
  {
    key: 'areas',
    header: 'Areas',
    cell: (member) => (
      // Its words' own direction: cut at their end in a right-to-left page too.
      <Text truncate title={member.areas.map(areaLabel).join(', ')} dir="auto">
        {member.role === 'admin'
          ? 'All areas'
          : member.areas.length === 0
            ? 'None'
            : `${member.areas.length}: ${member.areas.map(areaLabel).join(', ')}`}
      </Text>
    ),
    cellProps: { maxW: '260px' },
  },
  dateColumn({ key: 'createdAt', header: 'Joined', sort: 'createdAt', at: (m) => m.createdAt }),
]

function MembersCard() {
  const view = useListView<MemberSortColumn>({ sort: 'createdAt', order: 'desc' })
  const { value: search, text: searchText, setText: setSearchText, clear } = useListSearch(view)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const close = () => setDialog(null)

  const list = useQuery({
    ...membersApi.list.queryOptions({
      query: {
        search: search || undefined,
        sort: view.sort,
        order: view.order,
        page: view.page,
        pageSize: view.pageSize,
      },
    }),
    placeholderData: keepPreviousData,
  })

  const create = membersApi.createMember.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      close()
      toast.success(`${data.email} was created. We e-mailed them an invitation to set a password.`)
    },
  })
  const access = membersApi.updatePageAccess.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      close()
      toast.success(`Access saved for ${data.email}`)
    },
  })
  const changeEmail = membersApi.updateEmail.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      close()
      toast.success(`The member now signs in as ${data.email}`)
    },
  })
  const remove = membersApi.deleteMember.useMutation({
    onMutate: async ({ params }, { client }) => {
      await client.cancelQueries({ queryKey: listPrefix })
      const snapshot = client.getQueriesData<{ data: MemberPage }>({ queryKey: listPrefix })
      client.setQueriesData<{ data: MemberPage }>({ queryKey: listPrefix }, (old) =>
        old && old.data.items.some((m) => m.email === params.email)
          ? {
              data: {
                ...old.data,
                items: old.data.items.filter((m) => m.email !== params.email),
                total: old.data.total - 1,
              },
            }
          : old,
      )
      return { snapshot }
    },
    onError: (_error, _variables, result, { client }) => {
      for (const [key, data] of snapshotOf(result) ?? []) client.setQueryData(key, data)
    },
    onSuccess: (_data, { params }) => {
      toast.success(`${params.email} was deleted`)
    },
  })

  return (
    <Card
      title="Members"
      action={
        <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
          Create member
        </Button>
      }
    >
      <Stack gap="4">
        <SearchBox
          label="Search members"
          labelHidden
          placeholder="Search by name or e-mail"
          value={searchText}
          onChange={setSearchText}
          maxW={{ md: '320px' }}
        />
        <DataTable
          label="Members"
          columns={columns}
          rows={list.data?.data.items ?? []}
          rowKey={(member) => member.id}
          view={view}
          total={list.data?.data.total ?? 0}
          query={list}
          loadingLabel="Loading members"
          errorTitle="The members could not be loaded"
          empty={
            search ? (
              <NoMatches
                title="No members match your search"
                search={search}
                onClear={() => clear()}
              />
            ) : (
              <EmptyState
                title="No members yet"
                action={
                  <Button onClick={() => setDialog({ kind: 'create' })}>Create member</Button>
                }
              />
            )
          }
          actions={(member) => (
            <Button
              size="xs"
              variant="outline"
              onClick={() => setDialog({ kind: 'access', member })}
              aria-label={`Access of ${member.email}`}
            >
              Access
            </Button>
          )}
          menu={(member) => (
            <RowMenu
              label={`More actions for ${member.email}`}
              items={[
                {
                  label: 'Timeline',
                  icon: 'chart',
                  link: (content) => (
                    <RouterLink
                      to="/admin/insights/member/$memberId"
                      params={{ memberId: member.id }}
                    >
                      {content}
                    </RouterLink>
                  ),
                },
                {
                  label: 'Affiliate accounts',
                  icon: 'link',
                  link: (content) => (
                    <RouterLink to="/admin/accountdetail" search={{ member_id: member.id }}>
                      {content}
                    </RouterLink>
                  ),
                },
                {
                  label: 'Certificates',
                  icon: 'star',
                  onSelect: () => setDialog({ kind: 'certificates', member }),
                },
                {
                  label: 'Change e-mail',
                  icon: 'mail',
                  onSelect: () => setDialog({ kind: 'email', member }),
                },
                {
                  label: 'Delete member',
                  icon: 'trash',
                  danger: true,
                  onSelect: () => setDialog({ kind: 'delete', member }),
                },
              ]}
            />
          )}
        />
      </Stack>

      <FormDialog open={dialog?.kind === 'create'} title="Create member" onClose={close}>
        <CreateMemberForm
          pending={create.isPending}
          error={create.error}
          onSave={(body) => create.mutate({ body })}
          onClose={close}
        />
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'access'}
        title={dialog?.kind === 'access' ? `Access of ${dialog.member.email}` : 'Access'}
        onClose={close}
      >
        {dialog?.kind === 'access' ? (
          <AccessForm
            member={dialog.member}
            pending={access.isPending}
            error={access.error}
            onSave={(areas) => access.mutate({ body: { email: dialog.member.email, areas } })}
            onClose={close}
          />
        ) : null}
      </FormDialog>
      <FormDialog open={dialog?.kind === 'email'} title="Change e-mail" onClose={close}>
        {dialog?.kind === 'email' ? (
          <ChangeMemberEmailForm
            member={dialog.member}
            pending={changeEmail.isPending}
            error={changeEmail.error}
            onSave={(newEmail) =>
              changeEmail.mutate({ query: { oldEmail: dialog.member.email, newEmail }, body: {} })
            }
            onClose={close}
          />
        ) : null}
      </FormDialog>
      <CertificatesDialog
        member={dialog?.kind === 'certificates' ? dialog.member : null}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={dialog?.kind === 'delete' ? `Delete ${dialog.member.email}?` : 'Delete member?'}
        description="The member, their notes, events, content and leads are deleted. This cannot be undone."
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind === 'delete') remove.mutate({ params: { email: dialog.member.email } })
          close()
        }}
      />
    </Card>
  )
}
