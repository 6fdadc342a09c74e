import { Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'

import { REPORT_REASONS, type Author, type ReportReason } from '@schemas/community'
import { communityApi } from '@/api/community'
import { TextAreaField } from '@/components/form-fields'
import { SelectField } from '@/components/select-field'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
import { toast } from '@/lib/toast'

/** What a report or a mute is about: a post, or one of its replies. */
export interface Target {
  postId: string
  replyId?: string
  author: Author
  /** "this post", "this reply". */
  what: string
}

/** A member tells the administrators what is wrong with a post or reply. */
export function ReportDialog({ target, onClose }: { target: Target | null; onClose: () => void }) {
  return (
    <DialogShell open={target !== null} onClose={onClose} size="sm">
      {target ? <ReportForm target={target} onDone={onClose} /> : null}
    </DialogShell>
  )
}

function ReportForm({ target, onDone }: { target: Target; onDone: () => void }) {
  const [reason, setReason] = useState<ReportReason>('spam')
  const [note, setNote] = useState('')
  const report = communityApi.report.useMutation({
    meta: { errorToast: false },
    onSuccess: (answer) => {
      toast.success(answer.data.message)
      onDone()
    },
  })
  return (
    <DialogForm
      title={`Report ${target.what}`}
      onSubmit={(event) => {
        event.preventDefault()
        report.mutate({
          params: { id: target.postId },
          body: { ...(target.replyId ? { replyId: target.replyId } : {}), reason, note },
        })
      }}
      formError={report.error?.message ?? null}
      footer={
        <DialogActions
          onCancel={onDone}
          submitLabel="Send report"
          pending={report.isPending}
          pendingText="Sending…"
        />
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          Only the administrators see reports. When three members report the same post, it is hidden
          until an administrator has looked at it.
        </Text>
        <SelectField
          label="What is wrong?"
          value={reason}
          onValueChange={(value) => setReason(value as ReportReason)}
          options={REPORT_REASONS.map((r) => ({ value: r.key, label: r.label }))}
        />
        <TextAreaField
          name="note"
          label="Anything the administrators should know (optional)"
          value={note}
          onValueChange={setNote}
          maxLength={500}
        />
      </Stack>
    </DialogForm>
  )
}

const MUTE_DAYS = [
  { value: '1', label: '1 day' },
  { value: '3', label: '3 days' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '0', label: 'Lift the mute' },
]

/** An administrator keeps a member from writing and reacting for some days. */
export function MuteDialog({ author, onClose }: { author: Author | null; onClose: () => void }) {
  return (
    <DialogShell open={author !== null} onClose={onClose} size="sm">
      {author ? <MuteForm author={author} onDone={onClose} /> : null}
    </DialogShell>
  )
}

function MuteForm({ author, onDone }: { author: Author; onDone: () => void }) {
  const [days, setDays] = useState('3')
  const mute = communityApi.mute.useMutation({
    meta: { errorToast: false },
    onSuccess: (answer) => {
      toast.success(
        answer.data.mutedUntil
          ? `${author.name} is muted until ${new Date(answer.data.mutedUntil).toLocaleDateString()}`
          : `${author.name} may write again`,
      )
      onDone()
    },
  })
  return (
    <DialogForm
      title={`Mute ${author.name}`}
      onSubmit={(event) => {
        event.preventDefault()
        mute.mutate({ params: { id: author.id }, body: { days: Number(days) } })
      }}
      formError={mute.error?.message ?? null}
      footer={
        <DialogActions
          onCancel={onDone}
          submitLabel={days === '0' ? 'Lift the mute' : 'Mute'}
          pending={mute.isPending}
        />
      }
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          A muted member still reads everything, but cannot post, reply or react until then. It is
          recorded in the audit log.
        </Text>
        <SelectField
          label="For how long"
          value={days}
          onValueChange={setDays}
          options={MUTE_DAYS}
        />
      </Stack>
    </DialogForm>
  )
}
