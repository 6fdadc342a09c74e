import { Box, Button, Field, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link as RouterLink, useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'

import { contentBodySchema, type ContentItem } from '@schemas/content'
import { contentApi } from '@/api/content'
import { AreaGate, lockedPanelFor } from '@/components/area-gate'
import { FormAlert, TextAreaField, TextField } from '@/components/form-fields'
import { Card, ErrorState, PageHeader, PageSpinner } from '@/components/ui'
import { fieldErrorsOf, serverErrorOf, type FieldErrors } from '@/lib/form-errors'
import { toast } from '@/lib/toast'

import { platformOptions, statusOptions, type Platform, type Status } from './content-labels'

const route = getRouteApi('/admin/sheet/contentpage')

const FIELDS = ['title', 'platform', 'niche', 'status', 'plannedDate', 'body', 'checklist'] as const

/** Creates a content piece, or edits the one named by `?id=`. */
export function ContentFormScreen() {
  const { id } = route.useSearch()
  return (
    <AreaGate area="content">{id ? <EditPiece id={id} /> : <PieceForm item={null} />}</AreaGate>
  )
}

function EditPiece({ id }: { id: string }) {
  const piece = useQuery(contentApi.get.queryOptions({ params: { id } }))
  if (piece.isPending) return <PageSpinner label="Loading the content piece" />
  if (piece.isError) {
    return (
      lockedPanelFor(piece.error) ?? (
        <Box>
          <PageHeader title="Edit content" crumbs={crumbs('Edit')} />
          <ErrorState
            title={
              piece.error.status === 404
                ? 'This content piece does not exist'
                : 'The content piece could not be loaded'
            }
            message={piece.error.message}
            onRetry={piece.error.status === 404 ? undefined : () => void piece.refetch()}
            retrying={piece.isFetching}
          />
        </Box>
      )
    )
  }
  return <PieceForm key={piece.data.data.id} item={piece.data.data} />
}

const crumbs = (last: string) => [
  { label: 'Home', to: '/admin/dashboard' as const },
  { label: 'Content planner', to: '/admin/sheet/content' as const },
  { label: last },
]

function PieceForm({ item }: { item: ContentItem | null }) {
  const navigate = useNavigate()
  const [title, setTitle] = useState(item?.title ?? '')
  const [platform, setPlatform] = useState<Platform>(item?.platform ?? 'instagram')
  const [niche, setNiche] = useState(item?.niche ?? '')
  const [status, setStatus] = useState<Status>(item?.status ?? 'idea')
  const [plannedDate, setPlannedDate] = useState(item?.plannedDate ?? '')
  const [body, setBody] = useState(item?.body ?? '')
  const [errors, setErrors] = useState<FieldErrors>({})

  const onSuccess = ({ data }: { data: ContentItem }) => {
    toast.success(item ? 'Content piece saved' : 'Content piece added')
    void navigate({ to: '/admin/contentdetail', search: { id: data.id } })
  }
  const create = contentApi.create.useMutation({ meta: { errorToast: false }, onSuccess })
  const update = contentApi.update.useMutation({ meta: { errorToast: false }, onSuccess })
  const saving = item ? update : create
  const server = serverErrorOf(saving.error, FIELDS)
  const fieldError = (name: (typeof FIELDS)[number]) => errors[name] ?? server.fields[name]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = contentBodySchema.safeParse({
      title,
      platform,
      niche,
      status,
      plannedDate: plannedDate || null,
      body,
      checklist: item?.checklist ?? {},
    })
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    if (item) update.mutate({ params: { id: item.id }, body: parsed.data })
    else create.mutate({ body: parsed.data })
  }

  const heading = item ? 'Edit content' : 'New content piece'
  return (
    <Box>
      <PageHeader title={heading} crumbs={crumbs(item ? 'Edit' : 'New')} />
      <Card maxW="3xl">
        <form onSubmit={submit} noValidate aria-label={heading}>
          <Stack gap="4">
            {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
            <TextField
              label="Title"
              name="title"
              required
              maxLength={200}
              value={title}
              onValueChange={setTitle}
              error={fieldError('title')}
            />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root invalid={Boolean(fieldError('platform'))} required>
                <Field.Label>
                  Platform
                  <Field.RequiredIndicator />
                </Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="platform"
                    value={platform}
                    onChange={(event) => setPlatform(event.target.value as Platform)}
                  >
                    {platformOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {fieldError('platform') ? (
                  <Field.ErrorText>{fieldError('platform')}</Field.ErrorText>
                ) : null}
              </Field.Root>
              <Field.Root invalid={Boolean(fieldError('status'))}>
                <Field.Label>Status</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="status"
                    value={status}
                    onChange={(event) => setStatus(event.target.value as Status)}
                  >
                    {statusOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {fieldError('status') ? (
                  <Field.ErrorText>{fieldError('status')}</Field.ErrorText>
                ) : null}
              </Field.Root>
              <TextField
                label="Niche"
                name="niche"
                maxLength={80}
                placeholder="e.g. wealth, health, woodworking"
                value={niche}
                onValueChange={setNiche}
                error={fieldError('niche')}
              />
              <TextField
                label="Planned date"
                name="plannedDate"
                type="date"
                value={plannedDate}
                onValueChange={setPlannedDate}
                error={fieldError('plannedDate')}
              />
            </SimpleGrid>
            <TextAreaField
              label="Text"
              name="body"
              rows={10}
              placeholder="Script, caption or outline"
              value={body}
              onValueChange={setBody}
              error={fieldError('body')}
            />
            <Stack direction="row" gap="3" justify="flex-end">
              <Button asChild variant="outline">
                {item ? (
                  <RouterLink to="/admin/contentdetail" search={{ id: item.id }}>
                    Cancel
                  </RouterLink>
                ) : (
                  <RouterLink to="/admin/sheet/content">Cancel</RouterLink>
                )}
              </Button>
              <Button type="submit" loading={saving.isPending} loadingText="Saving…">
                {item ? 'Save changes' : 'Add piece'}
              </Button>
            </Stack>
          </Stack>
        </form>
      </Card>
    </Box>
  )
}
