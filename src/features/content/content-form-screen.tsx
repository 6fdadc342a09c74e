import { Box, Button, SimpleGrid, Stack } from '@chakra-ui/react'
import { getRouteApi, Link as RouterLink, useNavigate } from '@tanstack/react-router'

import { contentBodySchema, type ContentItem } from '@schemas/content'
import { contentApi } from '@/api/content'
import { AreaGate } from '@/components/area-gate'
import { FormError, TextAreaField, TextField } from '@/components/form-fields'
import { SelectField } from '@/components/select-field'
import { Card, PageHeader } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

import { platformOptions, statusOptions } from './content-labels'
import { PieceQuery, plannerCrumbs } from './content-parts'

const route = getRouteApi('/admin/sheet/contentpage')

/** Creates a content piece, or edits the one named by `?id=`. */
export function ContentFormScreen() {
  const { id } = route.useSearch()
  return (
    <AreaGate area="content">{id ? <EditPiece id={id} /> : <PieceForm item={null} />}</AreaGate>
  )
}

function EditPiece({ id }: { id: string }) {
  return (
    <PieceQuery id={id} title="Edit content" crumb="Edit">
      {(item) => <PieceForm key={item.id} item={item} />}
    </PieceQuery>
  )
}

function PieceForm({ item }: { item: ContentItem | null }) {
  const navigate = useNavigate()
  const onSuccess = ({ data }: { data: ContentItem }) => {
    toast.success(item ? 'Content piece saved' : 'Content piece added')
    void navigate({ to: '/admin/contentdetail', search: { id: data.id } })
  }
  const create = contentApi.create.useMutation({ meta: { errorToast: false }, onSuccess })
  const update = contentApi.update.useMutation({ meta: { errorToast: false }, onSuccess })
  const saving = item ? update : create
  const form = useContractForm({
    schema: contentBodySchema,
    initial: {
      title: item?.title ?? '',
      platform: item?.platform ?? 'instagram',
      niche: item?.niche ?? '',
      status: item?.status ?? 'idea',
      plannedDate: item?.plannedDate ?? '',
      body: item?.body ?? '',
    },
    // An empty date is no date; the checklist is ticked on its own page and kept as it is.
    toInput: (values) => ({
      ...values,
      plannedDate: values.plannedDate || null,
      checklist: item?.checklist ?? {},
    }),
    onSubmit: (body) => {
      if (item) update.mutate({ params: { id: item.id }, body })
      else create.mutate({ body })
    },
    error: saving.error,
  })

  const heading = item ? 'Edit content' : 'New content piece'
  return (
    <Box>
      <PageHeader title={heading} crumbs={plannerCrumbs(item ? 'Edit' : 'New')} />
      <Card maxW="3xl">
        <form onSubmit={form.submit} noValidate aria-label={heading}>
          <Stack gap="4">
            <FormError message={form.formError} />
            <TextField label="Title" required maxLength={200} {...form.field('title')} />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <SelectField
                label="Platform"
                required
                options={platformOptions}
                {...form.field('platform')}
              />
              <SelectField label="Status" options={statusOptions} {...form.field('status')} />
              <TextField
                label="Niche"
                maxLength={80}
                placeholder="e.g. wealth, health, woodworking"
                {...form.field('niche')}
              />
              <TextField label="Planned date" type="date" {...form.field('plannedDate')} />
            </SimpleGrid>
            <TextAreaField
              label="Text"
              rows={10}
              placeholder="Script, caption or outline"
              {...form.field('body')}
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
