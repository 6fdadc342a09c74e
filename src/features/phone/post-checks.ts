import { itemCreateSchema, type ItemCreate } from '@schemas/niche-items'
import { fieldErrorsOf, type FieldErrors } from '@/lib/form-errors'

import { hashtagList, type PhoneDraft } from './draft'

/** The fields members write in step 2, in the order they appear there. */
export const POST_FIELDS = ['hook', 'postIdea', 'postFormat', 'cta', 'hashtags'] as const
export type PostField = (typeof POST_FIELDS)[number]

export const POST_TEXT_REQUIRED = 'Write the post text before you review it'

/**
 * The draft checked with the contract's own rules (the ones the server applies to the saved
 * row), plus the one rule of the phone flow: a post has text. `body` is what Save sends, with
 * every text trimmed; it is null while any check fails.
 */
export function checkPost(draft: PhoneDraft): { errors: FieldErrors; body: ItemCreate | null } {
  const angle = draft.angle
  const parsed = itemCreateSchema.safeParse({
    subNiche: angle?.subNiche ?? '',
    audience: angle?.audience ?? '',
    pain: angle?.pain ?? '',
    offerCategory: angle?.offerCategory ?? '',
    hook: draft.hook,
    postIdea: draft.postIdea,
    postFormat: draft.postFormat,
    cta: draft.cta,
    hashtags: hashtagList(draft.hashtags).join(' '),
  })
  const errors = parsed.success ? {} : fieldErrorsOf(parsed.error)
  if (!draft.postIdea.trim()) errors.postIdea ??= POST_TEXT_REQUIRED
  if (!parsed.success || Object.keys(errors).length > 0) return { errors, body: null }
  const { subNiche, audience, pain, offerCategory, hook, postIdea, postFormat, cta, hashtags } =
    parsed.data
  return {
    errors,
    body: { subNiche, audience, pain, offerCategory, hook, postIdea, postFormat, cta, hashtags },
  }
}
