import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { Link as RouterLink } from '@tanstack/react-router'

import { noteBodySchema } from '@schemas/notes'
import { notesApi, notesListOptions } from '@/api/notes'
import { TextAreaField, TextField } from '@/components/form-fields'
import { Card, PanelQuery, StatTile } from '@/components/ui'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

/** How many notes the dashboard shows; the notes page has the rest. */
const SHOWN = 4

/** The dashboard's headline figure for notes: how many, and how many pinned. */
export function NotesKpi() {
  const notes = useQuery(notesListOptions())
  const label = 'Notes'
  const to = '/admin/notes'
  if (notes.isPending) return <StatTile label={label} to={to} loading testId="kpi-notes" />
  if (notes.isError)
    return <StatTile label={label} to={to} error={notes.error.message} testId="kpi-notes" />
  const all = notes.data.data
  const pinned = all.filter((note) => note.pinned).length
  return (
    <StatTile
      label={label}
      to={to}
      value={all.length.toLocaleString('en')}
      detail={
        all.length === 0 ? 'Add your first note below' : `${pinned.toLocaleString('en')} pinned`
      }
      testId="kpi-notes"
    />
  )
}

/** Pinned and latest notes with a quick way to add one. */
export function NotesPanel() {
  const notes = useQuery(notesListOptions())
  const create = notesApi.create.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      toast.success('Note added')
      form.reset()
    },
  })
  const form = useContractForm({
    schema: noteBodySchema,
    initial: { title: '', body: '' },
    onSubmit: (body) => create.mutate({ body }),
    error: create.error,
  })

  const all = notes.data?.data ?? []
  return (
    <Card
      title="Notes"
      action={
        <Link asChild fontSize="sm" color="primary.fg">
          <RouterLink to="/admin/notes">
            Open all notes{all.length > SHOWN ? ` (${all.length})` : ''}
          </RouterLink>
        </Link>
      }
    >
      <Stack gap="4">
        <form onSubmit={form.submit} noValidate aria-label="Quick note">
          <Stack gap="2">
            <TextField
              label="New note"
              size="sm"
              placeholder="Title"
              maxLength={200}
              {...form.field('title')}
              // The panel has no room for a message above the form: it goes with the title.
              error={form.errorOf('title') ?? form.formError ?? undefined}
            />
            <HStack align="flex-end" gap="2">
              <TextAreaField
                label="Note text"
                size="sm"
                rows={1}
                placeholder="Optional"
                {...form.field('body')}
              />
              <Button type="submit" size="sm" flexShrink={0} loading={create.isPending}>
                Add note
              </Button>
            </HStack>
          </Stack>
        </form>
        <PanelQuery query={notes} loading="Loading notes" failed="Notes could not be loaded">
          {() =>
            all.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                No notes yet. Write your first one above.
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none" aria-label="Latest notes">
                {all.slice(0, SHOWN).map((note) => (
                  <Box
                    as="li"
                    key={note.id}
                    colorPalette={note.color}
                    bg="colorPalette.subtle"
                    borderInlineStartWidth="4px"
                    borderColor="colorPalette.solid"
                    rounded="l1"
                    px="3"
                    py="2"
                  >
                    <HStack justify="space-between" gap="2">
                      <Text fontWeight="medium" truncate>
                        {note.title}
                      </Text>
                      {note.pinned ? (
                        <Badge size="sm" variant="solid" colorPalette={note.color}>
                          Pinned
                        </Badge>
                      ) : null}
                    </HStack>
                    {note.body ? (
                      <Text fontSize="sm" color="fg.muted" truncate title={note.body}>
                        {note.body}
                      </Text>
                    ) : null}
                  </Box>
                ))}
              </Stack>
            )
          }
        </PanelQuery>
      </Stack>
    </Card>
  )
}
