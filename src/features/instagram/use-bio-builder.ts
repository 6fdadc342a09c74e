import { useRef, useState, type FormEvent } from 'react'
import { flushSync } from 'react-dom'
import { z } from 'zod/mini'

import { instagramBioBodySchema, type BioTemplateWire, type InstagramBio } from '@schemas/instagram'
import type { Niche } from '@schemas/niches'
import { authApi } from '@/api/auth'
import { instagramBiosApi } from '@/api/instagram'
import { useContractForm } from '@/lib/contract-form'
import { toast } from '@/lib/toast'
import { useQuery } from '@/lib/use-deferred-query'

import {
  BIO_MAX,
  fillPlaceholders,
  instagramLength,
  isNiche,
  NO_VALUES,
  overLimitReason,
  placeholdersIn,
  type PlaceholderKey,
  type PlaceholderValues,
} from './bio-text'
import { templatesQuery } from './template-picker'

/** What the editor holds; the bio may still hold placeholders. */
type Draft = {
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

/** The contract's check of a bio, and the builder's own: no template blank is left in it. */
const builderSchema = z.extend(instagramBioBodySchema, {
  bio: instagramBioBodySchema.shape.bio.check(
    z.superRefine((bio, ctx) => {
      const left = placeholdersIn(bio)
      if (left.length === 0) return
      ctx.addIssue({
        code: 'custom',
        message: `Fill in ${left.map((p) => p.label).join(' and ')} below, or take ${left
          .map((p) => p.token)
          .join(' and ')} out of the bio.`,
      })
    }),
  ),
})

/**
 * The bio builder: the bio in the editor with its template's blanks filled in, counted as
 * Instagram does; the saved bio it changes, if any; saving it, as new or as changes; putting a
 * template or a saved bio in the editor, after asking when that would drop unsaved changes.
 */
export function useBioBuilder() {
  const me = useQuery(authApi.current.queryOptions())
  const templates = useQuery(templatesQuery())
  /** The editor as last loaded or saved: a change from it is work a replacement would lose. */
  const [baseline, setBaseline] = useState<Draft>(EMPTY)
  const [values, setValues] = useState<PlaceholderValues>(NO_VALUES)
  const [editing, setEditing] = useState<InstagramBio | null>(null)
  const [templateNiche, setTemplateNiche] = useState<Niche>('health')
  const [replacing, setReplacing] = useState<(() => void) | null>(null)
  const controls = useRef<Partial<Record<'bio' | PlaceholderKey, HTMLElement | null>>>({})
  /** Which save the form's check leads to: a new bio, or changes to the one being edited. */
  const saveAs = useRef<'new' | 'changes'>('new')

  const onSaved = (bio: InstagramBio) => {
    const next = draftOf(bio)
    form.reset(next)
    setBaseline(next)
    setEditing(bio)
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

  const form = useContractForm({
    schema: builderSchema,
    initial: EMPTY,
    toInput: (fields) => ({ ...fields, bio: fillPlaceholders(fields.bio, values) }),
    onSubmit: (body) => {
      create.reset()
      update.reset()
      if (saveAs.current === 'changes' && editing) {
        update.mutate({ params: { id: editing.id }, body })
      } else {
        create.mutate({ body })
      }
    },
    error: create.error ?? update.error,
  })
  const draft = form.values

  const finalBio = fillPlaceholders(draft.bio, values)
  const length = instagramLength(finalBio)
  const over = length > BIO_MAX
  const blanks = placeholdersIn(draft.bio)
  const dirty = !sameDraft(draft, baseline)
  const bioError = over ? overLimitReason(length) : form.errorOf('bio')

  /** Fills in one of the template's blanks. */
  const fillBlank = (key: PlaceholderKey, value: string) =>
    setValues((current) => ({ ...current, [key]: value }))

  /** Keeps the bio's field or a blank's, to give it the focus when something new is put in. */
  const controlRef = (key: 'bio' | PlaceholderKey) => (element: HTMLElement | null) => {
    controls.current[key] = element
  }

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
        form.reset(next)
        setBaseline(next)
        setEditing(saved)
        create.reset()
        update.reset()
      })
      controls.current[focus]?.focus()
    }
    if (dirty) setReplacing(() => run)
    else run()
  }

  /** The replacement asked about goes ahead. */
  const confirmReplace = () => {
    const run = replacing
    setReplacing(null)
    run?.()
  }

  const applyTemplate = (template: BioTemplateWire) => {
    setTemplateNiche(template.niche)
    const first = placeholdersIn(template.bio)[0]
    replace({ ...draft, niche: template.niche, bio: template.bio }, null, first?.key ?? 'bio')
  }

  const startOver = () => replace(EMPTY, null, 'bio', true)

  /** A saved bio to change: put in the editor, or, when it is there unchanged, focused. */
  const editSaved = (bio: InstagramBio) => {
    if (editing?.id === bio.id && !dirty) controls.current.bio?.focus()
    else replace(draftOf(bio), bio, 'bio')
  }

  const onDeleted = (id: string) => {
    // The text stays in the editor, as a bio not saved yet.
    if (editing?.id !== id) return
    setEditing(null)
    setBaseline(EMPTY)
  }

  const save = (as: 'new' | 'changes', event?: FormEvent) => {
    saveAs.current = as
    form.submit(event)
  }

  /** The form's own submit saves changes to the bio being edited, or a new one. */
  const submit = (event: FormEvent) =>
    over ? event.preventDefault() : save(editing ? 'changes' : 'new', event)

  return {
    me,
    templates,
    form,
    values,
    editing,
    templateNiche,
    setTemplateNiche,
    finalBio,
    length,
    over,
    blanks,
    dirty,
    bioError,
    creating: create.isPending,
    updating: update.isPending,
    asking: replacing !== null,
    fillBlank,
    controlRef,
    confirmReplace,
    cancelReplace: () => setReplacing(null),
    applyTemplate,
    startOver,
    editSaved,
    onDeleted,
    save,
    submit,
  }
}
