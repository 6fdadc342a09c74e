/**
 * How the free-form writer reads a request: the format it asks for, its kind and platform, what
 * the copy is about and who it is for, the points to cover and the call to action.
 */
import type { AiNiche } from '@schemas/ai'

import { isPeople } from './brief'
import { tagWords } from './hashtags'
import { capitalize, charCount, cleanPhrase, truncateAtWord } from './text'

const NICHE_WORDS: readonly [AiNiche, RegExp][] = [
  [
    'health',
    /\b(health|healthy|diet|keto|weight|fitness|workout|nutrition|meal|sleep|wellness|supplement|yoga|gut)/i,
  ],
  [
    'wealth',
    /\b(money|income|financ|invest|budget|side hustle|wealth|crypto|trading|saving|debt)/i,
  ],
  [
    'relationship',
    /\b(relationship|dating|marriage|partner|couple|romance|husband|wife|boyfriend|girlfriend)/i,
  ],
  ['woodworking', /\b(wood|carpent|furniture|diy|workshop|joinery)/i],
]

/** What a free-form request can ask for; `null` when it names no format we know. */
export type Format =
  | 'email'
  | 'newsletter'
  | 'post'
  | 'tweet'
  | 'thread'
  | 'bio'
  | 'ad'
  | 'description'
  | 'video'
  | 'headlines'
  | 'blog'
  | 'intro'

/** The nouns that name each format (a regex alternation each), most specific first. */
const FORMAT_NOUNS: readonly [string, Format][] = [
  ['subject lines?', 'headlines'],
  ['video sales letters?|vsls?', 'video'],
  ['blog intros?|article intros?|post intros?|intros?|introductions?|opening paragraphs?', 'intro'],
  ['blog ?posts?|articles?|blogs?', 'blog'],
  ['profile descriptions?|bios?|about sections?', 'bio'],
  ['product descriptions?|descriptions?|listings?|product copy', 'description'],
  ['video scripts?|scripts?|videos?|reels?|shorts|tiktoks?', 'video'],
  ['newsletters?|newsletter issues?', 'newsletter'],
  ['e-?mails?', 'email'],
  ['threads?', 'thread'],
  ['tweets?|x posts?', 'tweet'],
  ['ad copy|ads?|adverts?|advertisements?', 'ad'],
  ['headlines?|titles?|hooks?|taglines?|slogans?', 'headlines'],
  ['posts?|captions?|status updates?|updates?', 'post'],
]
const NOUNS = FORMAT_NOUNS.flatMap(([nouns]) => nouns.split('|'))
  .sort((a, b) => b.length - a.length)
  .join('|')
/** Words that may follow the format noun: "email sequence", "headline ideas". */
const TRAILING =
  'sequences?|series|copy|templates?|drafts?|text|variations?|options?|ideas?|versions?'
/** Verbs that lead into what the copy is about: "an email announcing my course". */
const SUBJECT_VERBS =
  'promoting|introducing|explaining|covering|announcing|featuring|describing|selling|launching|' +
  'highlighting|sharing|showing|teaching|reviewing|pitching|advertising|recommending|comparing|' +
  'celebrating|answering|presenting|offering'
/** Verbs that lead into who the copy is for: "an email welcoming new subscribers". */
const PEOPLE_VERBS =
  'welcoming|thanking|inviting|asking|reminding|telling|encouraging|targeting|aimed at|addressed to'
const CONNECTORS = `about|on|regarding|for|to|that|which|with|in|from|using|and|so|where|${SUBJECT_VERBS}|${PEOPLE_VERBS}`
/** "[modifiers] <format noun> [trailing] <rest>": the format is the head of its phrase. */
const FORMAT_HEAD = new RegExp(
  `^(.*?)\\b(${NOUNS})((?:\\s+(?:${TRAILING}))*)(?=$|\\s*[,:;.!?()\\u2013\\u2014-]|\\s+(?:${CONNECTORS})\\b)(.*)$`,
  'i',
)

/** The kind of copy a request asks for: it sets an email's subject lines and body. */
export type Kind = '' | 'welcome' | 'launch' | 'followup' | 'thanks' | 'sales'
const KINDS: readonly [RegExp, Kind][] = [
  [/\b(welcom\w*|onboarding|intro)\b/i, 'welcome'],
  [/\b(launch\w*|announc\w*|introduc\w*|release|new product)\b/i, 'launch'],
  [/\b(follow-?ups?|following up|remind\w*|last chance|nudge)\b/i, 'followup'],
  [/\b(thank-?you|thank\w*|gratitude)\b/i, 'thanks'],
  [/\b(sales?|promo\w*|sell\w*|offer\w*|discount|pitch\w*|black friday|cyber monday)\b/i, 'sales'],
]

const PLATFORMS: readonly [RegExp, string][] = [
  [/\b(facebook|fb)\b/i, 'facebook'],
  [/\b(instagram|insta|ig|reels?)\b/i, 'instagram'],
  [/\blinked ?in\b/i, 'linkedin'],
  [/\btik ?toks?\b/i, 'tiktok'],
  [/\b(youtube|yt|shorts)\b/i, 'youtube'],
  [/\btwitter\b|\bX\b/, 'x'],
  [/\bpinterest\b/i, 'pinterest'],
]
const PLATFORM_PHRASE =
  /\s*\b(?:on|for|in)\s+(?:my\s+|our\s+)?(?:facebook|instagram|linked ?in|tik ?tok|youtube|twitter|pinterest)\b(?:\s+(?:page|account|profile|channel|group|feed|stories|story))?/gi

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten'.split(' ')

/** Cuts style instructions off a subject: "…, friendly and clear", "… in a warm tone". */
function cutStyle(text: string): string {
  const cuts = [
    /\s*[,;(]|\s+[\u2013\u2014-]\s+/,
    /\s+(?:in|with|using)\s+(?:a|an)\s+(?:[\w-]+\s+){0,3}(?:tone|voice|style|way|manner|opening|close|ending|hook|cta|call to action)\b/i,
    /\s+(?:in|under|within|of|around|below)\s+(?:\d+|one|two|three|four|five|ten|a few)\s+(?:words|characters|chars|sentences|paragraphs|lines)\b/i,
    /\s+(?:and|then|but|plus)\s+(?:ask|invite|tell|mention|include|add|end|make|keep|use|encourage|remind|get|link|highlight|cover|explain|give)\b/i,
    /\s+with\s+(?:a|an|the|my|some)?\s*(?:link|cta|call to action|hashtags?|emojis?|p\.?s\.?)\b/i,
    /\s+that (?:is|sounds|feels|reads|gets|grabs|converts)\b/i,
    /\s+(?:please|thanks)\b/i,
  ]
  const at = Math.min(...cuts.map((re) => re.exec(text)?.index ?? text.length))
  return cleanPhrase(text.slice(0, at))
}

/** "downloaded" → "downloading": what the readers did, to thank them for it. */
function ingOf(past: string): string {
  const [verb = '', ...rest] = past.toLowerCase().split(' ')
  const irregular: Record<string, string> = {
    bought: 'buying',
    got: 'getting',
    read: 'reading',
    tried: 'trying',
    paid: 'paying',
  }
  return [irregular[verb] ?? verb.replace(/ed$/, 'ing'), ...rest].join(' ')
}

const GOT =
  /^(downloaded|bought|purchased|ordered|joined|grabbed|claimed|requested|got|received|tried|started|booked|attended|watched|read|used|finished|completed|signed up (?:for|to)|registered (?:for|to)|subscribed (?:to|for)|enrolled (?:in|on)|opted in (?:to|for))\s+(.+)$/i
const WANTS = [
  /^(?:want|wants|need|needs|would like|hope|hopes|are trying|are ready|plan|plans)\s+to\s+(.+)$/i,
  /^(?:are|is)\s+(?:interested in|curious about|new to|into|struggling with|thinking about|working on|looking for)\s+(.+)$/i,
  /^(?:love|loves|like|likes|enjoy|enjoys|struggle with|struggles with|care about|follow|follows)\s+(.+)$/i,
]
const GROUP_NOUN =
  /^(?:(?:my|our|the|all|new|existing|current|potential|future|loyal|recent|busy|first-time|paying)\s+)*(.+?)\s+(buyers?|customers?|subscribers?|members?|readers?|users?|students?|clients?|owners?|fans|followers?|viewers|listeners|attendees)$/i

/** What the readers described by `audience` already have or want, if it says. */
function fromAudience(audience: string): { subject: string; had: string } {
  const clause =
    /^.*?\s+(?:who|that)\s+(?:(?:have|has|had|just|already|recently|all|also|now)\s+)*(.+)$/i.exec(
      audience,
    )?.[1]
  if (clause) {
    const got = GOT.exec(clause)
    if (got?.[1] && got[2]) {
      // what they downloaded or bought is theirs now; a webinar they attended stays "my webinar"
      const theirs =
        /^(downloaded|bought|purchased|ordered|grabbed|claimed|requested|got|received)/i
      const subject = theirs.test(got[1])
        ? got[2].replace(/^(?:my|our|a|an|this)\s+/i, 'your ')
        : got[2].replace(/^(?:a|an)\s+/i, 'the ')
      return { subject, had: `${ingOf(got[1])} ${got[2]}` }
    }
    for (const want of WANTS) {
      const wanted = want.exec(clause)?.[1]
      if (wanted) return { subject: want === WANTS[0] ? `how to ${wanted}` : wanted, had: '' }
    }
    return { subject: '', had: '' }
  }
  const group = GROUP_NOUN.exec(audience)
  if (group?.[1] && group[2] && tagWords(group[1]).length) {
    const theirs = /^(buyer|customer|member|user|student|client|owner)/i.test(group[2])
    return { subject: `${theirs ? 'your' : 'the'} ${group[1]}`, had: '' }
  }
  return { subject: '', had: '' }
}

/** Splits "keto meal prep for busy parents" into the subject and who it is for. */
function splitAudience(text: string): [string, string] {
  const match = /^(.{3,}?)\s+(?:for|to|aimed at|targeting)\s+(.{3,})$/i.exec(text)
  return match?.[1] && match[2] && isPeople(match[2]) ? [match[1], match[2]] : [text, '']
}

/** The part after the format: what the copy is about, and who it is for. */
function readRest(text: string): { subject: string; audience: string } {
  const rest = text.replace(/^[\s,:;.\u2013\u2014-]+/, '')
  const about = new RegExp(`(?:^|\\s)(?:about|on|regarding|${SUBJECT_VERBS})\\s+`, 'i').exec(rest)
  const before = about
    ? rest.slice(0, about.index).replace(new RegExp(`^(?:for|to|${PEOPLE_VERBS})\\s+`, 'i'), '')
    : ''
  // "for people who attended my webinar on budgeting": the "on" is inside the audience
  if (about && !/\b(who|that)\b/i.test(before)) {
    const [subject, after] = splitAudience(rest.slice(about.index + about[0].length))
    return { subject, audience: before && isPeople(before) ? before : after }
  }
  const verb = new RegExp(`^(?:(?:that|which)\\s+\\w+|${PEOPLE_VERBS})\\s+(.+)$`, 'i').exec(rest)
  if (verb?.[1]) {
    const object = /^(.+?)\s+(?:to|for|into|with)\s+(.+)$/i.exec(verb[1])
    if (object?.[1] && object[2] && isPeople(object[1]))
      return { subject: object[2], audience: object[1] }
    return isPeople(verb[1])
      ? { subject: '', audience: verb[1] }
      : { subject: verb[1], audience: '' }
  }
  const lead = /^(?:for|to|targeting|aimed at|addressed to)\s+(.+)$/i.exec(rest)?.[1]
  if (lead) {
    if (isPeople(lead)) return { subject: '', audience: lead }
    const [subject, audience] = splitAudience(lead)
    return { subject, audience }
  }
  const [subject, audience] = splitAudience(rest)
  return { subject, audience }
}

/** A free-form request as read: what to write, about what, for whom, with which points. */
export interface CopyRequest {
  format: Format | null
  /** The words that named the format: "video sales letter", "subject lines". */
  noun: string
  kind: Kind
  platform: string
  /** What a list format calls its items: Headlines, Subject lines, Hooks… */
  label: string
  /** How many items a list format asked for; 0 when it did not say. */
  count: number
  subject: string
  /** Who the copy is for, as the member put it. */
  audience: string
  /** The audience as the copy may name it: empty when it only told us the subject. */
  reader: string
  /** "downloading my free plan": what the readers did, when the request says (to thank them). */
  had: string
  points: string[]
  cta: string
  niche: AiNiche
}

const POINT_ASK =
  /\b(?:mention|include|cover|highlight|talk about|explain|feature|stress|focus on)\s+(?:that\s+)?(.+?)\s*(?:[.!?]|$)/i
const CTA_ASK =
  /\b(?:ask|invite|tell|encourage|remind|get|urge)\s+(?:them|people|readers|subscribers|viewers|followers|everyone|customers|members|the reader|the viewer|my audience|the audience)\s+to\s+(.+?)\s*(?:[.!?]|$)/i
const CTA_SAYS =
  /\b(?:call to action|cta)\b\s*(?:is|should be|reads)?\s*[:=\u2013\u2014-]?\s*(?:to\s+)?(.+?)\s*(?:[.!?]|$)/i
/** "their list" → "your list": an instruction about the readers, said to them. */
const toReader = (text: string) =>
  text
    .replace(/\btheir\b/gi, 'your')
    .replace(/\bthem\b/gi, 'you')
    .replace(/\bthemselves\b/gi, 'yourself')
    .replace(/\bthey\b/gi, 'you')

/** What a request that names no subject is about: what its readers joined, or its niche. */
function fallbackSubject(audience: string, format: Format | null, prompt: string): string {
  const groups: readonly [RegExp, string][] = [
    [/\b(subscribers?|readers?|list)\b/i, 'the newsletter'],
    [/\b(members?|community|group)\b/i, 'the community'],
    [/\b(customers?|buyers?|clients?)\b/i, 'your order'],
    [/\b(students?|learners?)\b/i, 'the course'],
    [/\b(followers?|fans|viewers)\b/i, 'my channel'],
  ]
  const group = groups.find(([re]) => re.test(audience))?.[1]
  if (group) return group
  if (format === 'email' || format === 'newsletter') return 'my emails'
  const niche = NICHE_WORDS.find(([, words]) => words.test(prompt))?.[0] ?? 'other'
  return {
    health: 'healthy habits',
    wealth: 'extra income',
    relationship: 'your relationship',
    woodworking: 'woodworking',
    other: 'this topic',
  }[niche]
}

/** Reads a free-form request: its format, kind, platform, subject, audience, points and CTA. */
export function readRequest(prompt: string): CopyRequest {
  const sentences = prompt
    .trim()
    .split(/(?<=[.!?])\s+|\n+/)
    .filter(Boolean)
  const first = cleanPhrase(sentences[0] ?? prompt)
  const head = first
    .replace(/^(?:(?:please|hi|hello|hey|ok(?:ay)?|so)\b[,!.\s]*)+/i, '')
    .replace(/^(?:can|could|would|will) you(?: please)?\s+/i, '')
    .replace(
      /^(?:i (?:need|want|would like)|i'd like|help me(?: to)?|i'm looking for|i am looking for|we need|let's)(?: you)?(?: to)?\s+/i,
      '',
    )
    .replace(
      /^(?:write|create|draft|make|give me|generate|compose|prepare|come up with|produce|craft|put together|suggest|brainstorm|rewrite)\s+(?:me\s+|us\s+)?/i,
      '',
    )
  const match = FORMAT_HEAD.exec(head)
  const prefix = match?.[1] ?? ''
  const usable =
    match?.[2] &&
    prefix.split(' ').length <= 8 &&
    !/\b(about|on|regarding|for|to|that|which)\b/i.test(prefix)
  const noun = usable ? match[2]! : ''
  let format = FORMAT_NOUNS.find(([nouns]) => new RegExp(`^(?:${nouns})$`, 'i').test(noun))?.[1]
  // with no format named, the request is its subject: "sell my dog course to new dog owners"
  const rest = usable
    ? (match[4] ?? '')
    : head
        .replace(/^(?:about|on|regarding)\s+/i, '')
        .replace(
          /^(?:sell|promote|market|advertise|launch|announce|introduce|explain|describe|pitch)\s+/i,
          '',
        )
        .replace(/^(?:a|an|the|some)\s+/i, '')
  const restWords = rest.trim().split(/\s+/).slice(0, 4).join(' ')
  const lead = usable ? `${prefix} ${noun} ${restWords}` : head.split(' ').slice(0, 2).join(' ')
  const kind = KINDS.find(([re]) => re.test(lead))?.[1] ?? ''
  const platform =
    PLATFORMS.find(([re]) => re.test(`${prefix} ${noun}`))?.[1] ??
    PLATFORMS.find(([re]) => re.test(first))?.[1] ??
    ''
  if (!format && /^(?:an?\s+)?tik ?tok$/i.test(cleanPhrase(prefix))) format = 'video'
  const amount = /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/i.exec(prefix)?.[1]
  const count = amount
    ? /^\d+$/.test(amount)
      ? Number(amount)
      : NUMBER_WORDS.indexOf(amount.toLowerCase())
    : 0
  const label =
    format === 'headlines'
      ? /subject/i.test(noun)
        ? 'Subject lines'
        : /hook/i.test(noun)
          ? 'Hooks'
          : /tagline|slogan/i.test(noun)
            ? 'Taglines'
            : /title/i.test(noun)
              ? 'Titles'
              : 'Headlines'
      : ''
  const read = readRest(cutStyle(rest.replace(PLATFORM_PHRASE, '')))
  let subject = cleanPhrase(read.subject).replace(/^(?:the following|this|these)\s*:?\s*$/i, '')
  const audience = cleanPhrase(read.audience)
  let had = ''
  let reader = audience
  if (audience) {
    const known = fromAudience(audience)
    had = known.had
    if (!subject && known.subject) {
      subject = known.subject
      // "people who downloaded my plan": the copy thanks them for it instead of naming them
      if (/\s(who|that)\s/i.test(audience)) reader = ''
    }
  }
  if (!subject && format === 'bio' && audience) {
    // "a bio for a keto coach who helps busy moms": the account itself is the subject
    subject = audience.replace(/^(?:a|an|the)\s+/i, '')
    reader = ''
  }
  if (!subject && !format) subject = cutStyle(rest) || cutStyle(head)
  if (!subject) subject = fallbackSubject(audience, format ?? null, prompt)
  const points: string[] = []
  let cta = ''
  for (const s of sentences) {
    const asked = POINT_ASK.exec(s)?.[1]
    if (asked)
      for (const item of asked.split(/\s*(?:,|;|\band\b|&)\s*/))
        if (
          charCount(cleanPhrase(item)) >= 3 &&
          !/\b(cta|call to action|hashtags?|emojis?|links?|disclosure|subject lines?|p\.?s\.?)\b/i.test(
            item,
          )
        )
          points.push(cleanPhrase(item))
    const action = CTA_ASK.exec(s)?.[1] ?? CTA_SAYS.exec(s)?.[1]
    if (!cta && action && charCount(cleanPhrase(action)) >= 3)
      cta = capitalize(toReader(cleanPhrase(action.replace(/^["'“]|["'”]$/g, ''))))
  }
  return {
    format: format ?? null,
    noun,
    kind,
    platform,
    label,
    count: Math.min(10, Math.max(0, count)),
    subject: truncateAtWord(cleanPhrase(subject.split(' ').slice(0, 14).join(' ')), 80),
    audience: truncateAtWord(audience, 120),
    reader: truncateAtWord(reader, 120),
    had,
    points: points.slice(0, 5),
    cta: truncateAtWord(cta, 120),
    niche: NICHE_WORDS.find(([, words]) => words.test(prompt))?.[0] ?? 'other',
  }
}
