import { Badge, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { z } from 'zod/mini'

import { customNiches, type CustomNiche } from '@schemas/niche-items'
import { authApi } from '@/api/auth'
import { bodySchemaOf } from '@/api/create-api'
import { customNichesApi } from '@/api/niches'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { TextField } from '@/components/form-fields'
import {
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  PageHeader,
  PanelSkeleton,
} from '@/components/ui'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
import { isApiError } from '@/lib/api-error'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import { customSheetCalls, nicheFetchError } from './sheet-calls'
import { SheetWorkspace } from './sheet-workspace'

export type NicheView = 'desk' | 'cards'

const viewPath = (view: NicheView) =>
  view === 'desk' ? '/admin/customniches/$nicheLabel' : '/admin/customniche/$nicheLabel'

/** The two views of a niche's sheet, side by side as one switch. */
const VIEWS = [
  { view: 'desk', label: 'Desk view' },
  { view: 'cards', label: 'Card view' },
] as const satisfies readonly { view: NicheView; label: string }[]

/**
 * The member's own niches: the list (create, rename, delete) and, with a label, that niche's
 * sheet as a spreadsheet (desk view) or as cards (card view).
 */
export function CustomNichesScreen({ label, view }: { label?: string; view: NicheView }) {
  return (
    <>
      <PageHeader
        title={label ?? 'My niches'}
        crumbs={[
          { label: 'Home', to: '/admin/dashboard' },
          ...(label ? [{ label: 'My niches', to: '/admin/customniches' as const }] : []),
          { label: label ?? 'My niches' },
        ]}
      />
      <AreaGate area="niches">
        <CustomNiches label={label} view={view} />
      </AreaGate>
    </>
  )
}

function CustomNiches({ label, view }: { label?: string; view: NicheView }) {
  const me = useQuery(authApi.current.queryOptions())
  const memberId = me.data?.id
  const list = useQuery({
    ...customNichesApi.list.queryOptions({ params: { id: memberId ?? '' } }),
    enabled: Boolean(memberId),
  })
  const [creating, setCreating] = useState(false)
  const [renaming, setRenaming] = useState<CustomNiche | null>(null)
  const [deleting, setDeleting] = useState<CustomNiche | null>(null)
  const navigate = useNavigate()
  const client = useQueryClient()
  const current = list.data?.data.find((n) => n.label.toLowerCase() === label?.toLowerCase())
  const calls = useMemo(
    () => (memberId && current ? customSheetCalls(current.label, memberId) : undefined),
    [memberId, current],
  )

  const locked = lockedPanelFor(list.error ?? me.error)
  if (locked) return locked
  if (me.isError || list.isError) {
    const error = me.error ?? list.error
    return <ErrorState message={nicheFetchError(error)} onRetry={() => void list.refetch()} />
  }
  if (!list.data) return <PanelSkeleton label="Loading your niches" rows={4} />
  const niches = list.data.data

  const remove = customNichesApi.remove
  const onDelete = async (niche: CustomNiche) => {
    try {
      await remove.call({ params: { id: niche.id }, body: { memberId: memberId! } })
      setDeleting(null)
      await client.invalidateQueries({ queryKey: customNichesApi.key })
      toast.success(`The niche "${niche.label}" is deleted`)
      if (current?.id === niche.id) void navigate({ to: '/admin/customniches' })
    } catch (error) {
      toast.error(isApiError(error) ? error.message : 'The niche could not be deleted')
    }
  }

  return (
    <Stack gap="4">
      <Card>
        <Stack gap="3">
          <Flex justify="space-between" align="center" gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {niches.length
                ? `${niches.length} ${niches.length === 1 ? 'niche' : 'niches'} of your own`
                : 'No niches of your own yet'}
            </Text>
            <Button size="sm" colorPalette="primary" onClick={() => setCreating(true)}>
              New niche
            </Button>
          </Flex>
          {niches.length ? (
            <HStack as="nav" aria-label="My niches" wrap="wrap" gap="2">
              {niches.map((niche) => (
                <Button
                  key={niche.id}
                  asChild
                  size="sm"
                  variant={niche.id === current?.id ? 'solid' : 'outline'}
                >
                  <Link
                    to={viewPath(view)}
                    params={{ nicheLabel: niche.label }}
                    aria-current={niche.id === current?.id ? 'page' : undefined}
                  >
                    {niche.label}
                    <Badge size="sm" variant="subtle">
                      {niche.rows}
                    </Badge>
                  </Link>
                </Button>
              ))}
            </HStack>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              A niche of your own is a sheet for a topic the four libraries do not cover, such as
              keto baking or drone photography. Create one, then plan its posts row by row.
            </Text>
          )}
        </Stack>
      </Card>

      {label && !current ? (
        <EmptyState
          title={`You have no niche named "${label}"`}
          description="It may have been renamed or deleted. Pick one above, or create it now."
          action={
            <Button size="sm" onClick={() => setCreating(true)}>
              Create "{label}"
            </Button>
          }
        />
      ) : null}

      {current && calls ? (
        <Stack gap="3">
          <Flex gap="2" wrap="wrap" align="center">
            <HStack gap="0" role="group" aria-label="View">
              {VIEWS.map((option, index) => (
                <Button
                  key={option.view}
                  asChild
                  size="sm"
                  variant={view === option.view ? 'solid' : 'outline'}
                  {...(index === 0 ? { borderEndRadius: '0' } : { borderStartRadius: '0' })}
                >
                  <Link
                    to={viewPath(option.view)}
                    params={{ nicheLabel: current.label }}
                    aria-current={view === option.view ? 'page' : undefined}
                  >
                    {option.label}
                  </Link>
                </Button>
              ))}
            </HStack>
            <Flex flex="1" />
            <Button size="sm" variant="outline" onClick={() => setRenaming(current)}>
              Rename
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => setDeleting(current)}
            >
              Delete niche
            </Button>
          </Flex>
          <SheetWorkspace
            key={current.id}
            calls={calls}
            fileName={`my-niche-${current.label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}
            view={view === 'cards' ? 'cards' : 'auto'}
          />
        </Stack>
      ) : null}

      <LabelDialog
        open={creating || renaming !== null}
        niche={renaming}
        initial={renaming?.label ?? (label && !current ? label : '')}
        memberId={memberId!}
        onClose={() => {
          setCreating(false)
          setRenaming(null)
        }}
        onSaved={(saved) => {
          setCreating(false)
          setRenaming(null)
          void navigate({ to: viewPath(view), params: { nicheLabel: saved.label } })
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the niche "${deleting?.label ?? ''}"?`}
        description={
          deleting?.rows
            ? `Its ${deleting.rows} ${deleting.rows === 1 ? 'row goes' : 'rows go'} with it. This cannot be undone; export the sheet first to keep a copy.`
            : 'Its sheet is empty. This cannot be undone.'
        }
        onConfirm={() => deleting && void onDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  )
}

/** Create (no `niche`) or rename a niche of the own. */
function LabelDialog({
  open,
  niche,
  initial,
  memberId,
  onClose,
  onSaved,
}: {
  open: boolean
  niche: CustomNiche | null
  initial: string
  memberId: string
  onClose: () => void
  onSaved: (niche: CustomNiche) => void
}) {
  return (
    <DialogShell open={open} onClose={onClose} size="sm">
      {open ? (
        <LabelForm
          key={niche?.id ?? 'new'}
          niche={niche}
          initial={initial}
          memberId={memberId}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : null}
    </DialogShell>
  )
}

/** A niche name as the server checks it. */
const labelSchema = z.pick(bodySchemaOf(customNiches.create), { label: true })

function LabelForm({
  niche,
  initial,
  memberId,
  onClose,
  onSaved,
}: {
  niche: CustomNiche | null
  initial: string
  memberId: string
  onClose: () => void
  onSaved: (niche: CustomNiche) => void
}) {
  const done = ({ data }: { data: CustomNiche }) => {
    toast.success(niche ? `Renamed to "${data.label}"` : `"${data.label}" is ready`)
    onSaved(data)
  }
  // A refusal is shown at the name, where what was typed stays: no toast repeats it.
  const meta = { errorToast: false }
  const create = customNichesApi.create.useMutation({ onSuccess: done, meta })
  const rename = customNichesApi.rename.useMutation({ onSuccess: done, meta })
  const saving = niche ? rename : create
  const form = useContractForm({
    schema: labelSchema,
    initial: { label: initial },
    onSubmit: ({ label }) => {
      if (niche) rename.mutate({ params: { id: niche.id }, body: { label, memberId } })
      else create.mutate({ body: { label, memberId } })
    },
    error: saving.error,
    clearOnEdit: true,
  })
  return (
    <DialogForm
      title={niche ? `Rename "${niche.label}"` : 'New niche'}
      onSubmit={form.submit}
      formError={form.formError}
      footer={
        <DialogActions
          onCancel={onClose}
          submitLabel={niche ? 'Rename' : 'Create'}
          pending={saving.isPending}
        />
      }
    >
      <TextField
        label="Niche name"
        {...form.field('label')}
        // Typing clears the message, the check's and the failed save's alike.
        onValueChange={(label) => {
          form.reset({ label })
          saving.reset()
        }}
        maxLength={60}
        required
        autoFocus
        helperText="For example: Keto baking, Drone photography, Houseplants"
      />
    </DialogForm>
  )
}
