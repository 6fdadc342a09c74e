import {
  Button,
  Field,
  Fieldset,
  Flex,
  Grid,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useRef, useState } from 'react'
import { flushSync } from 'react-dom'

import {
  BIO_LINK_MAX,
  type BioTemplateWire,
  type InstagramBio,
  PROFILE_NAME_MAX,
  instagramBioBodySchema,
} from '../../../api-schemas/instagram'
import type { Niche } from '../../../api-schemas/niches'
import { authApi } from '../../api/auth'
import { instagramBiosApi } from '../../api/instagram'
import { AreaGate, lockedPanelFor } from '../../components/area-gate'
import { FormAlert, TextField } from '../../components/form-fields'
import { Card, ConfirmDialog, PageHeader, PanelError, PanelSkeleton } from '../../components/ui'
import { type FieldErrors, fieldErrorsOf, serverErrorOf } from '../../lib/form-errors'
import { copyText } from '../../lib/clipboard'
import { toast } from '../../lib/toast'
import {
  BIO_MAX,
  NICHE_NAMES,
  NO_VALUES,
  type PlaceholderKey,
  type PlaceholderValues,
  fillPlaceholders,
  instagramLength,
  isNiche,
  overLimitReason,
  placeholdersIn,
} from './bio-text'
import { ProfilePreview } from './profile-preview'
import { SavedBios } from './saved-bios'
import { TemplatePicker, templatesQuery } from './template-picker'

const FIELDS = ['niche', 'name', 'bio', 'link'] as const

/** What the editor holds; the bio may still hold placeholders. */
interface Draft {
  niche: Niche | ''
  name: string
  bio: string
  link: string
}

const EMPTY: Draft = { niche: '', name: '', bio: '', link: '' }

const sameDraft = (a: Draft, b: Draft) =>
  a.niche === b.niche && a.name === b.name && a.bio === b.bio && a.link === b.link

const draftOf = (bio: InstagramBio): Draft => ({
  niche: isNiche(bio.niche) ? bio.niche : '',
  name: bio.name,
  bio: bio.bio,
  link: bio.link,
})

/** The Instagram bio builder: templates, an editor counting as Instagram does, a preview, saved bios. */
export function BioBuilderScreen() {
  return (
    <>
      <PageHeader
        title="Instagram bio"
        crumbs={[{ label: 'Home', to: '/admin/dashboard' }, { label: 'Instagram bio' }]}
      />
      <AreaGate area="instagram">
        <BioBuilder />
      </AreaGate>
    </>
  )
}

function BioBuilder() {
  const me = useQuery(authApi.current.queryOptions())
  const templates = useQuery(templatesQuery())
  const [draft, setDraft] = useState<Draft>(EMPTY)
  /** The editor as last loaded or saved: a change from it is work a replacement would lose. */
  const [baseline, setBaseline] = useState<Draft>(EMPTY)
  const [values, setValues] = useState<PlaceholderValues>(NO_VALUES)
  const [editing, setEditing] = useState<InstagramBio | null>(null)
  const [templateNiche, setTemplateNiche] = useState<Niche>('health')
  const [errors, setErrors] = useState<FieldErrors>({})
  const [replacing, setReplacing] = useState<(() => void) | null>(null)
  const controls = useRef<Partial<Record<'bio' | PlaceholderKey, HTMLElement | null>>>({})

  const onSaved = (bio: InstagramBio) => {
    const next = draftOf(bio)
    setDraft(next)
    setBaseline(next)
    setEditing(bio)
    setErrors({})
  }
  const create = instagramBiosApi.create.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      onSaved(data)
      toast.success('Bio saved')
    },
  })
  const update = instagramBiosApi.update.useMutation({
    meta: { errorToast: false },
    onSuccess: ({ data }) => {
      onSaved(data)
      toast.success('Bio updated')
    },
  })

  const locked = lockedPanelFor(templates.error)
  if (locked) return locked

  const finalBio = fillPlaceholders(draft.bio, values)
  const length = instagramLength(finalBio)
  const over = length > BIO_MAX
  const blanks = placeholdersIn(draft.bio)
  const dirty = !sameDraft(draft, baseline)
  const server = serverErrorOf(create.error ?? update.error, FIELDS)
  const fieldError = (name: (typeof FIELDS)[number]) => errors[name] ?? server.fields[name]

  const change = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  /** Puts something else in the editor, asking first when that would drop unsaved changes. */
  const replace = (
    next: Draft,
    saved: InstagramBio | null,
    focus: 'bio' | PlaceholderKey,
    clearValues = false,
  ) => {
    const run = () => {
      flushSync(() => {
        if (clearValues) setValues(NO_VALUES)
        setDraft(next)
        setBaseline(next)
        setEditing(saved)
        setErrors({})
        create.reset()
        update.reset()
      })
      controls.current[focus]?.focus()
    }
    if (dirty) setReplacing(() => run)
    else run()
  }

  const applyTemplate = (template: BioTemplateWire) => {
    setTemplateNiche(template.niche)
    const first = placeholdersIn(template.bio)[0]
    replace({ ...draft, niche: template.niche, bio: template.bio }, null, first?.key ?? 'bio')
  }

  const startOver = () => replace(EMPTY, null, 'bio', true)

  const onDeleted = (id: string) => {
    // The text stays in the editor, as a bio not saved yet.
    if (editing?.id !== id) return
    setEditing(null)
    setBaseline(EMPTY)
  }

  const save = (as: 'new' | 'changes') => {
    const parsed = instagramBioBodySchema.safeParse({ ...draft, bio: finalBio })
    const found = parsed.success ? {} : fieldErrorsOf(parsed.error)
    const left = placeholdersIn(finalBio)
    if (left.length > 0 && !found.bio) {
      found.bio = `Fill in ${left.map((p) => p.label).join(' and ')} below, or take ${left
        .map((p) => p.token)
        .join(' and ')} out of the bio.`
    }
    setErrors(found)
    if (!parsed.success || left.length > 0) return
    create.reset()
    update.reset()
    if (as === 'changes' && editing) {
      update.mutate({ params: { id: editing.id }, body: parsed.data })
    } else {
      create.mutate({ body: parsed.data })
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!over) save(editing ? 'changes' : 'new')
  }

  const bioError = over ? overLimitReason(length) : fieldError('bio')
  const heading = editing ? 'Edit your bio' : 'Write your bio'

  return (
    <Stack gap="6">
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="6"
        alignItems="start"
      >
        <Card title={heading}>
          <form onSubmit={submit} noValidate aria-label={heading}>
            <Stack gap="4">
              <Text color="fg.muted" fontSize="sm">
                Pick a template below, or write your own.
              </Text>
              {server.form ? <FormAlert status="error">{server.form}</FormAlert> : null}
              <TextField
                label="Profile name"
                name="name"
                maxLength={PROFILE_NAME_MAX}
                autoComplete="off"
                value={draft.name}
                onValueChange={(value) => change('name', value)}
                error={fieldError('name')}
                helperText={`Shown in bold above your bio, up to ${PROFILE_NAME_MAX} characters.`}
              />
              <Field.Root invalid={Boolean(bioError)} required>
                <Field.Label>
                  Bio
                  <Field.RequiredIndicator />
                </Field.Label>
                <Textarea
                  ref={(element) => {
                    controls.current.bio = element
                  }}
                  name="bio"
                  rows={5}
                  resize="vertical"
                  value={draft.bio}
                  onChange={(event) => change('bio', event.target.value)}
                />
                <Field.HelperText
                  display="flex"
                  justifyContent="space-between"
                  gap="3"
                  width="full"
                >
                  <span>Line breaks count 1, emoji 2, as on Instagram.</span>
                  <Text
                    as="span"
                    flexShrink={0}
                    fontWeight={over ? 'semibold' : undefined}
                    color={over ? 'fg.error' : undefined}
                    fontVariantNumeric="tabular-nums"
                    data-testid="bio-counter"
                  >
                    {`${length} / ${BIO_MAX}`}
                    <Text as="span" srOnly>
                      {' '}
                      characters
                    </Text>
                  </Text>
                </Field.HelperText>
                {bioError ? <Field.ErrorText>{bioError}</Field.ErrorText> : null}
              </Field.Root>
              {blanks.length > 0 ? (
                <Fieldset.Root
                  borderWidth="1px"
                  borderColor="border"
                  borderRadius="l2"
                  p="3"
                  minW="0"
                >
                  <Fieldset.Legend px="1">Fill in the template</Fieldset.Legend>
                  <Fieldset.HelperText>
                    Each field takes the place of its word in curly braces.
                  </Fieldset.HelperText>
                  <Fieldset.Content>
                    <SimpleGrid columns={{ base: 1, sm: blanks.length > 1 ? 2 : 1 }} gap="3">
                      {blanks.map((blank) => (
                        <Field.Root key={blank.key}>
                          <Field.Label>{blank.label}</Field.Label>
                          <Input
                            ref={(element) => {
                              controls.current[blank.key] = element
                            }}
                            name={blank.key}
                            maxLength={80}
                            autoComplete="off"
                            value={values[blank.key]}
                            onChange={(event) =>
                              setValues((current) => ({
                                ...current,
                                [blank.key]: event.target.value,
                              }))
                            }
                          />
                          <Field.HelperText>{`${blank.help}; replaces ${blank.token}.`}</Field.HelperText>
                        </Field.Root>
                      ))}
                    </SimpleGrid>
                  </Fieldset.Content>
                </Fieldset.Root>
              ) : null}
              <TextField
                label="Link"
                name="link"
                type="url"
                inputMode="url"
                maxLength={BIO_LINK_MAX}
                autoComplete="url"
                dir="ltr"
                value={draft.link}
                onValueChange={(value) => change('link', value)}
                error={fieldError('link')}
                helperText="The page your link in bio opens, starting with https://"
              />
              <Field.Root invalid={Boolean(fieldError('niche'))}>
                <Field.Label>Niche</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="niche"
                    value={draft.niche}
                    onChange={(event) => {
                      const value = event.target.value
                      change('niche', isNiche(value) ? value : '')
                    }}
                  >
                    <option value="">No particular niche</option>
                    {Object.entries(NICHE_NAMES).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {fieldError('niche') ? (
                  <Field.ErrorText>{fieldError('niche')}</Field.ErrorText>
                ) : null}
              </Field.Root>
              <Flex gap="2" wrap="wrap" justify="flex-end">
                {editing || dirty ? (
                  <Button variant="ghost" onClick={startOver}>
                    New bio
                  </Button>
                ) : null}
                {editing ? (
                  <Button
                    variant="outline"
                    disabled={over}
                    loading={create.isPending}
                    onClick={() => save('new')}
                  >
                    Save as new bio
                  </Button>
                ) : null}
                <Button
                  type="submit"
                  disabled={over}
                  loading={editing ? update.isPending : create.isPending}
                  loadingText="Saving…"
                >
                  {editing ? 'Save changes' : 'Save bio'}
                </Button>
              </Flex>
            </Stack>
          </form>
        </Card>
        <Card
          title="Preview"
          action={
            <Button
              size="sm"
              variant="outline"
              disabled={finalBio.trim() === ''}
              onClick={() => void copyText(finalBio.trim(), 'Bio')}
            >
              Copy bio
            </Button>
          }
        >
          <ProfilePreview name={draft.name} bio={finalBio} link={draft.link} />
        </Card>
      </Grid>
      <Card title="Start from a template">
        <TemplatePicker
          niche={templateNiche}
          onNicheChange={setTemplateNiche}
          onUse={applyTemplate}
        />
      </Card>
      <Card title="Saved bios">
        {me.isError ? (
          <PanelError
            message={me.error.message}
            onRetry={() => void me.refetch()}
            retrying={me.isFetching}
          />
        ) : me.data ? (
          <SavedBios
            memberId={me.data.id}
            editingId={editing?.id ?? null}
            onEdit={(bio) => {
              if (editing?.id === bio.id && !dirty) controls.current.bio?.focus()
              else replace(draftOf(bio), bio, 'bio')
            }}
            onDeleted={onDeleted}
          />
        ) : (
          <PanelSkeleton label="Loading your saved bios" rows={3} />
        )}
      </Card>
      <ConfirmDialog
        open={replacing !== null}
        title="Replace what is in the editor?"
        description="Your changes to the bio in the editor are not saved and will be lost."
        confirmLabel="Replace"
        onCancel={() => setReplacing(null)}
        onConfirm={() => {
          const run = replacing
          setReplacing(null)
          run?.()
        }}
      />
    </Stack>
  )
}
