import { Alert, Badge, Box, Button, Circle, Flex, Heading, Stack, Text } from '@chakra-ui/react'
import { Link, Navigate } from '@tanstack/react-router'
import { useEffect, useRef, useState, type ReactNode } from 'react'

import type { Niche } from '@schemas/niches'
import { useOwnProfile } from '@/api/members'
import { phoneItemsApi } from '@/api/niches'
import { lockedPanelFor } from '@/components/area-gate'
import { DetailList } from '@/components/detail-list'
import { AppIcon } from '@/components/layout/icons'
import { Card, ErrorState } from '@/components/ui'
import { linkTo } from '@/lib/named-pages'

import { hashtagList, usePhoneDraft, type PhoneDraft } from './draft'
import { phoneStep } from './phone-flow'
import { capitalise, PHONE_NICHES } from './phone-niches'
import { checkPost, POST_FIELDS, type PostField } from './post-checks'
import { SavedPosts } from './saved-posts'

const FIELD_NAMES: Record<PostField, string> = {
  hook: 'hook',
  postIdea: 'post text',
  postFormat: 'post format',
  cta: 'call to action',
  hashtags: 'hashtags',
}

/** Step 3 of a niche's phone flow: the post as it will look, and Save. */
export const PhoneReviewScreen = phoneStep(3, ReviewPost)

function ReviewPost({ niche }: { niche: Niche }) {
  const config = PHONE_NICHES[niche]
  const [draft, setDraft] = usePhoneDraft(niche)
  const [saved, setSaved] = useState(false)
  const save = phoneItemsApi[config.create].useMutation({
    // The failure shows in place, with what was typed still there.
    meta: { errorToast: false },
    onSuccess: () => {
      setSaved(true)
      setDraft(null)
    },
  })

  if (saved) return <SavedState niche={niche} />
  // Opened without a draft (a bookmark, another tab): the flow starts at picking an angle.
  if (!draft) return <Navigate {...linkTo(config.steps[0])} replace />

  const { errors, body } = checkPost(draft)
  const submit = () => {
    if (body) save.mutate({ body })
  }
  const invalid = POST_FIELDS.filter((field) => errors[field])

  return (
    <Stack gap="5">
      <PostPreview niche={niche} draft={draft} />
      <Card title="Angle">
        {draft.angle ? (
          <DetailList
            items={[
              { label: 'Sub-niche', value: draft.angle.subNiche },
              { label: 'Audience', value: draft.angle.audience },
              { label: 'Pain', value: draft.angle.pain },
              { label: 'Offer category', value: draft.angle.offerCategory },
            ]}
          />
        ) : (
          <Text color="fg.muted">A blank post, written without a library angle.</Text>
        )}
      </Card>
      {invalid.length > 0 ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Fix the post before saving</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="1" mt="1" ps="4">
                {invalid.map((field) => (
                  <li key={field}>
                    {errors[field]}{' '}
                    <Link {...linkTo(config.steps[1])} hash={field}>
                      Edit {FIELD_NAMES[field]}
                    </Link>
                  </li>
                ))}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {save.isError
        ? (lockedPanelFor(save.error) ?? (
            <ErrorState
              title="Your post was not saved"
              message={save.error.message}
              onRetry={submit}
              retrying={save.isPending}
            />
          ))
        : null}
      <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }}>
        <Button asChild variant="outline" size="lg" minH="48px" flex="1">
          <Link {...linkTo(config.steps[1])}>Back to writing</Link>
        </Button>
        <Button
          size="lg"
          minH="48px"
          flex="1"
          onClick={submit}
          disabled={!body}
          loading={save.isPending}
          loadingText="Saving"
        >
          Save post
        </Button>
      </Flex>
    </Stack>
  )
}

/** A link back to one field of step 2, big enough to tap. */
function EditLink({ niche, field }: { niche: Niche; field: PostField }) {
  return (
    <Button asChild variant="ghost" size="sm" minH="44px" flexShrink={0}>
      <Link {...linkTo(PHONE_NICHES[niche].steps[1])} hash={field}>
        <AppIcon name="edit" size="16px" />
        Edit {FIELD_NAMES[field]}
      </Link>
    </Button>
  )
}

function PreviewPart({
  niche,
  field,
  children,
}: {
  niche: Niche
  field: PostField
  children: ReactNode
}) {
  return (
    <Flex gap="2" align="flex-start" justify="space-between">
      <Box minW="0" flex="1" pt="2">
        {children}
      </Box>
      <EditLink niche={niche} field={field} />
    </Flex>
  )
}

const Missing = ({ children }: { children: ReactNode }) => (
  <Text color="fg.subtle" fontStyle="italic">
    {children}
  </Text>
)

/** The post laid out like a post in a phone's feed, each part with its edit link. */
function PostPreview({ niche, draft }: { niche: Niche; draft: PhoneDraft }) {
  const profile = useOwnProfile()
  const member = profile.data?.data
  const name = [member?.firstName, member?.lastName].filter(Boolean).join(' ') || 'You'
  const tags = hashtagList(draft.hashtags)

  return (
    <Box
      as="article"
      aria-label="Post preview"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="l3"
      boxShadow="card"
      overflow="hidden"
    >
      <Flex align="center" gap="3" px="4" py="3" borderBottomWidth="1px" borderColor="border">
        <Circle size="40px" bg="primary.solid" color="primary.contrast" fontWeight="bold">
          <span aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
        </Circle>
        <Box minW="0" flex="1">
          <Text fontWeight="semibold" truncate>
            {name}
          </Text>
          {member?.username ? (
            <Text fontSize="sm" color="fg.muted" truncate>
              @{member.username}
            </Text>
          ) : null}
        </Box>
        <Flex align="center" gap="1">
          {draft.postFormat ? (
            <Badge colorPalette="primary">{capitalise(draft.postFormat)}</Badge>
          ) : (
            <Badge variant="outline">No format yet</Badge>
          )}
        </Flex>
      </Flex>
      <Stack gap="1" px="4" py="3">
        <PreviewPart niche={niche} field="hook">
          {draft.hook.trim() ? (
            <Text fontWeight="bold" fontSize="lg" whiteSpace="pre-wrap" wordBreak="break-word">
              {draft.hook}
            </Text>
          ) : (
            <Missing>No hook</Missing>
          )}
        </PreviewPart>
        <PreviewPart niche={niche} field="postIdea">
          {draft.postIdea.trim() ? (
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {draft.postIdea}
            </Text>
          ) : (
            <Missing>No post text</Missing>
          )}
        </PreviewPart>
        <PreviewPart niche={niche} field="cta">
          {draft.cta.trim() ? (
            <Text fontWeight="medium" whiteSpace="pre-wrap" wordBreak="break-word">
              {draft.cta}
            </Text>
          ) : (
            <Missing>No call to action</Missing>
          )}
        </PreviewPart>
        <PreviewPart niche={niche} field="hashtags">
          {tags.length > 0 ? (
            <Text color="primary.fg" wordBreak="break-word">
              {tags.join(' ')}
            </Text>
          ) : (
            <Missing>No hashtags</Missing>
          )}
        </PreviewPart>
        <Flex justify="flex-end">
          <EditLink niche={niche} field="postFormat" />
        </Flex>
      </Stack>
    </Box>
  )
}

/** After a save: where to go next, and every post written on the phone so far. */
function SavedState({ niche }: { niche: Niche }) {
  const config = PHONE_NICHES[niche]
  const heading = useRef<HTMLHeadingElement>(null)
  // The screen changed under the member's finger: the news is where focus lands.
  useEffect(() => heading.current?.focus(), [])
  return (
    <Stack gap="6">
      <Card>
        <Stack gap="3" align="center" textAlign="center" py="2">
          <Circle size="56px" bg="green.subtle" color="green.fg" aria-hidden="true">
            <AppIcon name="check" size="28px" />
          </Circle>
          <Heading as="h2" size="lg" ref={heading} tabIndex={-1} outline="none">
            Post saved
          </Heading>
          <Text color="fg.muted">Your {config.label} post is in your saved phone posts.</Text>
          <Button asChild size="lg" minH="48px" w="full">
            <Link {...linkTo(config.steps[0])}>Write another post</Link>
          </Button>
        </Stack>
      </Card>
      <SavedPosts />
    </Stack>
  )
}
