import {
  Badge,
  Button,
  IconButton,
  Input,
  InputGroup,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react'
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query'
import { Navigate, Link as RouterLink } from '@tanstack/react-router'
import { useEffect, useState } from 'react'

import { areaLabel } from '@schemas/access'
import type { MemberPage, MemberSortColumn, MemberSummary } from '@schemas/members'
import { membersApi } from '@/api/members'
import { AppIcon } from '@/components/layout/icons'
import { SortHeader, TablePager, TableScroll, type SortOrder } from '@/components/table-parts'
import {
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  PageSpinner,
} from '@/components/ui'
import { onFirstUse } from '@/lib/intl'
import { storedEmail } from '@/lib/session'
import { toast } from '@/lib/toast'

import { AuditPanel } from './audit-panel'
import { AccessForm, ChangeMemberEmailForm, CreateMemberForm, FormDialog } from './member-dialogs'

const dateFormat = onFirstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }))

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
        <AuditPanel />
      </Stack>
    </>
  )
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'access'; member: MemberSummary }
  | { kind: 'email'; member: MemberSummary }
  | { kind: 'delete'; member: MemberSummary }

const listPrefix = ['members', 'list'] as const
type Snapshot = [QueryKey, { data: MemberPage } | undefined][]
const snapshotOf = (result: unknown) => (result as { snapshot?: Snapshot } | undefined)?.snapshot

function MembersCard() {
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const [sort, setSort] = useState<MemberSortColumn>('createdAt')
  const [order, setOrder] = useState<SortOrder>('desc')
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(20)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const close = () => setDialog(null)

  useEffect(() => {
    const timer = setTimeout(() => {
      if (searchText.trim() !== search) {
        setSearch(searchText.trim())
        setPage(1)
      }
    }, 300)
    return () => clearTimeout(timer)
  }, [searchText, search])

  const list = useQuery({
    ...membersApi.list.queryOptions({
      query: { search: search || undefined, sort, order, page, pageSize },
    }),
    placeholderData: keepPreviousData,
  })
  const total = list.data?.data.total ?? 0

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
      // The last row of a page went: show the page before it.
      if (items.length === 0 && page > 1) setPage(page - 1)
      toast.success(`${params.email} was deleted`)
    },
  })

  const onSort = (column: MemberSortColumn, next: SortOrder) => {
    setSort(column)
    setOrder(next)
    setPage(1)
  }
  const items = list.data?.data.items ?? []
  const header = (column: MemberSortColumn, label: string) => (
    <SortHeader column={column} sort={sort} order={order} onSort={onSort}>
      {label}
    </SortHeader>
  )

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
        <InputGroup startElement={<AppIcon name="search" size="16px" />} maxW={{ md: '320px' }}>
          <Input
            type="search"
            aria-label="Search members"
            placeholder="Search by name or e-mail"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </InputGroup>
        {list.isError ? (
          <ErrorState
            title="The members could not be loaded"
            message={list.error.message}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.isPending ? (
          <Stack gap="2" role="status" aria-label="Loading members">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height="10" />
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <EmptyState
            title={search ? 'No members match your search' : 'No members yet'}
            description={search ? `Nothing found for “${search}”.` : undefined}
            action={
              search ? (
                <Button variant="outline" onClick={() => setSearchText('')}>
                  Clear the search
                </Button>
              ) : (
                <Button onClick={() => setDialog({ kind: 'create' })}>Create member</Button>
              )
            }
          />
        ) : (
          <>
            <TableScroll label="Members" borderWidth="1px" borderRadius="l2" position="relative">
              <Table.Root size="sm" aria-label="Members" aria-busy={list.isFetching}>
                <Table.Header>
                  <Table.Row>
                    {header('email', 'E-mail')}
                    {header('firstName', 'First name')}
                    {header('lastName', 'Last name')}
                    {header('role', 'Role')}
                    <Table.ColumnHeader>Areas</Table.ColumnHeader>
                    {header('createdAt', 'Joined')}
                    <Table.ColumnHeader textAlign="end">
                      <Text as="span" srOnly>
                        Actions
                      </Text>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {items.map((member) => (
                    <Table.Row key={member.id}>
                      <Table.Cell fontWeight="medium">{member.email}</Table.Cell>
                      <Table.Cell>{member.firstName}</Table.Cell>
                      <Table.Cell>{member.lastName}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={member.role === 'admin' ? 'purple' : 'gray'}>
                          {member.role === 'admin' ? 'Administrator' : 'Member'}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell maxW="260px" title={member.areas.map(areaLabel).join(', ')}>
                        <Text truncate>
                          {member.role === 'admin'
                            ? 'All areas'
                            : member.areas.length === 0
                              ? 'None'
                              : `${member.areas.length}: ${member.areas.map(areaLabel).join(', ')}`}
                        </Text>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        <time dateTime={member.createdAt}>
                          {dateFormat.format(new Date(member.createdAt))}
                        </time>
                      </Table.Cell>
                      <Table.Cell textAlign="end" whiteSpace="nowrap">
                        <Button
                          size="xs"
                          variant="outline"
                          me="1"
                          onClick={() => setDialog({ kind: 'access', member })}
                          aria-label={`Access of ${member.email}`}
                        >
                          Access
                        </Button>
                        <IconButton
                          asChild
                          size="xs"
                          variant="ghost"
                          aria-label={`Affiliate accounts of ${member.email}`}
                          title="Affiliate accounts"
                        >
                          <RouterLink to="/admin/accountdetail" search={{ member_id: member.id }}>
                            <AppIcon name="link" size="16px" />
                          </RouterLink>
                        </IconButton>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={`Change e-mail of ${member.email}`}
                          title="Change e-mail"
                          onClick={() => setDialog({ kind: 'email', member })}
                        >
                          <AppIcon name="mail" size="16px" />
                        </IconButton>
                        <IconButton
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={`Delete ${member.email}`}
                          title="Delete member"
                          onClick={() => setDialog({ kind: 'delete', member })}
                        >
                          <AppIcon name="trash" size="16px" />
                        </IconButton>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </TableScroll>
            <TablePager
              page={page}
              pageSize={pageSize}
              total={total}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size)
                setPage(1)
              }}
            />
          </>
        )}
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
