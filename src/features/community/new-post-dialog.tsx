import { Stack } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import { CATEGORIES, MAX_POST_LENGTH, newPostSchema, type CategoryKey } from '@schemas/community'
import { withThousands } from '@schemas/contract'
import { communityApi } from '@/api/community'
import { FieldFrame, TextField } from '@/components/form-fields'
import { SelectField } from '@/components/select-field'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
import { useContractForm } from '@/lib/contract-form'
import { storedRole } from '@/lib/session'
import { toast } from '@/lib/toast'

import { MentionTextarea } from './mention-textarea'

/** A new post in one of the feed's categories; the thread opens once it is posted. */
export default function NewPostDialog({
  category,
  onClose,
}: {
  category: CategoryKey | undefined
  onClose: () => void
}) {
  const admin = storedRole() === 'admin'
  const navigate = useNavigate()
  const choices = CATEGORIES.filter((c) => admin || !('adminsOnly' in c))
  const [open, setOpen] = useState(true)
  const create = communityApi.create.useMutation({
    meta: { errorToast: false },
    onSuccess: (answer) => {
      toast.success('Posted')
      setOpen(false)
      void navigate({ to: '/admin/community/$postId', params: { postId: answer.data.id } })
    },
  })
  const form = useContractForm({
    schema: newPostSchema,
    initial: {
      category: (choices.find((c) => c.key === category) ?? choices[0]!).key as string,
      title: '',
      body: '',
    },
    onSubmit: (body) => create.mutate({ body }),
    error: create.error,
  })
  return (
    <DialogShell open={open} onClose={onClose} size="lg">
      <DialogForm
        title="New post"
        onSubmit={form.submit}
        formError={form.formError}
        footer={
          <DialogActions
            onCancel={onClose}
            submitLabel="Post"
            pending={create.isPending}
            pendingText="Posting…"
          />
        }
      >
        <Stack gap="4">
          <SelectField
            label="Category"
            {...form.field('category')}
            options={choices.map((c) => ({ value: c.key, label: c.label }))}
          />
          <TextField label="Title" {...form.field('title')} maxLength={150} required />
          <FieldFrame
            label="Post"
            error={form.errorOf('body')}
            helperText={`**bold**, _italics_, lists, links and @names work here; at most ${withThousands(MAX_POST_LENGTH)} characters.`}
            required
          >
            <MentionTextarea
              name="body"
              value={form.values.body}
              onValueChange={(value) => form.setValue('body', value)}
              place={{}}
            />
          </FieldFrame>
        </Stack>
      </DialogForm>
    </DialogShell>
  )
}
