import { Alert, Button, Dialog, Flex, Skeleton, Stack, Tabs, Text } from '@chakra-ui/react'
import { useState } from 'react'

import { lessonEditBodySchema, type LessonSource } from '@schemas/courses'
import { coursesApi } from '@/api/courses'
import { FormError, TextAreaField, TextField } from '@/components/form-fields'
import { ConfirmDialog } from '@/components/ui'
import { DialogShell } from '@/components/ui/dialogs'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

import { LessonBody } from './lesson-body'

/**
 * Administrators edit a lesson's title, Markdown text and video here. The server keeps the
 * edit over the repository's text (also after restarts and content reloads) and audits it;
 * "Restore original" drops the edit.
 */
export default function LessonEditor({
  path,
  onClose,
  onSaved,
}: {
  path: string
  onClose: () => void
  onSaved: () => void
}) {
  const source = coursesApi.source.useQuery({ query: { path } })
  return (
    <DialogShell open={true} onClose={onClose} size="xl">
      <Dialog.Header>
        <Dialog.Title>Edit lesson</Dialog.Title>
      </Dialog.Header>
      {source.isPending ? (
        <Dialog.Body>
          <Stack gap="4" aria-busy="true">
            <Skeleton height="10" />
            <Skeleton height="10" />
            <Skeleton height="64" />
          </Stack>
        </Dialog.Body>
      ) : source.isError ? (
        <Dialog.Body>
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{source.error.message}</Alert.Description>
          </Alert.Root>
        </Dialog.Body>
      ) : (
        <EditorForm source={source.data.data} onClose={onClose} onSaved={onSaved} />
      )}
    </DialogShell>
  )
}

function EditorForm({
  source,
  onClose,
  onSaved,
}: {
  source: LessonSource
  onClose: () => void
  onSaved: () => void
}) {
  const [confirmRestore, setConfirmRestore] = useState(false)
  const edit = coursesApi.edit.useMutation({ meta: { errorToast: false } })
  const restore = coursesApi.restore.useMutation()
  const preview = coursesApi.preview.useMutation({ meta: { errorToast: false } })
  const query = { path: source.path }
  const form = useContractForm({
    schema: lessonEditBodySchema,
    initial: { title: source.title, markdown: source.markdown, video: source.video },
    onSubmit: (body) =>
      edit.mutate(
        { query, body },
        {
          onSuccess: () => {
            toast.success('Lesson saved')
            onSaved()
            onClose()
          },
        },
      ),
    error: edit.error,
  })

  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          {source.edited ? (
            <Text fontSize="sm" color="fg.muted">
              Edited{source.editedBy ? ` by ${source.editedBy}` : ''}
              {source.editedAt ? ` on ${new Date(source.editedAt).toLocaleString()}` : ''}. The
              repository text is kept and can be restored.
            </Text>
          ) : null}
          <TextField label="Title" {...form.field('title')} required maxLength={200} />
          <TextField
            label="Video address"
            {...form.field('video')}
            helperText="A YouTube or Vimeo address, or an https address of an .mp4 file. Leave empty for no video."
            inputMode="url"
          />
          <Tabs.Root
            defaultValue="write"
            variant="line"
            onValueChange={(details) => {
              if (details.value === 'preview') {
                preview.mutate({ body: { markdown: form.values.markdown } })
              }
            }}
          >
            <Tabs.List>
              <Tabs.Trigger value="write">Write</Tabs.Trigger>
              <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="write">
              <TextAreaField
                label="Text (Markdown)"
                {...form.field('markdown')}
                helperText="## makes a section of the table of contents; links to screens start with /admin/. HTML is shown as text."
                rows={18}
                fontFamily="mono"
                fontSize="sm"
                required
              />
            </Tabs.Content>
            <Tabs.Content value="preview">
              {preview.isPending ? (
                <Skeleton height="64" />
              ) : preview.isError ? (
                <Text color="fg.error">{preview.error.message}</Text>
              ) : preview.data ? (
                <LessonBody html={preview.data.data.html} />
              ) : null}
            </Tabs.Content>
          </Tabs.Root>
          <FormError message={form.formError} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Flex gap="2" wrap="wrap" justify="flex-end" w="full">
          {source.edited ? (
            <Button
              variant="ghost"
              colorPalette="red"
              me="auto"
              onClick={() => setConfirmRestore(true)}
            >
              Restore original
            </Button>
          ) : null}
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button colorPalette="primary" onClick={() => form.submit()} loading={edit.isPending}>
            Save lesson
          </Button>
        </Flex>
      </Dialog.Footer>
      <ConfirmDialog
        open={confirmRestore}
        title="Restore the original text?"
        description="Your edits to the title, text and video of this lesson are dropped and the repository's version shows again."
        confirmLabel="Restore original"
        pending={restore.isPending}
        onCancel={() => setConfirmRestore(false)}
        onConfirm={() =>
          restore.mutate(
            { query },
            {
              onSuccess: () => {
                toast.success('Original text restored')
                setConfirmRestore(false)
                onSaved()
                onClose()
              },
            },
          )
        }
      />
    </>
  )
}
