import { Alert, Badge, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'

import {
  checkSourceBodySchema,
  MAX_QUESTIONS,
  type CheckSource,
  type CheckSourceBody,
  type QuestionSource,
} from '@schemas/checks'
import { checksApi } from '@/api/checks'
import { coursesApi } from '@/api/courses'
import { CheckboxField } from '@/components/checkbox-field'
import { FormError, TextAreaField, TextField } from '@/components/form-fields'
import { SelectField } from '@/components/select-field'
import { Card, ConfirmDialog } from '@/components/ui'
import { toast } from '@/lib/toast'

/**
 * Administrators edit a knowledge check's title and questions here: each question's words, kind,
 * lesson, and options with whether each is right and why. The server keeps the edit over the
 * repository's questions and audits it; "Restore original" drops it.
 */
export default function CheckEditor({
  course,
  module,
  onDone,
}: {
  course: string
  module: number
  onDone: () => void
}) {
  const source = checksApi.source.useQuery({ params: { course, module } })
  if (source.isPending) return <Skeleton height="80" borderRadius="l2" aria-busy="true" />
  if (source.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Description>{source.error.message}</Alert.Description>
      </Alert.Root>
    )
  }
  return <EditorForm source={source.data.data} course={course} module={module} onDone={onDone} />
}

const blankOption = () => ({ text: '', correct: false, explanation: '' })

function EditorForm({
  source,
  course,
  module,
  onDone,
}: {
  source: CheckSource
  course: string
  module: number
  onDone: () => void
}) {
  const client = useQueryClient()
  const [draft, setDraft] = useState<CheckSourceBody>({
    title: source.title,
    questions: source.questions,
  })
  const [problem, setProblem] = useState<string | null>(null)
  const [confirmRestore, setConfirmRestore] = useState(false)
  const refresh = () => void client.invalidateQueries({ queryKey: coursesApi.key })
  const edit = checksApi.edit.useMutation({
    meta: { errorToast: false },
    onSuccess: () => {
      refresh()
      toast.success('Knowledge check saved')
      onDone()
    },
    onError: (error) => setProblem(error.message),
  })
  const restore = checksApi.restore.useMutation({
    onSuccess: () => {
      refresh()
      setConfirmRestore(false)
      toast.success('The original questions are back')
      onDone()
    },
  })
  const params = { course, module }
  const lessonOptions = source.lessons.map((l) => ({ value: l.path, label: l.title }))

  const setQuestion = (index: number, change: Partial<QuestionSource>) =>
    setDraft((d) => ({
      ...d,
      questions: d.questions.map((q, i) => (i === index ? { ...q, ...change } : q)),
    }))
  const addQuestion = () =>
    setDraft((d) => ({
      ...d,
      questions: [
        ...d.questions,
        {
          id: `m${module}-q${Date.now().toString(36)}`,
          lesson: source.lessons[0]?.path ?? '',
          kind: 'single',
          prompt: '',
          options: [blankOption(), blankOption(), blankOption()],
        },
      ],
    }))

  const save = () => {
    const parsed = checkSourceBodySchema.safeParse(draft)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      const [, index] = issue.path
      const where = typeof index === 'number' ? `Question ${index + 1}: ` : ''
      setProblem(`${where}${issue.message}`)
      return
    }
    setProblem(null)
    edit.mutate({ params, body: parsed.data })
  }

  return (
    <Stack gap="5">
      <Flex gap="2" align="center" wrap="wrap">
        {source.edited ? (
          <Badge colorPalette="orange">
            Edited{source.editedBy ? ` by ${source.editedBy}` : ''}
          </Badge>
        ) : (
          <Badge>As in the repository</Badge>
        )}
        <Text fontSize="sm" color="fg.muted">
          Members see the saved questions at once; results already given stay as they were.
        </Text>
      </Flex>
      <TextField
        label="Title"
        name="title"
        value={draft.title}
        onValueChange={(title) => setDraft((d) => ({ ...d, title }))}
        maxLength={120}
        required
      />
      {draft.questions.map((q, qi) => (
        <Card key={q.id}>
          <Stack gap="3" as="section" aria-label={`Question ${qi + 1}`}>
            <Flex justify="space-between" align="center" gap="2" wrap="wrap">
              <Heading as="h2" size="sm">
                Question {qi + 1}
              </Heading>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() =>
                  setDraft((d) => ({ ...d, questions: d.questions.filter((_, i) => i !== qi) }))
                }
              >
                Remove question {qi + 1}
              </Button>
            </Flex>
            <TextAreaField
              label="Question"
              name={`prompt-${qi}`}
              value={q.prompt}
              onValueChange={(prompt) => setQuestion(qi, { prompt })}
              maxLength={300}
              rows={2}
              required
            />
            <Flex gap="3" direction={{ base: 'column', md: 'row' }}>
              <SelectField
                label="Answers"
                value={q.kind}
                onValueChange={(kind) => setQuestion(qi, { kind: kind as QuestionSource['kind'] })}
                options={[
                  { value: 'single', label: 'One right option' },
                  { value: 'multiple', label: 'Several right options' },
                ]}
              />
              <SelectField
                label="Lesson it asks about"
                value={q.lesson}
                onValueChange={(lesson) => setQuestion(qi, { lesson })}
                options={lessonOptions}
              />
            </Flex>
            {q.options.map((o, oi) => {
              const setOption = (change: Partial<typeof o>) =>
                setQuestion(qi, {
                  options: q.options.map((x, i) => (i === oi ? { ...x, ...change } : x)),
                })
              return (
                <Stack
                  key={oi}
                  gap="2"
                  borderWidth="1px"
                  borderColor={o.correct ? 'green.solid' : 'border'}
                  borderRadius="l2"
                  p="3"
                >
                  <TextField
                    label={`Option ${String.fromCharCode(97 + oi)}`}
                    name={`option-${qi}-${oi}`}
                    value={o.text}
                    onValueChange={(text) => setOption({ text })}
                    maxLength={160}
                    required
                  />
                  <TextAreaField
                    label="Why it is right or wrong"
                    name={`explanation-${qi}-${oi}`}
                    value={o.explanation}
                    onValueChange={(explanation) => setOption({ explanation })}
                    maxLength={400}
                    rows={2}
                    required
                  />
                  <Flex justify="space-between" align="center" gap="2" wrap="wrap">
                    <CheckboxField
                      label="A right answer"
                      checked={o.correct}
                      onCheckedChange={(correct) => setOption({ correct })}
                    />
                    {q.options.length > 3 ? (
                      <Button
                        size="xs"
                        variant="ghost"
                        onClick={() =>
                          setQuestion(qi, { options: q.options.filter((_, i) => i !== oi) })
                        }
                      >
                        Remove option {String.fromCharCode(97 + oi)}
                      </Button>
                    ) : null}
                  </Flex>
                </Stack>
              )
            })}
            {q.options.length < 5 ? (
              <Button
                size="sm"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => setQuestion(qi, { options: [...q.options, blankOption()] })}
              >
                Add an option
              </Button>
            ) : null}
          </Stack>
        </Card>
      ))}
      {draft.questions.length < MAX_QUESTIONS ? (
        <Button variant="outline" alignSelf="flex-start" onClick={addQuestion}>
          Add a question
        </Button>
      ) : null}
      <FormError message={problem} />
      <Flex gap="2" wrap="wrap" justify="space-between">
        <Flex gap="2">
          <Button colorPalette="primary" onClick={save} loading={edit.isPending}>
            Save questions
          </Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </Flex>
        {source.edited ? (
          <Button variant="outline" colorPalette="red" onClick={() => setConfirmRestore(true)}>
            Restore original
          </Button>
        ) : null}
      </Flex>
      <ConfirmDialog
        open={confirmRestore}
        title="Restore the original questions?"
        description="The edited questions are dropped, and the repository’s show again."
        confirmLabel="Restore original"
        onConfirm={() => restore.mutate({ params })}
        onCancel={() => setConfirmRestore(false)}
        pending={restore.isPending}
      />
    </Stack>
  )
}
