import { Dialog, Stack, Text } from '@chakra-ui/react'

import { insights, type Nudge, type NudgeDraft } from '@schemas/insights'
import { bodySchemaOf } from '@/api/create-api'
import { insightsApi } from '@/api/insights'
import { TextAreaField, TextField } from '@/components/form-fields'
import { guardQuery } from '@/components/query-guard'
import { PanelSkeleton } from '@/components/ui'
import { DialogActions, DialogForm, DialogShell } from '@/components/ui/dialogs'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'

const sendSchema = bodySchemaOf(insights.sendNudge)

/**
 * "Write to them": the prepared e-mail to one member, which the administrator may change, sent
 * through the product's mail and recorded in the audit log.
 */
export function NudgeDialog({ nudge, onClose }: { nudge: Nudge | null; onClose: () => void }) {
  return (
    <DialogShell open={nudge !== null} onClose={onClose} size="lg">
      {nudge ? (
        <DraftLoader key={`${nudge.memberId}:${nudge.kind}`} nudge={nudge} onDone={onClose} />
      ) : null}
    </DialogShell>
  )
}

function DraftLoader({ nudge, onDone }: { nudge: Nudge; onDone: () => void }) {
  const draft = insightsApi.nudgeDraft.useQuery({
    query: { memberId: nudge.memberId, kind: nudge.kind },
  })
  const shown = guardQuery(draft, {
    loading: <PanelSkeleton label="Preparing the e-mail" rows={4} />,
    errorTitle: 'The e-mail could not be prepared',
  })
  if (!shown.ready) {
    return (
      <>
        <Dialog.Header>
          <Dialog.Title>Write to {nudge.name}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body pb="6">{shown.view}</Dialog.Body>
      </>
    )
  }
  return <NudgeForm nudge={nudge} draft={shown.data.data} onDone={onDone} />
}

function NudgeForm({
  nudge,
  draft,
  onDone,
}: {
  nudge: Nudge
  draft: NudgeDraft
  onDone: () => void
}) {
  const send = insightsApi.sendNudge.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      toast.success(`E-mail sent to ${nudge.name}`)
      onDone()
    },
  })
  const form = useContractForm({
    schema: sendSchema,
    initial: {
      memberId: nudge.memberId,
      kind: nudge.kind,
      subject: draft.subject,
      body: draft.body,
    },
    onSubmit: (body) => send.mutate({ body }),
    error: send.error,
  })
  return (
    <DialogForm
      title={`Write to ${nudge.name}`}
      onSubmit={form.submit}
      formError={form.formError}
      footer={
        <DialogActions
          onCancel={onDone}
          submitLabel="Send e-mail"
          pending={send.isPending}
          pendingText="Sending…"
        />
      }
    >
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          To {draft.to}
        </Text>
      </Stack>
      <TextField label="Subject" required maxLength={200} {...form.field('subject')} />
      <TextAreaField label="Message" rows={12} {...form.field('body')} />
    </DialogForm>
  )
}
