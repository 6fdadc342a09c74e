import { itemCreateSchema, type ItemCreate } from '@schemas/niche-items'
import { fieldErrorsOf, type FieldErrors } from '@/lib/form-errors'

import { hashtagList, type PhoneDraft } from './draft'

/** The fields members write in step 2, in the order they appear there. */
export const POST_FIELDS = ['hook', 'postIdea', 'postFormat', 'cta', 'hashtags'] as const
export type PostField = (typeof POST_FIELDS)[number]

export const POST_TEXT_REQUIRED = 'Write the post text before you review it'

/** The row the draft stands for, as the contract's schema of a new row takes it. */
export const postInput = (draft: PhoneDraft) => {
  const angle = draft.angle
  return {
    subNiche: angle?.subNiche ?? '',
    audience: angle?.audience ?? '',
    pain: angle?.pain ?? '',
    offerCategory: angle?.offerCategory ?? '',
    hook: draft.hook,
    postIdea: draft.postIdea,
    postFormat: draft.postFormat,
    cta: draft.cta,
    hashtags: hashtagList(draft.hashtags).join(' '),
  }
}

/** The one rule of the phone flow the contract does not make: a post has text. */
export const postTextCheck = (draft: PhoneDraft, errors: FieldErrors): FieldErrors =>
  !draft.postIdea.trim() && !errors.postIdea ? { postIdea: POST_TEXT_REQUIRED } : {}

/**
 * The draft checked with the contract's own rules (the ones the server applies to the saved
 * row), plus the phone flow's own (`postTextCheck`). `body` is what Save sends, with every text
 * trimmed; it is null while any check fails.
 */
export function checkPost(draft: PhoneDraft): { errors: FieldErrors; body: ItemCreate | null } {
  const parsed = itemCreateSchema.safeParse(postInput(draft))
  const found = parsed.success ? {} : fieldErrorsOf(parsed.error)
  const errors = { ...found, ...postTextCheck(draft, found) }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors, body: null }
  const { subNiche, audience, pain, offerCategory, hook, postIdea, postFormat, cta, hashtags } =
    parsed.data
  return {
    errors,
    body: { subNiche, audience, pain, offerCategory, hook, postIdea, postFormat, cta, hashtags },
  }
}
