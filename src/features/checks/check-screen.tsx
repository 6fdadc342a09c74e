import {
  Alert,
  Badge,
  Box,
  Button,
  chakra,
  Flex,
  Heading,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { Link, Navigate } from '@tanstack/react-router'
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react'

import type { CheckResult, KnowledgeCheck } from '@schemas/checks'
import { certificatesApi } from '@/api/certificates'
import { checksApi } from '@/api/checks'
import { coursesApi } from '@/api/courses'
import { lockedPanelFor } from '@/components/area-gate'
import { FormError } from '@/components/form-fields'
import { AppIcon } from '@/components/layout/icons'
import { Card, ErrorState, PageHeader } from '@/components/ui'
import { isApiError } from '@/lib/api-error'
import type { AppPath } from '@/lib/named-pages'
import { storedRole } from '@/lib/session'
import { useQuery } from '@/lib/use-deferred-query'

const CheckEditor = lazy(() => import('./check-editor'))

type Answers = Record<string, string[]>

/** A module's knowledge check: answer, submit, read why each option is right or wrong, retry. */
export function CheckScreen({ course, module }: { course: string; module: number }) {
  const check = useQuery(checksApi.get.queryOptions({ params: { course, module } }))
  const [editing, setEditing] = useState(false)

  if (check.isPending) {
    return (
      <Stack gap="4" role="status" aria-busy="true" aria-label="Loading the knowledge check">
        <Skeleton height="10" width="60%" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="40" borderRadius="l2" />
        ))}
      </Stack>
    )
  }
  if (check.isError) {
    const error = check.error
    if (isApiError(error) && error.status === 404) return <Navigate to="/auth/404" replace />
    const locked = lockedPanelFor(error)
    if (locked) return locked
    return (
      <ErrorState
        title="This knowledge check could not be loaded"
        message={error.message}
        onRetry={() => void check.refetch()}
        retrying={check.isFetching}
      />
    )
  }
  const data = check.data.data
  const isAdmin = storedRole() === 'admin'
  return (
    <Stack gap="6">
      <PageHeader
        title={data.title}
        crumbs={[
          { label: 'Dashboard', to: '/admin/dashboard' },
          { label: data.course.title, to: data.course.overview as AppPath },
          { label: `Module ${data.module.number}: ${data.module.title}` },
        ]}
        actions={
          isAdmin && !editing ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <AppIcon name="edit" size="16px" /> Edit questions
            </Button>
          ) : undefined
        }
      />
      {editing ? (
        <Suspense fallback={<Skeleton height="80" borderRadius="l2" />}>
          <CheckEditor course={course} module={module} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <CheckForm key={data.questions.map((q) => q.id).join()} check={data} />
      )}
    </Stack>
  )
}

function CheckForm({ check }: { check: KnowledgeCheck }) {
  const client = useQueryClient()
  const [answers, setAnswers] = useState<Answers>({})
  const [result, setResult] = useState<CheckResult | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const summary = useRef<HTMLDivElement>(null)
  const form = useRef<HTMLFormElement>(null)
  const submit = checksApi.submit.useMutation({
    meta: { errorToast: false },
    onSuccess: (res) => {
      setResult(res.data)
      // The course list shows the best score, and a certificate may have been issued.
      void client.invalidateQueries({ queryKey: coursesApi.key })
      void client.invalidateQueries({ queryKey: certificatesApi.key })
      requestAnimationFrame(() => summary.current?.focus())
    },
    onError: (error) => setProblem(error.message),
  })
  const left = check.questions.filter((q) => (answers[q.id] ?? []).length === 0)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (left.length > 0) {
      setProblem(
        `Answer every question before submitting: ${left.length} ${left.length === 1 ? 'is' : 'are'} left.`,
      )
      form.current?.querySelector<HTMLInputElement>(`[name="${left[0]!.id}"]`)?.focus()
      return
    }
    setProblem(null)
    submit.mutate({
      params: { course: check.course.key, module: check.module.number },
      body: { answers: answers as Record<string, ('a' | 'b' | 'c' | 'd' | 'e')[]> },
    })
  }
  const retry = () => {
    setResult(null)
    setAnswers({})
    setProblem(null)
    window.scrollTo({ top: 0 })
    requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>('input')?.focus())
  }
  const choose = (id: string, option: string, multiple: boolean, on: boolean) =>
    setAnswers((was) => {
      const now = was[id] ?? []
      return {
        ...was,
        [id]: multiple ? (on ? [...now, option] : now.filter((o) => o !== option)) : [option],
      }
    })
  const marked = new Map(result?.questions.map((q) => [q.id, q]))

  return (
    <Stack gap="5">
      <Text color="fg.muted" maxW="72ch" mt="-4">
        {check.questions.length} questions on the lessons of this module. You pass with{' '}
        {check.passMark} % right; try as often as you like, and your best score counts.
      </Text>
      {check.best ? (
        <Flex gap="2" align="center" wrap="wrap">
          <Text>Your best so far: {check.best.score} %</Text>
          <Badge colorPalette={check.best.passed ? 'green' : 'orange'}>
            {check.best.passed ? 'Passed' : 'Not passed yet'}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            ({check.attempts} {check.attempts === 1 ? 'try' : 'tries'})
          </Text>
        </Flex>
      ) : null}
      {result ? (
        <ResultSummary result={result} check={check} ref={summary} onRetry={retry} />
      ) : null}
      <form ref={form} onSubmit={onSubmit} noValidate aria-label={check.title}>
        <Stack gap="4">
          {check.questions.map((q, i) => (
            <QuestionCard
              key={q.id}
              question={q}
              index={i}
              total={check.questions.length}
              chosen={answers[q.id] ?? []}
              marked={marked.get(q.id)}
              onChoose={(option, on) => choose(q.id, option, q.kind === 'multiple', on)}
            />
          ))}
          <FormError message={problem} />
          {result ? (
            <Flex gap="2" wrap="wrap">
              <Button onClick={retry} colorPalette="primary">
                Try again
              </Button>
              <Button asChild variant="outline">
                <Link to={check.course.overview as '/admin/dashboard'}>Back to the course</Link>
              </Button>
            </Flex>
          ) : (
            <Flex gap="3" align="center" wrap="wrap">
              <Button type="submit" colorPalette="primary" loading={submit.isPending}>
                Submit answers
              </Button>
              <Text fontSize="sm" color="fg.muted" aria-live="polite">
                {left.length === 0
                  ? 'Every question is answered.'
                  : `${check.questions.length - left.length} of ${check.questions.length} answered`}
              </Text>
            </Flex>
          )}
        </Stack>
      </form>
    </Stack>
  )
}

function ResultSummary({
  result,
  check,
  ref,
  onRetry,
}: {
  result: CheckResult
  check: KnowledgeCheck
  ref: React.Ref<HTMLDivElement>
  onRetry: () => void
}) {
  return (
    <Alert.Root
      status={result.passed ? 'success' : 'warning'}
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
    >
      <Alert.Indicator />
      <Stack gap="2" flex="1">
        <Alert.Title>
          {result.passed ? 'Passed' : 'Not passed yet'}: {result.score} % ({result.right} of{' '}
          {result.total} right)
        </Alert.Title>
        <Alert.Description>
          {result.passed
            ? result.certificate
              ? 'That completes the course: your certificate of completion is ready on the course page.'
              : 'Well done. Read the explanations below, they are worth a minute even for right answers.'
            : `You need ${check.passMark} % to pass. The explanations below show what each lesson says; reread the lessons they point to and try again.`}
        </Alert.Description>
        <Flex gap="2" wrap="wrap">
          {result.certificate ? (
            <Button asChild size="sm" colorPalette="primary">
              <Link to={check.course.overview as '/admin/dashboard'}>Get your certificate</Link>
            </Button>
          ) : null}
          {!result.passed ? (
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
        </Flex>
      </Stack>
    </Alert.Root>
  )
}

function QuestionCard({
  question,
  index,
  total,
  chosen,
  marked,
  onChoose,
}: {
  question: KnowledgeCheck['questions'][number]
  index: number
  total: number
  chosen: string[]
  marked: CheckResult['questions'][number] | undefined
  onChoose: (option: string, on: boolean) => void
}) {
  const multiple = question.kind === 'multiple'
  const legendId = `q-${question.id}`
  const shownChosen = marked ? marked.chosen : chosen
  return (
    <Card>
      <chakra.fieldset border="0" p="0" m="0" minW="0" disabled={marked !== undefined}>
        <Stack gap="3">
          <Flex gap="2" align="baseline" justify="space-between" wrap="wrap">
            <Text fontSize="sm" color="fg.muted">
              Question {index + 1} of {total}
              {multiple ? ' · several answers' : ''}
            </Text>
            {marked ? (
              <Badge colorPalette={marked.right ? 'green' : 'red'}>
                <AppIcon name={marked.right ? 'check' : 'close'} size="14px" />
                {marked.right ? 'Right' : 'Wrong'}
              </Badge>
            ) : null}
          </Flex>
          <chakra.legend
            id={legendId}
            p="0"
            fontWeight="semibold"
            fontSize="md"
            float="left"
            w="full"
          >
            <Heading as="h2" size="sm" fontWeight="semibold">
              {question.prompt}
            </Heading>
          </chakra.legend>
          <Stack as="ul" gap="2" listStyleType="none" ps="0" m="0" clear="both">
            {question.options.map((option) => {
              const on = shownChosen.includes(option.id)
              const verdict = marked?.options.find((o) => o.id === option.id)
              return (
                <Box as="li" key={option.id}>
                  <chakra.label
                    display="flex"
                    gap="3"
                    alignItems="flex-start"
                    px="3"
                    py="2.5"
                    borderWidth="1px"
                    borderRadius="l2"
                    cursor={marked ? 'default' : 'pointer'}
                    borderColor={
                      verdict?.correct
                        ? 'green.solid'
                        : verdict && on
                          ? 'red.solid'
                          : on
                            ? 'primary.solid'
                            : 'border'
                    }
                    bg={on && !marked ? 'primary.subtle' : undefined}
                    _hover={marked ? undefined : { bg: 'bg.muted' }}
                    _focusWithin={{ outline: '2px solid', outlineColor: 'primary.focusRing' }}
                  >
                    <chakra.input
                      type={multiple ? 'checkbox' : 'radio'}
                      name={question.id}
                      value={option.id}
                      checked={on}
                      onChange={(event) => onChoose(option.id, event.target.checked)}
                      mt="1"
                      accentColor="var(--chakra-colors-primary-solid)"
                      boxSize="4"
                      flexShrink={0}
                    />
                    <Stack gap="1" minW="0">
                      <Text>
                        {option.text}
                        {verdict ? (
                          <chakra.span srOnly>
                            {verdict.correct ? ' (a right answer)' : ' (not right)'}
                            {on ? ', your choice' : ''}
                          </chakra.span>
                        ) : null}
                      </Text>
                      {verdict ? (
                        <Text fontSize="sm" color="fg.muted">
                          {verdict.explanation}
                        </Text>
                      ) : null}
                    </Stack>
                  </chakra.label>
                </Box>
              )
            })}
          </Stack>
          <Text fontSize="sm" color="fg.muted">
            From the lesson{' '}
            <Link
              to={question.lesson.path as '/admin/dashboard'}
              style={{ textDecoration: 'underline' }}
            >
              {question.lesson.title}
            </Link>
          </Text>
        </Stack>
      </chakra.fieldset>
    </Card>
  )
}
