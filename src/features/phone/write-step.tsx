import {
  Box,
  Button,
  Card,
  Field,
  Flex,
  Input,
  NativeSelect,
  Stack,
  Tag,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react'
import { Link, Navigate, useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, type ChangeEvent, type ReactNode } from 'react'

import { itemCreateSchema } from '@schemas/niche-items'
import { MAX_HASHTAGS, PLAN_LIMITS, POST_FORMATS, type Niche } from '@schemas/niches'
import { useContractForm } from '@/lib/contract-form'
import { linkTo } from '@/lib/named-pages'

import { hashtagList, tidyHashtags, usePhoneDraft, type PhoneDraft } from './draft'
import { phoneStep } from './phone-flow'
import { capitalise, PHONE_NICHES } from './phone-niches'
import { postInput, postTextCheck, type PostField } from './post-checks'

/** The id of a step-2 field: step 3's edit links end in `#<field>` and land on it. */
export const fieldId = (field: PostField) => `phone-${field}`

/** Step 2 of a niche's phone flow: the post itself, checked as it is typed. */
export const PhoneWriteScreen = phoneStep(2, WritePost)

function WritePost({ niche }: { niche: Niche }) {
  const [draft, setDraft] = usePhoneDraft(niche)
  // Opened without a draft (a bookmark, another tab): the flow starts at picking an angle.
  if (!draft) return <Navigate {...linkTo(PHONE_NICHES[niche].steps[0])} replace />
  return <PostForm niche={niche} draft={draft} onChange={setDraft} />
}

/** A counter that turns red past its limit; `unit` is read out after the numbers. */
function Counter({ count, max, unit }: { count: number; max: number; unit: string }) {
  return (
    <Text as="span" color={count > max ? 'fg.error' : 'fg.muted'} fontVariantNumeric="tabular-nums">
      {count} / {max} {unit}
    </Text>
  )
}

/** Label, control, counter and the contract's message for one field. */
function PostField({
  field,
  label,
  error,
  counter,
  children,
}: {
  field: PostField
  label: string
  error: string | undefined
  counter?: ReactNode
  children: ReactNode
}) {
  return (
    <Field.Root invalid={Boolean(error)} ids={{ control: fieldId(field) }}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      {counter ? (
        <Field.HelperText display="flex" justifyContent="flex-end" w="full" mt="1">
          {counter}
        </Field.HelperText>
      ) : null}
    </Field.Root>
  )
}

/** The fields typed as text, each with a length limit. */
type TypedField = Exclude<PostField, 'postFormat'>

const TAG_PATTERN = /^#[\p{L}\p{N}_]+$/u

function HashtagChips({ value, onChange }: { value: string; onChange: (next: string) => void }) {
  const tags = hashtagList(value)
  if (tags.length === 0) return null
  return (
    <Wrap as="ul" aria-label="Hashtags in this post" gap="2" listStyleType="none" m="0" p="0">
      {tags.map((tag, index) => (
        <li key={`${tag}-${index}`}>
          <Tag.Root
            size="lg"
            variant="subtle"
            colorPalette={TAG_PATTERN.test(tag) ? 'primary' : 'red'}
          >
            <Tag.Label>{tag}</Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger
                aria-label={`Remove ${tag}`}
                onClick={() => onChange(tags.filter((_, i) => i !== index).join(' '))}
              />
            </Tag.EndElement>
          </Tag.Root>
        </li>
      ))}
    </Wrap>
  )
}

function AngleNote({ niche, draft }: { niche: Niche; draft: PhoneDraft }) {
  const pick = PHONE_NICHES[niche].steps[0]
  return (
    <Card.Root variant="subtle" size="sm">
      <Card.Body>
        <Flex gap="3" align="flex-start" justify="space-between">
          <Box minW="0">
            <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
              {draft.angle ? 'Angle' : 'Blank post'}
            </Text>
            {draft.angle ? (
              <>
                <Text fontWeight="medium">{draft.angle.subNiche}</Text>
                <Text fontSize="sm" color="fg.muted">
                  Pain: {draft.angle.pain}
                </Text>
              </>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                Written from scratch, without a library angle.
              </Text>
            )}
          </Box>
          <Button asChild variant="outline" size="sm" minH="44px" flexShrink={0}>
            <Link {...linkTo(pick)}>Change</Link>
          </Button>
        </Flex>
      </Card.Body>
    </Card.Root>
  )
}

function PostForm({
  niche,
  draft,
  onChange,
}: {
  niche: Niche
  draft: PhoneDraft
  onChange: (next: PhoneDraft) => void
}) {
  const navigate = useNavigate()
  const steps = PHONE_NICHES[niche].steps
  const tags = hashtagList(draft.hashtags)
  // Past a limit the message shows at once; other messages wait until the field is left.
  const over = (field: string) =>
    field === 'hashtags'
      ? tags.length > MAX_HASHTAGS || draft.hashtags.length > PLAN_LIMITS.hashtags
      : field in PLAN_LIMITS && field !== 'postFormat'
        ? draft[field as TypedField].length > PLAN_LIMITS[field as TypedField]
        : false
  // Checked as typed with the contract's schema of the saved row; Next goes on to the review,
  // which saves it.
  const form = useContractForm({
    schema: itemCreateSchema,
    initial: draft,
    values: draft,
    onValuesChange: onChange,
    toInput: postInput,
    check: postTextCheck,
    live: { showAtOnce: over },
    onSubmit: () => void navigate(linkTo(steps[2])),
  })

  // An edit link of step 3 (`#hook`, `#cta`…) puts the cursor in that field.
  const hash = useRouterState({ select: (state) => state.location.hash })
  useEffect(() => {
    if (!hash) return
    const target = document.getElementById(`phone-${hash}`)
    if (target) {
      target.focus()
      target.scrollIntoView?.({ block: 'center' })
    }
  }, [hash])

  const set = (field: PostField) => (value: string) => form.setValue(field, value)
  /** What the input of a text field takes. */
  const control = (field: TypedField) => {
    const { name, value, onValueChange, onBlur } = form.field(field)
    return {
      name,
      value,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        onValueChange(event.target.value),
      onBlur,
      bg: 'bg.panel',
      size: 'lg' as const,
    }
  }
  const characters = (field: TypedField) => (
    <Counter count={draft[field].length} max={PLAN_LIMITS[field]} unit="characters" />
  )
  /** What the PostField around a text field takes: its message and its count of characters. */
  const frame = (field: TypedField) => ({
    field,
    error: form.errorOf(field),
    counter: characters(field),
  })

  return (
    <Stack gap="5">
      <AngleNote niche={niche} draft={draft} />
      <Stack as="form" gap="5" onSubmit={form.submit}>
        <PostField label="Hook" {...frame('hook')}>
          <Textarea rows={2} autoresize {...control('hook')} />
        </PostField>
        <PostField label="Post text" {...frame('postIdea')}>
          <Textarea rows={6} autoresize {...control('postIdea')} />
        </PostField>
        <PostField field="postFormat" label="Post format" error={form.errorOf('postFormat')}>
          <NativeSelect.Root size="lg">
            <NativeSelect.Field
              name="postFormat"
              value={draft.postFormat}
              onChange={(event) => set('postFormat')(event.target.value)}
              onBlur={() => form.leave('postFormat')}
              bg="bg.panel"
            >
              <option value="">Decide later</option>
              {POST_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {capitalise(format)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </PostField>
        <PostField label="Call to action" {...frame('cta')}>
          <Input {...control('cta')} />
        </PostField>
        <PostField
          label="Hashtags"
          {...frame('hashtags')}
          counter={
            <Flex gap="3" wrap="wrap" justify="flex-end">
              <Counter count={tags.length} max={MAX_HASHTAGS} unit="hashtags" />
              {characters('hashtags')}
            </Flex>
          }
        >
          <Input
            {...control('hashtags')}
            placeholder="#homeworkout #busymom"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            onBlur={() => {
              const tidy = tidyHashtags(draft.hashtags)
              if (tidy !== draft.hashtags) set('hashtags')(tidy)
              form.leave('hashtags')
            }}
          />
        </PostField>
        <HashtagChips value={draft.hashtags} onChange={set('hashtags')} />
        <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }} pt="2">
          <Button asChild variant="outline" size="lg" minH="48px" flex="1">
            <Link {...linkTo(steps[0])}>Back</Link>
          </Button>
          <Button type="submit" size="lg" minH="48px" flex="1">
            Next: review
          </Button>
        </Flex>
      </Stack>
    </Stack>
  )
}
