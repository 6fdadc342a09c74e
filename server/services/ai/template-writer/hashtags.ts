/**
 * Hashtags: the member's own from the keyword, topic and audience, then the niche's in tiers.
 */
import type { WritingBrief } from './brief'
import type { NicheKit } from './niches'
import { capitalize, charCount, take } from './text'

/** Words a hashtag never takes: small words, pronouns, request verbs, "people", "free"… */
const TAG_STOP = new Set(
  (
    'a an and the for of to in on with how your my our is are what why when best at by from this ' +
    'that you it or into about do does get without more less who can will guide tips ' +
    'i me we us they them their his her its yours mine ours he she be been being was were has ' +
    'have had not no so as if than then also just only very really some any all each every ' +
    'these those there here which whose whom where while up out own new free latest ultimate ' +
    'write wrote writing create make made need needs want wants wanted help please give ' +
    'downloaded download bought buy purchased joined join signed sign subscribed registered ' +
    'got getting grabbed claimed ordered requested enrolled people person folks someone anyone ' +
    'everyone thing things stuff topic start starting started begin beginning sell selling ' +
    'promote promoting explain explaining introducing announcing'
  ).split(' '),
)
/** The words of `text` a hashtag can take: no small words, numbers or request verbs. */
export const tagWords = (text: string) =>
  text
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => charCount(w) > 1 && !/^\d+$/.test(w) && !TAG_STOP.has(w.toLowerCase()))
const pascalCase = (words: string[]) => words.map((w) => capitalize(w.toLowerCase())).join('')

/**
 * Two to four tags made from the meaningful words of the keyword, topic and audience (the
 * audience only when it is a short name, not "people who …"), at most three words each.
 */
export function ownTags(brief: WritingBrief): string[] {
  const tags: string[] = []
  const topic = brief.topic === 'this topic' ? '' : brief.core
  const audience = /\b(who|that|which|whose)\b/i.test(brief.audience) ? '' : brief.audience
  for (const source of [brief.keyword, topic, audience]) {
    const words = tagWords(source).slice(0, 3)
    if (source === audience && tagWords(source).length > 3) continue
    while (words.length > 1 && pascalCase(words).length > 24) words.pop()
    if (words.length && (words.length > 1 || charCount(words[0]!) >= 3))
      tags.push(pascalCase(words))
  }
  const first = tagWords(brief.keyword || topic)[0]?.toLowerCase()
  if (first && /^\p{L}{3,20}$/u.test(first)) tags.push(first)
  if (first && /^[a-z]{3,20}$/.test(first)) tags.push(`${first}forbeginners`)
  return uniqueTags(tags).slice(0, 4)
}

function uniqueTags(tags: readonly string[], seen = new Set<string>()): string[] {
  return tags.filter((t) => {
    const key = t.toLowerCase()
    if (!t || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Up to `total` tags in tiers (broad, niche, specific with the member's own), no duplicates. */
export function tagTiers(brief: WritingBrief, total: number, variant: number): string[][] {
  const seen = new Set<string>()
  const tier = (name: keyof NicheKit['tags'], from: number, max: number) =>
    uniqueTags(take(brief.kit.tags[name].split(' '), 12, from), seen).slice(0, Math.max(0, max))
  const share = Math.max(1, Math.round(total * 0.3))
  const own = uniqueTags(ownTags(brief), seen).slice(0, share)
  const specific = [...own, ...tier('specific', variant * 2, share - own.length)]
  const broad = tier('broad', variant * 3, share)
  const niche = tier('niche', variant * 2 + 1, total - broad.length - specific.length)
  return [broad, niche, specific].map((list) => list.map((t) => `#${t}`))
}

/** Tags for one post, the member's own first: niche, specific, then broad. */
export function postTags(brief: WritingBrief, total: number, variant: number): string[] {
  const [broad = [], niche = [], specific = []] = tagTiers(brief, total, variant)
  return [...specific, ...niche, ...broad]
}
/** A post's tag line: #ad, then `total` tags. */
export const tagLine = (brief: WritingBrief, total: number, variant: number) =>
  ['#ad', ...postTags(brief, total, variant)].join(' ')
