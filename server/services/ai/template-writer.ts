/**
 * The built-in writer the AI tools fall back to when the operator has set no model. It fills
 * proven copywriting frameworks (AIDA, PAS, BAB, hook formulas, niche hashtag sets) with the
 * member's inputs. It writes in English whatever language is chosen, and never invents figures,
 * results, prices or testimonials: numbers only count steps, points or scenes.
 */
import {
  type AiNiche,
  type GeneratorInput,
  type ScriptInput,
  type Tone,
  type WriteInput,
  scriptTool,
} from '../../../api-schemas/ai'

type Rand = () => number

/** A small seeded generator (mulberry32): the same seed always gives the same choices. */
function random(seed: number): Rand {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

const pick = <T>(list: readonly T[], n: number): T =>
  list[((n % list.length) + list.length) % list.length]!
const take = <T>(list: readonly T[], count: number, from: number): T[] =>
  Array.from({ length: Math.min(count, list.length) }, (_, i) => pick(list, from + i))

// ---- Text helpers -------------------------------------------------------------------------

const size = (text: string) => [...text].length
const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
/** Lowercases a leading capital for use mid-sentence, unless the words look like a name. */
const mid = (text: string) =>
  /^[A-Z][a-z]+\s/.test(text) && !/\s[A-Z]/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text
const stop = (text: string) => (/[.!?…"')]$/.test(text) ? text : `${text}.`)
const sentence = (text: string) => stop(cap(text.trim()))
const andList = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
const SMALL_WORDS = new Set('a an and as at but by for in of on or the to vs with'.split(' '))
/** Title case for titles: capitals on every word but the small ones, existing capitals kept. */
const titled = (text: string) =>
  text
    .split(' ')
    .map((w, i) => ((i > 0 && SMALL_WORDS.has(w)) || /\p{Lu}/u.test(w) ? w : cap(w)))
    .join(' ')
const clean = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!?]+$/, '')

const DANGLING =
  /\s+(and|or|but|the|a|an|for|with|to|of|in|on|at|by|from|your|my|our|their|that|who|which|is|are|&)$/i

/** Shortens text to `max` characters at a word boundary, without a dangling "and" or comma. */
function clip(text: string, max: number): string {
  const chars = [...text.trim()]
  if (chars.length <= max) return chars.join('')
  let cut = chars.slice(0, Math.max(0, max)).join('')
  const space = cut.lastIndexOf(' ')
  if (chars[max] !== ' ' && space > 0) cut = cut.slice(0, space)
  const tidyEnd = (s: string) => s.replace(/[\s,;:(\u2013\u2014"'-]+$/, '')
  cut = tidyEnd(cut)
  while (DANGLING.test(cut)) cut = tidyEnd(cut.replace(DANGLING, ''))
  return cut
}

/** `make(value)` within `max` characters, shortening the value (not the template) if needed. */
function fit(max: number, make: (value: string) => string, value: string): string {
  const full = make(value)
  if (size(full) <= max) return full
  const room = max - size(make(''))
  return room >= 8 ? make(clip(value, room)) : clip(full, max)
}

/** How many words of four letters or more `text` says again ("Beginners … Beginner's"). */
function repeats(text: string): number {
  const seen = new Set<string>()
  let again = 0
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}']+/u)) {
    const word = raw.replace(/'s?$/, '').replace(/s$/, '')
    if (size(word) < 4) continue
    if (seen.has(word)) again++
    seen.add(word)
  }
  return again
}

/** The first formula from `k` on whose text repeats no word the value does not already repeat. */
function freshOf<T>(list: readonly T[], k: number, text: (item: T) => string): T {
  const start = pick(list, k)
  let best = start
  let fewest = Infinity
  for (let i = 0; i < list.length; i++) {
    const item = pick(list, k + i)
    const again = repeats(text(item))
    if (again < fewest) [best, fewest] = [item, again]
    if (again === 0) break
  }
  return best
}

/** Removes a phrase said twice in a row ("for beginners for beginners"), within each line. */
const dedupe = (line: string) =>
  line
    .replace(
      /(?<![\p{L}\p{N}'-])((?:[\p{L}\p{N}'-]+ ){1,7}[\p{L}\p{N}'-]+)(?: \1(?![\p{L}\p{N}'-]))+/giu,
      '$1',
    )
    .replace(/(?<![\p{L}\p{N}'-])(\p{L}{4,})(?: \1(?![\p{L}\p{N}'-]))+/giu, '$1')

/** One line per trimmed line, single spaces, at most one blank line in a row. */
const tidy = (text: string) =>
  text
    .split('\n')
    .map((line) => dedupe(line.replace(/[ \t]+/g, ' ').trim()))
    .join('\n')
    .replace(/ ([.,!?;])(?=\s|$)/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/** The member's benefits as separate points: one per line, comma or semicolon. */
function parsePoints(text: string): string[] {
  const seen = new Set<string>()
  const points: string[] = []
  for (const raw of text.split(/\n|[,;•]/)) {
    const point = clip(clean(raw.replace(/^\s*(?:[-*+✔✓–—>]|\d+[.)])\s*/, '')), 90)
    if (size(point) < 2 || seen.has(point.toLowerCase())) continue
    seen.add(point.toLowerCase())
    points.push(mid(point))
  }
  return points
}

// ---- Tone and niche ----------------------------------------------------------------------

interface Voice {
  /** A short opener that can lead the first line. */
  open: readonly string[]
  /** Leads into a list of points. */
  bridge: readonly string[]
  /** The call to action when the member gave none, given where the link is. */
  act: (place: string) => string
  close: readonly string[]
  mark: string
  /** How each point is introduced when spoken in a video. */
  say: readonly string[]
}

const VOICES: Record<Tone, Voice> = {
  friendly: {
    open: ['Hey friend!', 'Quick one for you:', 'Let me make this easy:'],
    bridge: ['Here is the simple version:', 'Let me break it down:', 'Here is what helps:'],
    act: (place) => `Have a look at the link ${place} and see if it fits you`,
    close: ['Questions? Drop them in the comments.', 'You have got this.', 'Save this for later.'],
    mark: '✅',
    say: ['First up:', 'Next:', 'Then:', 'Also:', 'And one more:'],
  },
  professional: {
    open: ['A practical note:', 'In short:', 'Worth knowing:'],
    bridge: ['The key points:', 'What matters most:', 'What to focus on:'],
    act: (place) => `Review the full details at the link ${place}`,
    close: [
      'Questions are welcome in the comments.',
      'Decide with the full picture.',
      'Keep this as a reference.',
    ],
    mark: '•',
    say: ['First:', 'Second:', 'Third:', 'Fourth:', 'Finally:'],
  },
  bold: {
    open: ['Real talk:', 'No fluff:', "Let's be honest:"],
    bridge: ['Here is what actually matters:', 'Straight to it:', 'Cut the noise. Focus on this:'],
    act: (place) => `Go see it for yourself at the link ${place}`,
    close: ['Stop waiting. Start.', 'Your move.', 'Less scrolling, more doing.'],
    mark: '→',
    say: ['Number one:', 'Number two:', 'Number three:', 'Number four:', 'Last one:'],
  },
  playful: {
    open: ['Okay, plot twist:', 'Pop quiz:', 'Fun fact time:'],
    bridge: ['Here is the cheat sheet:', 'The fun part:', 'Your mini game plan:'],
    act: (place) => `Go take a peek at the link ${place}`,
    close: [
      'Tag a friend who needs this.',
      'Now go have fun with it.',
      'Which one made you smile?',
    ],
    mark: '✨',
    say: ['Trick one:', 'Trick two:', 'Trick three:', 'Bonus:', 'And the cherry on top:'],
  },
  inspiring: {
    open: ['Every expert started as a beginner.', 'Small steps add up.', 'You can start today.'],
    bridge: ['Here is where to begin:', 'Start with this:', 'Your first steps:'],
    act: (place) => `Take your first step: the link is ${place}`,
    close: ['Progress beats perfect.', 'Start small and keep going.', 'One step at a time.'],
    mark: '🌱',
    say: ['Step one:', 'Step two:', 'Step three:', 'Step four:', 'Step five:'],
  },
  urgent: {
    open: [
      "Don't scroll past this:",
      'Read this before you start:',
      'Before you waste another week:',
    ],
    bridge: ['Do these first:', 'Right now, focus on this:', 'Start with these today:'],
    act: (place) => `Check the link ${place} today`,
    close: ['Start today, not someday.', 'The best time to start is now.', "Don't put this off."],
    mark: '⚡',
    say: ['Right away:', 'Then:', 'Next:', 'Also:', 'And today:'],
  },
}

interface NicheKit {
  audience: string
  /** Completes "If you …"; also reads after "They …". */
  pains: readonly string[]
  /** Completes "Stop …". */
  stop: readonly string[]
  agitate: string
  before: string
  after: string
  /** A point the niche always has something to say on, about the topic. */
  point?: (topic: string) => string
  goals: readonly string[]
  visuals: readonly string[]
  places: readonly string[]
  words: readonly string[]
  objections: readonly string[]
  /** Space-separated hashtags (without #) in three tiers. */
  tags: { broad: string; niche: string; specific: string }
}

const NICHES: Record<AiNiche, NicheKit> = {
  health: {
    audience: 'busy adults who want to feel better day to day',
    pains: [
      'have tried plan after plan and none of them stuck',
      'feel too busy for healthy routines',
      'are confused by all the conflicting health advice online',
      'start strong every Monday and run out of steam by Friday',
    ],
    stop: [
      'copying extreme plans from social media',
      'waiting for the perfect Monday to start',
      'trying to change everything at once',
    ],
    agitate:
      'It is easy to lose weeks jumping between plans and end up more confused than when you started.',
    before: 'you start a new plan every Monday and drop it by Wednesday',
    after: 'a few simple habits that fit into your real week',
    point: (t) => `how to fit ${t} into a busy day`,
    goals: [
      'Feel more in control of their daily habits',
      'Find a routine that fits around work and family',
      'Understand what they eat and why',
      'Stop starting over every few weeks',
    ],
    visuals: [
      'prepping a simple meal at the kitchen counter',
      'a short walk outside',
      'a glass of water next to a notebook',
      'a simple weekly plan written on paper',
    ],
    places: [
      'Facebook groups about healthy eating and home workouts',
      'YouTube recipe and home workout channels',
      'Pinterest, saving meal ideas and routines',
      'Reddit communities such as r/EatCheapAndHealthy',
      'Instagram and TikTok accounts that share simple routines',
    ],
    words: [
      'I just want to feel like myself again',
      "I don't have time to cook every day",
      'what actually works?',
      'something I can stick to',
    ],
    objections: [
      'Is this safe for me? (Point them to their doctor for personal advice.)',
      'I have tried diets before and they never lasted',
      'Will I have to buy special food or equipment?',
    ],
    tags: {
      broad:
        'health wellness healthylifestyle selfcare wellbeing healthyliving fitness healthyhabits motivation mindset',
      niche:
        'healthyeating nutrition mealprep healthyfood cleaneating homeworkout guthealth fitnessjourney healthyrecipes plantbased mindfulness stressrelief',
      specific:
        'wellnesstips healthtips mealprepideas healthyroutine morningroutine beginnerworkout healthyswaps selfcaretips nutritiontips wellnessjourney',
    },
  },
  wealth: {
    audience: 'people who want to learn a side hustle alongside their job',
    pains: [
      'want a side income but have no idea where to start',
      'keep buying courses and never finishing them',
      'feel overwhelmed by all the money advice online',
      'are tired of a shiny new strategy every week',
    ],
    stop: [
      'chasing every new trend',
      'buying another course before finishing the last one',
      'waiting until you feel ready',
    ],
    agitate: 'It is easy to spend months collecting tips and never take the first real step.',
    before: 'you read about side hustles every night but never start',
    after: 'a clear plan you work on a little every week',
    point: (t) => `how to start small with ${t} while you learn`,
    goals: [
      'Learn a skill that could grow into extra income over time',
      'Understand money basics without jargon',
      'Have a plan that fits around a full-time job',
      'Stop feeling behind',
    ],
    visuals: [
      'a laptop and a notebook on a desk',
      'a simple checklist on screen',
      'a calendar with small tasks ticked off',
      'a coffee next to a to-do list',
    ],
    places: [
      'YouTube channels about side hustles and personal finance',
      'Reddit communities such as r/personalfinance and r/sidehustle',
      'Facebook groups for beginners in online business',
      'LinkedIn and X (Twitter) threads about careers and money',
      'Podcasts on their commute',
    ],
    words: ['is this legit?', 'extra income', "I don't have hours every day", 'step by step'],
    objections: [
      'Is this another scam?',
      "I don't have much money to start with",
      "I don't have time after work",
    ],
    tags: {
      broad:
        'money finance personalfinance entrepreneur business success motivation wealth mindset goals',
      niche:
        'sidehustle affiliatemarketing digitalmarketing workfromhome onlinebusiness budgeting investing savingmoney financialliteracy smallbusiness moneymindset moneytips',
      specific:
        'sidehustleideas budgetingtips affiliatemarketingforbeginners beginnerinvestor financetips moneymanagement frugalliving emergencyfund personalfinancetips contentcreator',
    },
  },
  relationship: {
    audience: 'people who want closer, calmer relationships',
    pains: [
      'keep having the same argument over and over',
      'feel a growing distance in the relationship',
      'are tired of advice that sounds good but does not work in real life',
      "want more connection but don't know how to start the conversation",
    ],
    stop: [
      'guessing what your partner needs',
      'saving hard talks for the worst moment',
      'keeping score',
    ],
    agitate:
      'Small misunderstandings pile up, and it gets harder to talk about what really matters.',
    before: 'the same conversations keep going in circles',
    after: 'talks that feel calmer and more open',
    point: (t) => `how ${t} can help you feel closer`,
    goals: [
      'Feel heard and understood',
      'Talk about hard things without a fight',
      'Spend more quality time together',
      'Understand their own needs better',
    ],
    visuals: [
      'two coffee cups on a kitchen table',
      'a walk in the park, filmed from behind',
      'a handwritten note on a table',
      'a quiet evening scene with soft light',
    ],
    places: [
      'Instagram and TikTok accounts about relationships',
      'Reddit communities such as r/relationship_advice',
      'Podcasts about love and communication',
      'Pinterest, saving date night ideas',
      'Facebook groups for couples',
    ],
    words: [
      "we've drifted apart",
      "I don't know how to bring it up",
      'I just want us to be on the same page',
      'quality time',
    ],
    objections: [
      'What if my partner is not interested?',
      'Is it too late for us?',
      'Can general advice really fit our situation?',
    ],
    tags: {
      broad:
        'love relationships couples relationshipgoals selflove marriage dating communication family happiness',
      niche:
        'relationshipadvice relationshiptips marriageadvice datingadvice couplegoals healthyrelationships lovelanguages datenight loveyourself emotionalintelligence boundaries selfgrowth',
      specific:
        'communicationtips datenightideas marriagetips qualitytime relationshiphelp longdistancerelationship marriedlife conflictresolution attachmentstyles lovetips',
    },
  },
  woodworking: {
    audience: 'beginners who want to build with wood at home',
    pains: [
      'have a small space and a long list of project ideas',
      'feel unsure which tools are actually needed',
      'keep putting off the first real project',
      'find most plans too vague to follow',
    ],
    stop: [
      'buying tools you do not need yet',
      'starting with the hardest project on your list',
      'guessing your measurements',
    ],
    agitate:
      'Tools sit unused, the idea list grows, and the first cut keeps moving to next weekend.',
    before: 'your project ideas stay on a list',
    after: 'a finished piece you built yourself, one step at a time',
    point: (t) => `the tools to get first for ${t}, and the ones that can wait`,
    goals: [
      'Finish a first project they are proud of',
      'Work safely with a few basic tools',
      'Follow plans without guessing',
      'Make useful things for their home and family',
    ],
    visuals: [
      'a close-up of a tape measure and a pencil mark',
      'the workbench with a few basic tools laid out',
      'sawdust and a slow, careful cut',
      'a finished shelf on the bench',
    ],
    places: [
      'YouTube woodworking and DIY channels',
      'Reddit communities such as r/woodworking and r/BeginnerWoodWorking',
      'Pinterest boards of DIY furniture',
      'Facebook groups for hobby woodworkers',
      'Instagram accounts of small home workshops',
    ],
    words: [
      'beginner-friendly plans',
      'I only have a small garage',
      'which saw should I buy first?',
      'weekend project',
    ],
    objections: [
      'Do I need a big workshop?',
      'Is it safe for a complete beginner?',
      'Will I have to buy lots of expensive tools?',
    ],
    tags: {
      broad:
        'woodworking diy handmade woodwork maker crafts homeimprovement design wood makersgonnamake',
      niche:
        'woodshop carpentry diyprojects furnituremaking woodcraft woodworker woodturning handtools powertools reclaimedwood woodworkingprojects workshop',
      specific:
        'woodworkingforbeginners beginnerwoodworking woodworkingplans diyfurniture shopmade joinery cuttingboard woodworkingtips smallshop weekendproject',
    },
  },
  other: {
    audience: 'beginners who want a simple, clear way to start',
    pains: [
      'are just getting started and feel a bit lost',
      'have tried things that did not work out',
      "don't have much time to figure it all out",
      'are drowning in tips and short on a plan',
    ],
    stop: [
      'doing everything at once',
      'waiting until you feel ready',
      'copying what everyone does',
    ],
    agitate: 'It is easy to lose time jumping between ideas without a clear first step.',
    before: 'you keep saving ideas for later',
    after: 'a simple routine you follow a little every day',
    goals: [
      'Get clear on the first step',
      'Make steady progress without burning out',
      'Learn from people a step or two ahead',
      'Find something that fits their schedule',
    ],
    visuals: [
      'talking to camera at a desk',
      'a notebook with a short checklist',
      'a phone screen scrolling through notes',
      'a simple whiteboard sketch',
    ],
    places: [
      'YouTube tutorials and how-to channels',
      'Facebook groups for beginners',
      'Reddit communities such as r/Entrepreneur',
      'Instagram and TikTok creators who share tips',
      'Newsletters and podcasts on their commute',
    ],
    words: [
      'where do I start?',
      'step by step',
      "I don't have hours every day",
      'is this worth it?',
    ],
    objections: [
      'Will this work for someone like me?',
      "I don't have the time",
      'I have bought things like this before and never used them',
    ],
    tags: {
      broad:
        'marketing business entrepreneur smallbusiness motivation success onlinebusiness socialmedia contentcreator tips',
      niche:
        'affiliatemarketing digitalmarketing sidehustle contentmarketing socialmediamarketing marketingtips branding blogging emailmarketing workfromhome personalbrand contentcreation',
      specific:
        'affiliatemarketingtips beginnerfriendly sidehustleideas marketingforbeginners onlinebusinesstips growthmindset productivitytips bloggingtips creatortips smallbusinesstips',
    },
  },
}

/** Points about the topic itself, for when the member gave none (`t` is the topic's core). */
const TOPIC_POINTS: readonly ((t: string, beginner: boolean, plural: boolean) => string)[] = [
  (t, _b, plural) => `what ${t} ${plural ? 'involve' : 'involves'}, step by step`,
  (t) => `the first thing to do with ${t} this week`,
  (t, beginner) =>
    beginner ? `the common mistakes with ${t}` : `the mistakes beginners make with ${t}`,
  (t, _b, plural) => `how to tell if ${t} ${plural ? 'suit' : 'suits'} you`,
  (t) => `what you need before you start with ${t}`,
  (t) => `what to skip with ${t} at first`,
  (t) => `the questions people ask most about ${t}`,
]

const DISCLOSURE =
  'Disclosure: this is an affiliate link; I may earn a commission if you buy, at no extra cost to you.'
const SHORT_DISCLOSURE = 'Affiliate link: I may earn a commission at no extra cost to you.'
const HEALTH_NOTE = 'This is not medical advice.'
const DOCTOR = 'Talk to your doctor before changing your diet, exercise or medication.'

// ---- The member's inputs, ready to write with ----------------------------------------------

interface Ctx {
  /** The topic, cleaned, for the body; `short` for hooks and titles. */
  topic: string
  short: string
  /** `short` without its own "for beginners"-like ending, for phrases that add their own. */
  core: string
  /** Whether the topic, keyword or audience already speaks of beginners. */
  beginner: boolean
  /** Whether the topic is plural ("woodworking plans"), for "is"/"are" and "it"/"they". */
  plural: boolean
  /** Completes "how to …": the topic's own "how to" or "get started with <topic>". */
  doing: string
  audience: string
  /** " for <audience>" or nothing. */
  forAud: string
  keyword: string
  points: string[]
  own: boolean
  cta: string
  niche: AiNiche
  tone: Tone
  kit: NicheKit
  voice: Voice
  /** 0 short, 1 medium, 2 long. */
  size: number
  video: boolean
}

/** "start woodworking" → "starting woodworking": the first verb of a phrase with -ing. */
function gerund(phrase: string): string {
  const [verb = '', ...rest] = phrase.split(' ')
  const lower = verb.toLowerCase()
  const ing =
    lower === 'be' || lower === 'see'
      ? `${lower}ing`
      : /ie$/.test(lower)
        ? `${lower.slice(0, -2)}ying`
        : /[^e]e$/.test(lower)
          ? `${lower.slice(0, -1)}ing`
          : /^[^aeiou]*[aeiou][bdgmnprt]$/.test(lower) || lower === 'begin'
            ? `${lower}${lower.at(-1)}ing`
            : `${lower}ing`
  return [ing, ...rest].join(' ')
}

/** Words that name people: "busy parents", "new subscribers", "people who …". */
const PEOPLE = new RegExp(
  `\\b(?:${
    'people|persons?|folks|customers?|clients?|subscribers?|members?|readers?|followers?|fans|' +
    'buyers?|beginners?|newbies|newcomers?|parents?|moms?|mums?|mothers?|dads?|fathers?|women|' +
    'men|girls|guys|kids|teens|teenagers|students?|teachers?|nurses?|retirees|seniors|couples?|' +
    'families|owners?|entrepreneurs?|founders?|freelancers?|coaches?|creators?|marketers?|' +
    'professionals?|employees|workers?|managers?|leads|prospects|audiences?|community|friends|' +
    'anyone|everyone|someone|those|singles|athletes|runners|gamers|developers|designers|writers|' +
    'bloggers|affiliates|dieters|vegans|vegetarians|homeowners|woodworkers|hobbyists|bakers|' +
    'cooks|gardeners|travell?ers|patients|users|visitors|attendees|guests|shoppers|viewers|' +
    'listeners|learners|adults|millennials|introverts|job seekers|homeschoolers'
  })\\b`,
  'i',
)
/** Whether a phrase names people (its first words), or describes them ("… who …"). */
const isPeople = (phrase: string) =>
  PEOPLE.test(phrase.split(' ').slice(0, 5).join(' ')) || /\b(who|whose)\b/i.test(phrase)

/** "sourdough starter for beginners" → "sourdough starter": a topic without its own audience. */
function coreOf(topic: string): string {
  const match = /^(.{3,}?)\s+(?:for|to)\s+(.{3,})$/i.exec(topic)
  return match?.[1] && match[2] && isPeople(match[2]) ? match[1] : topic
}

/** The audience short enough to follow a topic ("… for busy parents"), or nothing. */
function audiencePhrase(audience: string): string {
  if (size(audience) <= 50) return audience
  const head = clean(audience.split(/\s+(?:who|that|which|with|and)\s+|,/i)[0] ?? '')
  return size(head) >= 3 && size(head) <= 50 ? head : ''
}

/** " for <audience>" after `phrase`, unless the phrase already names who it is for. */
function forAudience(phrase: string, audience: string): string {
  const aud = audiencePhrase(audience)
  if (!aud || coreOf(phrase) !== phrase) return ''
  if (phrase.toLowerCase().includes(aud.toLowerCase())) return ''
  return ` for ${aud}`
}

/** Whether a topic's head noun is plural: "woodworking plans for garages", not "gut health". */
function pluralOf(topic: string): boolean {
  const phrase = topic.split(/\s+(?:of|on|for|in|with|about|to|from|at|by)\s+/i)[0] ?? topic
  const head = phrase.split(' ').at(-1) ?? ''
  return size(head) > 3 && /[^s']s$/i.test(head) && !/(ss|us|is|ics|ness|news)$/i.test(head)
}

/** The verb or pronoun that agrees with the topic: `agree(c, 'is', 'are')`. */
const agree = (c: Ctx, one: string, many: string) => (c.plural ? many : one)

function context(input: ScriptInput, video: boolean, k = 0): Ctx {
  const topic = mid(clean(input.topic)) || 'this topic'
  const how = /^how to\s+(.+)$/i.exec(topic)?.[1]
  // "how to start woodworking" reads as "starting woodworking" where a noun is needed
  const short = clip(how ? gerund(how) : topic, 60)
  const core = coreOf(short)
  const audience = mid(clean(input.audience).replace(/^for\s+/i, ''))
  const keyword = mid(clean(input.keyword))
  const beginner = /\bbeginner/i.test(`${topic} ${keyword} ${audience}`)
  const own = parsePoints(input.benefits)
  const sizeIndex = (['short', 'medium', 'long'] as const).indexOf(input.length)
  const kit = NICHES[input.niche]
  const topicPoints = take(TOPIC_POINTS, TOPIC_POINTS.length, k)
    .map((p) => p(core, beginner, pluralOf(core)))
    .filter((p) => repeats(p) <= repeats(core))
  // the niche's own point leads every other variant, second in the rest
  const defaults = kit.point
    ? [...topicPoints.slice(0, k % 2), kit.point(core), ...topicPoints.slice(k % 2)]
    : topicPoints
  return {
    topic,
    short,
    core,
    beginner,
    plural: pluralOf(core),
    doing: how ? clip(how, 60) : `get started with ${short}`,
    audience,
    forAud: forAudience(short, audience),
    keyword,
    points: (own.length ? own : defaults).slice(0, [2, 3, 5][sizeIndex]),
    own: own.length > 0,
    cta: clean(input.callToAction),
    niche: input.niche,
    tone: input.tone,
    kit,
    voice: VOICES[input.tone],
    size: Math.max(0, sizeIndex),
    video,
  }
}

const ctaText = (c: Ctx, place: string) => sentence(c.cta || c.voice.act(place))
const bullets = (c: Ctx, mark: string) => c.points.map((p) => `${mark} ${cap(p)}`).join('\n')
const healthLines = (c: Ctx, doctor = false) =>
  c.niche === 'health' ? [doctor ? `${HEALTH_NOTE} ${DOCTOR}` : HEALTH_NOTE] : []

// ---- Hashtags ----------------------------------------------------------------------------

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
const tagWords = (text: string) =>
  text
    .replace(/['’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => size(w) > 1 && !/^\d+$/.test(w) && !TAG_STOP.has(w.toLowerCase()))
const camel = (words: string[]) => words.map((w) => cap(w.toLowerCase())).join('')

/**
 * Two to four tags made from the meaningful words of the keyword, topic and audience (the
 * audience only when it is a short name, not "people who …"), at most three words each.
 */
function ownTags(c: Ctx): string[] {
  const tags: string[] = []
  const topic = c.topic === 'this topic' ? '' : c.core
  const audience = /\b(who|that|which|whose)\b/i.test(c.audience) ? '' : c.audience
  for (const source of [c.keyword, topic, audience]) {
    const words = tagWords(source).slice(0, 3)
    if (source === audience && tagWords(source).length > 3) continue
    while (words.length > 1 && camel(words).length > 24) words.pop()
    if (words.length && (words.length > 1 || size(words[0]!) >= 3)) tags.push(camel(words))
  }
  const first = tagWords(c.keyword || topic)[0]?.toLowerCase()
  if (first && /^\p{L}{3,20}$/u.test(first)) tags.push(first)
  if (first && /^[a-z]{3,20}$/.test(first)) tags.push(`${first}forbeginners`)
  return unique(tags).slice(0, 4)
}

function unique(tags: readonly string[], seen = new Set<string>()): string[] {
  return tags.filter((t) => {
    const key = t.toLowerCase()
    if (!t || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** Up to `total` tags in tiers (broad, niche, specific with the member's own), no duplicates. */
function tagTiers(c: Ctx, total: number, k: number): string[][] {
  const seen = new Set<string>()
  const tier = (name: keyof NicheKit['tags'], from: number, max: number) =>
    unique(take(c.kit.tags[name].split(' '), 12, from), seen).slice(0, Math.max(0, max))
  const share = Math.max(1, Math.round(total * 0.3))
  const own = unique(ownTags(c), seen).slice(0, share)
  const specific = [...own, ...tier('specific', k * 2, share - own.length)]
  const broad = tier('broad', k * 3, share)
  const niche = tier('niche', k * 2 + 1, total - broad.length - specific.length)
  return [broad, niche, specific].map((list) => list.map((t) => `#${t}`))
}

/** Tags for one post, the member's own first: niche, specific, then broad. */
function postTags(c: Ctx, total: number, k: number): string[] {
  const [broad = [], niche = [], specific = []] = tagTiers(c, total, k)
  return [...specific, ...niche, ...broad]
}
const tagLine = (c: Ctx, total: number, k: number) => ['#ad', ...postTags(c, total, k)].join(' ')

// ---- Hooks and frameworks ----------------------------------------------------------------

type Hook = (c: Ctx, v: number) => string
const count = (c: Ctx) => c.points.length

const HOOKS: readonly Hook[] = [
  (c) => `Here is how to ${c.doing}${c.forAud}.`,
  (c) => `Most people get ${c.short} wrong. Here is what to do instead.`,
  (c, v) => `If you ${pick(c.kit.pains, v)}, ${c.video ? 'watch' : 'read'} this.`,
  (c) =>
    count(c) > 1 ? `The ${count(c)}-step way to ${c.doing}.` : `The simple way to ${c.doing}.`,
  (c) => `What nobody tells you about ${c.short}.`,
  (c, v) => `Stop ${pick(c.kit.stop, v)}. Do this instead.`,
  (c) => `Curious about ${c.short}${c.forAud}? Start here.`,
  (c) =>
    count(c) > 1
      ? `${count(c)} things to know before you ${c.doing}.`
      : `One thing to know before you ${c.doing}.`,
  (c) => `Save this before you ${c.doing}.`,
]

/** Hook number `k`, within `max` characters, led by the tone's opener when asked and room. */
function hookLine(c: Ctx, k: number, max: number, opener = false): string {
  const make = pick(HOOKS, k)
  let line = make(c, k)
  if (size(line) > max && c.forAud) line = make({ ...c, forAud: '' }, k)
  if (size(line) > max) line = clip(line, max)
  const led = `${pick(c.voice.open, k)} ${line}`
  return opener && size(led) <= max ? led : line
}

type Framework = (c: Ctx, v: number, mark: string) => string[]

/** Body copy after the hook: AIDA, PAS, BAB, a numbered list, a self-check. */
const FRAMEWORKS: readonly Framework[] = [
  (c, v, mark) => [
    `If ${c.short} ${agree(c, 'has', 'have')} been on your list for a while, this is a good place to start.`,
    `${pick(c.voice.bridge, v)}\n${bullets(c, mark)}`,
    `Imagine ${c.kit.after}.`,
  ],
  (c, v, mark) => [
    `If you ${pick(c.kit.pains, v + 1)}, you are not alone.`,
    c.kit.agitate,
    `That is where ${c.short} ${agree(c, 'comes', 'come')} in. ${pick(c.voice.bridge, v)}\n${bullets(c, mark)}`,
  ],
  (c, v, mark) => [
    `Right now, maybe ${c.kit.before}.`,
    `Now picture ${c.kit.after}.`,
    `The bridge between the two: ${c.short}. ${pick(c.voice.bridge, v)}\n${bullets(c, mark)}`,
  ],
  (c) => [
    `${count(c) > 1 ? `${count(c)} things` : 'One thing'} to know about ${c.short}:\n` +
      c.points.map((p, i) => `${i + 1}. ${cap(p)}`).join('\n'),
    'Start with the first one this week and build from there.',
  ],
  (c, _v, mark) => [
    `${agree(c, 'Is', 'Are')} ${c.short} right for you? Here is what to look at:\n${bullets(c, mark)}`,
    'If most of that sounds useful, it is worth a closer look.',
  ],
]

const body = (c: Ctx, k: number, mark: string) => pick(FRAMEWORKS, k)(c, k, mark)

// ---- Videos ------------------------------------------------------------------------------

const SHOTS = ['Cut to b-roll', 'Text on a plain background', 'Show it on your phone screen']

/** On-screen text for a hook: its first sentence when short, else its first words. */
function screen(hook: string): string {
  const first = hook.split(/(?<=[.?!])\s/)[0] ?? hook
  return size(first) <= 50 ? first : clip(first, 45)
}

/** Scene lines: open on the hook, one scene per point, close on the call to action. */
function scenes(c: Ctx, k: number, place: string, hook: string): string[] {
  const visual = (i: number) => pick([...c.kit.visuals, ...SHOTS], k + i)
  const lines = [
    `Scene 1: Talk to camera, close framing. Say the hook. On-screen text: "${screen(hook)}"`,
    ...c.points.map(
      (p, i) =>
        `Scene ${i + 2}: ${cap(visual(i + 1))}. Say: "${pick(c.voice.say, i)} ${sentence(p)}" ` +
        `On-screen text: "${clip(cap(p), 40)}"`,
    ),
  ]
  const last = c.points.length + 2
  lines.push(
    `Scene ${last}: Talk to camera. Say: "${ctaText(c, place)}" On-screen text: "Link ${place}"`,
  )
  if (c.niche === 'health') lines.push(`Add on-screen text at the end: "${HEALTH_NOTE}"`)
  return lines
}

const CAPTION_HEADS: readonly ((c: Ctx) => string)[] = [
  (c) => `The short version of ${c.short}, in ${count(c) > 1 ? `${count(c)} steps` : 'one step'}.`,
  (c) => `Save this for when you ${c.doing}.`,
  () => 'Which one are you trying first? Tell me in the comments.',
  (c) => `${cap(c.short)}${c.forAud}: start small, keep going.`,
  (c) => `Send this to a friend who is curious about ${c.short}.`,
]

// ---- The tools ---------------------------------------------------------------------------

type Writer = (c: Ctx, k: number) => string

function socialCaption(c: Ctx, k: number, place: string, tags: number): string[] {
  return [
    hookLine(c, k, 125, true),
    '',
    ...body(c, k, c.voice.mark).flatMap((paragraph) => [paragraph, '']),
    ...(c.size > 0 ? [pick(c.voice.close, k), ''] : []),
    ctaText(c, place),
    SHORT_DISCLOSURE,
    ...healthLines(c),
    '',
    tagLine(c, tags, k),
  ]
}

const facebookcaption: Writer = (c, k) =>
  `Caption: ${socialCaption(c, k, 'below', [3, 4, 5][c.size]!).join('\n')}`

const instacaption: Writer = (c, k) =>
  `Caption: ${socialCaption(c, k, 'in my bio', [8, 14, 20][c.size]!).join('\n')}`

const SEO_TITLES: readonly ((s: string, c: Ctx) => string)[] = [
  (s) => `${cap(s)}: A Beginner's Guide`,
  (s, c) => `${cap(s)}: ${count(c) > 1 ? `${count(c)} Simple Steps` : 'Simple Steps'} to Start`,
  (s) => `${cap(s)} Explained: What to Know First`,
  (s) => `Getting Started with ${s}: Where to Begin`,
  (s) => `${cap(s)}: What Beginners Should Know`,
  (s) => `${cap(s)}: Common Questions Answered`,
]

/** The meta description's first sentence: the keyword, and who it is for (`aud`) when set. */
const SEO_OPENERS: Record<Tone, (kw: string, aud: string) => string> = {
  friendly: (kw, aud) => `A friendly, plain-English guide to ${kw}${aud}.`,
  professional: (kw, aud) => `A practical guide to ${kw}${aud}.`,
  bold: (kw, aud) => `No fluff: what really matters with ${kw}${aud}.`,
  playful: (kw, aud) => `${cap(kw)}${aud}, minus the boring bits.`,
  inspiring: (kw, aud) => `Your first steps with ${kw}${aud}, one at a time.`,
  urgent: (kw, aud) => `Before you start with ${kw}${aud}, read this.`,
}
/** What the page gives, when the member listed nothing ("it" is the keyword just named). */
const META_BODIES = [
  'Learn what it involves, what to do first and which mistakes to skip.',
  'See how it works, where to start and how to tell if it suits you.',
  'Find out what you need, the first step to take and what to avoid.',
  'Get the basics, the first steps and the common mistakes, in plain words.',
  'It covers what to expect, how to begin and the questions people ask most.',
]
const SEO_CLOSERS = [
  'Read it and take your first step.',
  'Start with the basics today.',
  'Clear steps, no jargon.',
]

function slugOf(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w && !/^(a|an|the|and|or|of|for|to|in|on|with|your|my)$/.test(w))
  const out: string[] = []
  for (const w of words) {
    if ([...out, w].join('-').length > 50) break
    out.push(w)
  }
  return out.join('-') || 'guide'
}

const seo: Writer = (c, k) => {
  const keyword = c.keyword || c.short
  const make = freshOf(SEO_TITLES, k, (f) => f(keyword, c))
  const title = titled(fit(60, (s) => make(s, c), keyword))
  const max = c.size === 0 ? 125 : 155
  const open = SEO_OPENERS[c.tone]
  const aud = forAudience(keyword, c.audience)
  const who = audiencePhrase(c.audience)
  const named = !who || keyword.toLowerCase().includes(who.toLowerCase())
  const openers = [
    aud || named ? open(keyword, aud) : `${open(keyword, '')} Made for ${who}.`,
    open(keyword, ''),
  ]
  const bodies = c.own
    ? c.points.map(
        (_, i) =>
          `${pick(['Inside:', 'It covers', 'You will find'], k)} ` +
          `${andList(c.points.slice(0, c.points.length - i).map((p) => mid(clip(p, 40))))}.`,
      )
    : take(META_BODIES, META_BODIES.length, k)
  const closers = c.size > 0 ? [pick(SEO_CLOSERS, k), ''] : ['']
  // the richest description that fits: what the page gives, who it is for, then a closer
  let meta = fit(max, (s) => open(s, ''), keyword)
  search: for (const body of [...bodies, ''])
    for (const first of openers)
      for (const closer of closers) {
        const text = [first, body, closer].filter(Boolean).join(' ')
        if (size(text) <= max) {
          meta = text
          break search
        }
      }
  const base = slugOf(keyword)
  const suffix = pick(['', '-guide', '-for-beginners', '-basics', '-explained'], k)
  const says = (word: string) => base.split('-').some((w) => w.startsWith(word.slice(0, 5)))
  const extra = suffix.split('-').some((w) => w && w !== 'for' && says(w)) ? '' : suffix
  return [`Title: ${title}`, `Meta description: ${meta}`, `Slug: ${base}${extra}`].join('\n')
}

const PERSONAS = [
  'a complete newcomer who is still researching and comparing options',
  'someone who has tried before, got stuck, and is now careful about what they buy',
  'short on time, so they want steps they can follow in small blocks',
  'someone who learns best by doing and wants clear, practical steps',
  'ready to start, but unsure which option to trust',
]

const NAMES = ['Alex', 'Sam', 'Jordan', 'Casey', 'Robin', 'Taylor']

const customerAvatar: Writer = (c, k) => {
  const n = [2, 3, 4][c.size]!
  const list = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n')
  const goals = take(c.kit.goals, n, k)
  if (c.own)
    goals.push(`What they hope ${c.short} ${agree(c, 'helps', 'help')} with: ${andList(c.points)}`)
  const search = c.beginner ? `${c.core} step by step` : `${c.core} for beginners`
  const words = [...take(c.kit.words, n, k).map((w) => `"${w}"`), `"${search}"`]
  const name = pick(NAMES, k)
  return [
    `Who they are: A working assumption to check, not a fact. ${name} is one person from your ` +
      `audience (${c.audience ? clip(c.audience, 120) : c.kit.audience}). ${name} is ` +
      `${pick(PERSONAS, k)}, and is looking at ${c.short} because they want to ` +
      `${mid(pick(c.kit.goals, k + 1))}.`,
    `Goals:\n${list(goals)}`,
    `Pains:\n${list(take(c.kit.pains, n, k).map((p) => `They ${p}.`))}`,
    `Objections:\n${list([...take(c.kit.objections, n, k), 'Is this just another sales pitch?'].map((o) => stop(o)))}`,
    `Where they spend time:\n${list(take(c.kit.places, n + 1, k))}`,
    `Words they use:\n${list(words)}\n` +
      'Check this against real comments and questions in your niche, and update it as you learn more.',
  ].join('\n')
}

const HEADLINES: readonly ((c: Ctx) => string)[] = [
  (c) =>
    `${cap(c.short)}: what ${agree(c, 'it is', 'they are')}, who ${agree(c, 'it is', 'they are')} for, and how to decide`,
  (c) => `Thinking about ${c.short}? Read this first`,
  (c) => `${cap(c.short)}${c.forAud}, explained in plain words`,
  (c) => `An honest look at ${c.short}`,
  (c) => `The questions beginners ask about ${c.short}, answered`,
]

const description: Writer = (c, k) => {
  const paragraphs = [
    ...(c.size > 0 ? [`${pick(c.voice.open, k)} ${pick(HOOKS, k + 4)(c, k)}`] : []),
    ...body(c, k, '-'),
    ...(c.size > 0
      ? [`Who it is for: ${c.audience ? clip(c.audience, 150) : c.kit.audience}.`]
      : []),
    ...(c.size > 1
      ? ['It is probably not for you if you want instant results without putting in any effort.']
      : []),
    `${ctaText(c, 'below')} ${pick(c.voice.close, k)}`,
    DISCLOSURE,
    ...healthLines(c, true),
  ]
  const headline = freshOf(HEADLINES, k, (h) => h(c))(c)
  return `Headline: ${headline}\nDescription: ${paragraphs.join('\n\n')}`
}

const hasTag: Writer = (c, k) =>
  `Hashtags: ${tagTiers(c, [15, 22, 30][c.size]!, k)
    .filter((tier) => tier.length)
    .map((tier) => tier.join(' '))
    .join('\n')}`

const instagramReel: Writer = (c, k) => {
  const hook = hookLine(c, k, 100)
  return [
    `Hook: ${hook}`,
    'Say it in the first second, with the same words as big on-screen text.',
    'Scenes:',
    ...scenes(c, k, 'in bio', hook),
    `Caption: ${pick(CAPTION_HEADS, k)(c)}`,
    ...(c.size > 1 ? [pick(c.voice.close, k)] : []),
    ctaText(c, 'in my bio'),
    SHORT_DISCLOSURE,
    ...healthLines(c),
    tagLine(c, [6, 9, 12][c.size]!, k),
  ].join('\n')
}

const tiktok: Writer = (c, k) => {
  const hook = hookLine(c, k, 100)
  return [
    `Hook: ${hook}`,
    `Say it in the first two seconds over ${pick(c.kit.visuals, k)}.`,
    'Script:',
    ...scenes(c, k + 1, 'in bio', hook),
    `Caption: ${pick(CAPTION_HEADS, k + 1)(c)} ${ctaText(c, 'in my bio')}`,
    SHORT_DISCLOSURE,
    ...healthLines(c),
    tagLine(c, [4, 5, 6][c.size]!, k),
  ].join('\n')
}

const twitterTweet: Writer = (c, k) => {
  const head = hookLine(c, k, 110, c.size > 0)
  const close = `${clip(ctaText(c, 'below'), 100)}${c.niche === 'health' ? ' Not medical advice.' : ''} #ad`
  let text = `${head}\n\n${close}`
  const points: string[] = []
  for (const p of c.points.slice(0, c.size + 1)) {
    if (size(p) > 90) continue
    const next = [...points, `${c.voice.mark} ${cap(p)}`]
    const candidate = `${head}\n\n${next.join('\n')}\n\n${close}`
    if (size(candidate) > 280) continue
    points.push(next.at(-1)!)
    text = candidate
  }
  const tag = ownTags(c)[0]
  if (tag && size(`${text} #${tag}`) <= 280) text += ` #${tag}`
  return text
}

const vsl: Writer = (c, k) => {
  const n = count(c)
  return [
    `Hook: ${hookLine(c, k, 120)} Give me a few minutes and I will walk you through ${c.short}: what it involves, who it is for, and how to decide.`,
    `Problem: ${take(c.kit.pains, c.size + 1, k)
      .map((p) => `Maybe you ${p}.`)
      .join(' ')} ${c.kit.agitate}`,
    `Story: Maybe this sounds familiar. ${sentence(c.kit.before)} You tell yourself next week will be different. ` +
      `${c.size > 0 ? `Then you start looking for a clearer way in, something you can follow one step at a time. ` : ''}` +
      `This is where ${c.short} ${agree(c, 'fits', 'fit')} in. It is not magic. It is a clear next step.`,
    `Offer: Here is what ${c.short} ${agree(c, 'gives', 'give')} you to work with:\n${bullets(c, '-')}` +
      `${c.audience ? `\nWho it is for: ${clip(c.audience, 150)}.` : ''}`,
    `Proof: Don't just take my word for it. Before you decide, check the official page: read what is included, look at the refund terms, and see whether it fits how you like to learn.` +
      `${c.size > 0 ? ' Look for honest reviews from real buyers, and compare it with one or two alternatives.' : ''}` +
      ` If ${n > 1 ? `these ${n} points` : 'that point'} match what you need, it is worth a closer look.`,
    `Close: ${ctaText(c, 'below this video')} ${pick(c.voice.close, k)}`,
    DISCLOSURE,
    ...healthLines(c, true),
  ].join('\n')
}

const YT_TITLES: readonly ((s: string, c: Ctx) => string)[] = [
  (s, c) => `${cap(s)}${c.forAud}: A Beginner's Guide`,
  (s) => `${cap(s)} Explained: What to Know First`,
  (s, c) =>
    `How to ${/^how to /i.test(c.topic) ? c.doing : `Get Started with ${s}`} (Step by Step)`,
  (s, c) =>
    /^how to /i.test(c.topic) && s === c.short
      ? `Watch This Before You ${c.doing}`
      : `Watch This Before You Start with ${s}`,
  (s, c) => `${cap(s)}${c.forAud}: Where to Start`,
  (s, c) => `${cap(s)}: ${count(c) > 1 ? `${count(c)} Things` : 'One Thing'} Beginners Should Know`,
]

const YT_INTROS: readonly Hook[] = [
  () => 'a clear, beginner-friendly walkthrough.',
  () => 'what to know before you start.',
  (c, v) => `if you ${pick(c.kit.pains, v)}, this video is for you.`,
  () => 'the simple version, without the jargon.',
  () => 'where to start, what to skip, and how to decide.',
]

const youtube: Writer = (c, k) => {
  const keyword = c.keyword || c.short
  const kc = { ...c, forAud: forAudience(keyword, c.audience) }
  const make = freshOf(YT_TITLES, k, (t) => t(keyword, kc))
  let title = titled(fit(100, (s) => make(s, kc), keyword))
  if (size(title) > 100) title = titled(fit(100, (s) => make(s, { ...c, forAud: '' }), keyword))
  const outline = [
    `Intro: ${hookLine(c, k, 120)} Then say what the video covers.`,
    ...c.points.map((p, i) => `${i + 1}. ${cap(p)}`),
    `Wrap-up: recap the ${count(c) > 1 ? `${count(c)} points` : 'main point'} and point to the link in the description.`,
  ]
  return [
    `Title: ${clip(title, 100)}`,
    `Outline:\n${outline.join('\n')}`,
    `Description: ${cap(clip(keyword, 80))}${kc.forAud}: ${pick(YT_INTROS, k)(c, k)}`,
    '',
    `In this video:\n${bullets(c, '-')}`,
    '',
    ctaText(c, 'below'),
    DISCLOSURE,
    ...healthLines(c, true),
    '',
    `${pick(c.voice.close, k)} Subscribe for more ${c.beginner ? '' : 'beginner-friendly '}videos on ${c.core}.`,
    '',
    postTags(c, 3, k).join(' '),
  ].join('\n')
}

const AD_TEXTS: readonly ((s: string, c: Ctx) => string)[] = [
  (s, c) => `${cap(s)}${c.forAud}: see what is inside. #ad`,
  (s) => `Curious about ${s}? Take a look. #ad`,
  (s) => `New to ${s}? Start here. #ad`,
  (s) => `Thinking about ${s}? See if it fits you. #ad`,
  (s, c) =>
    `${cap(s)}: ${c.points.length > 1 ? `${c.points.length} reasons` : 'one reason'} to look closer. #ad`,
]

const AD_SHOTS: readonly ((c: Ctx) => string)[] = [
  (c) => `Show ${c.short} in use`,
  () => 'Close-up on the detail you are talking about',
  () => 'Quick cut to text on screen',
  () => 'Back to camera, counting the point on your fingers',
  () => 'Show it on your phone screen, scrolling slowly',
]

const tiktokads: Writer = (c, k) => {
  const hook = hookLine(c, k, 100)
  const points = c.points.map(
    (p, i) =>
      `Scene ${i + 3}: ${pick(AD_SHOTS, i)(c)}. Say: "${sentence(p)}" ` +
      `On-screen text: "${clip(cap(p), 40)}"`,
  )
  const make = freshOf(AD_TEXTS, k, (t) => t(c.short, c))
  let adText = fit(100, (s) => make(s, c), c.short)
  if (size(adText) > 100) adText = fit(100, (s) => make(s, { ...c, forAud: '' }), c.short)
  return [
    `Hook: ${hook}`,
    'Script:',
    `Scene 1: Talk to camera, close framing. Say the hook. On-screen text: "${screen(hook)}"`,
    `Scene 2: Show the problem. Say: "If you ${pick(c.kit.pains, k + 1)}, this is for you."`,
    ...points,
    `Scene ${c.points.length + 3}: Say: "${ctaText(c, 'below')}" On-screen text: "Tap to learn more"`,
    ...(c.niche === 'health' ? [`Add on-screen text at the end: "${HEALTH_NOTE}"`] : []),
    `Ad text: ${adText}`,
  ].join('\n')
}

const WRITERS: Record<ScriptInput['tool'], Writer> = {
  facebookcaption,
  SEO: seo,
  customerAvatar,
  description,
  hasTag,
  instagramReel,
  tiktok,
  twitterTweet,
  vsl,
  youtube,
  tiktokads,
  instacaption,
}
const VIDEO_TOOLS = new Set(['instagramReel', 'tiktok', 'vsl', 'youtube', 'tiktokads'])

// ---- The free-form writer ----------------------------------------------------------------

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
type Format =
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

type Kind = '' | 'welcome' | 'launch' | 'followup' | 'thanks' | 'sales'
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
  return clean(text.slice(0, at))
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

interface Request {
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
function readRequest(prompt: string): Request {
  const sentences = prompt
    .trim()
    .split(/(?<=[.!?])\s+|\n+/)
    .filter(Boolean)
  const first = clean(sentences[0] ?? prompt)
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
  if (!format && /^(?:an?\s+)?tik ?tok$/i.test(clean(prefix))) format = 'video'
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
  let subject = clean(read.subject).replace(/^(?:the following|this|these)\s*:?\s*$/i, '')
  const audience = clean(read.audience)
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
          size(clean(item)) >= 3 &&
          !/\b(cta|call to action|hashtags?|emojis?|links?|disclosure|subject lines?|p\.?s\.?)\b/i.test(
            item,
          )
        )
          points.push(clean(item))
    const action = CTA_ASK.exec(s)?.[1] ?? CTA_SAYS.exec(s)?.[1]
    if (!cta && action && size(clean(action)) >= 3)
      cta = cap(toReader(clean(action.replace(/^["'“]|["'”]$/g, ''))))
  }
  return {
    format: format ?? null,
    noun,
    kind,
    platform,
    label,
    count: Math.min(10, Math.max(0, count)),
    subject: clip(clean(subject.split(' ').slice(0, 14).join(' ')), 80),
    audience: clip(audience, 120),
    reader: clip(reader, 120),
    had,
    points: points.slice(0, 5),
    cta: clip(cta, 120),
    niche: NICHE_WORDS.find(([, words]) => words.test(prompt))?.[0] ?? 'other',
  }
}

// -- Emails and newsletters

const GREETINGS: Record<Tone, readonly string[]> = {
  friendly: ['Hi there,', 'Hey friend,', 'Hi [First name],'],
  professional: ['Hello,', 'Hello [First name],', 'Dear [First name],'],
  bold: ['Hey,', 'Hi [First name],', 'Hey there,'],
  playful: ['Hey hey!', 'Hi [First name]!', 'Hello, you!'],
  inspiring: ['Hi [First name],', 'Hello friend,', 'Hi there,'],
  urgent: ['Hi [First name],', 'Hi,', 'Hey,'],
}
const SIGN_OFFS: Record<Tone, readonly string[]> = {
  friendly: ['Talk soon,', 'Cheers,', 'Warmly,'],
  professional: ['Best regards,', 'Kind regards,', 'Best,'],
  bold: ['To your progress,', 'Talk soon,', 'Onward,'],
  playful: ['High fives,', 'Catch you soon,', 'Cheers,'],
  inspiring: ['Rooting for you,', 'To your progress,', 'Keep going,'],
  urgent: ['Talk soon,', 'Speak soon,', 'Best,'],
}

/** Small first steps for a new reader; `had` when they already have the subject. */
const FIRST_STEPS: readonly ((c: Ctx, had: boolean) => string)[] = [
  (c, had) =>
    had
      ? `Open ${c.short} and skim ${agree(c, 'it', 'them')} once from start to finish.`
      : `Take a first look at ${c.short}.`,
  () => 'Pick one thing to try this week, and keep it small.',
  () => 'Add my address to your contacts, so my next emails reach your inbox.',
  () => 'Hit reply and tell me what you want help with most.',
  () => 'Save this email, so you can find it again when you get started.',
]

const SUBJECT_LINES: Record<Kind, readonly ((c: Ctx, had: string) => string)[]> = {
  welcome: [
    (c) => `Welcome! Start here with ${c.short}`,
    (c) => `Here is how to use ${c.short}`,
    (c, had) =>
      had ? `Thanks for ${had}: here is what is next` : 'Welcome aboard: here is what is next',
    (c) => `Welcome: how to get the most from ${c.short}`,
  ],
  launch: [
    (c) => `It is here: ${c.short}`,
    (c) => `Introducing ${c.short}`,
    (c) => `Something new for you: ${c.short}`,
    (c) => `${cap(c.short)} ${agree(c, 'is', 'are')} ready`,
  ],
  followup: [
    (c) => `Quick follow-up on ${c.short}`,
    (c) => `Did you see this? ${cap(c.short)}`,
    (c) => `A quick reminder about ${c.short}`,
    (c) => `Still thinking about ${c.short}?`,
  ],
  thanks: [
    (_c, had) => (had ? `Thank you for ${had}` : 'Thank you for being here'),
    (c) => `A quick thank-you, and your next step with ${c.short}`,
    (c) => `Thanks! Here is how to start with ${c.short}`,
  ],
  sales: [
    (c) => `${agree(c, 'Is', 'Are')} ${c.short} right for you?`,
    (c) => `A simple way to ${c.doing}`,
    (c) => `${cap(c.short)}: what to know before you decide`,
    (c) => `Before you decide on ${c.short}, read this`,
  ],
  '': [
    (c) => `${cap(c.short)}: what to know first`,
    (c) => `A simple way to ${c.doing}`,
    (c) => `What nobody tells you about ${c.short}`,
    (c) => `Curious about ${c.short}? Start here`,
  ],
}

const PREVIEWS: Record<Kind, readonly string[]> = {
  welcome: ['Your first step, and what comes next.', 'Start here: it only takes a moment.'],
  launch: ['Here is what it is and who it is for.', 'The short version, so you can decide.'],
  followup: ['In case my last email got buried.', 'A short recap, and one question.'],
  thanks: ['A quick note, and one simple next step.', 'Thank you, and here is what is next.'],
  sales: ['The honest version, so you can decide.', 'What it is, who it suits, and what to check.'],
  '': ['The simple version, in a few lines.', 'Where to start, and what to skip.'],
}

/** The email's body paragraphs for its kind; the framework changes with `k` where none. */
function emailBody(c: Ctx, r: Request, k: number): string[] {
  const end = c.tone === 'professional' ? '.' : '!'
  const had = Boolean(r.had)
  const steps = (n: number) =>
    take(FIRST_STEPS, n, k)
      .map((step, i) => `${i + 1}. ${step(c, had)}`)
      .join('\n')
  const thanked = had ? `thank you for ${r.had}` : 'thank you for joining'
  switch (r.kind) {
    case 'welcome':
      return pick(
        [
          () => [
            `Welcome, and ${thanked}${end}`,
            `Here is how to get the most out of ${agree(c, 'it', 'them')}, starting today:\n${steps(3)}`,
          ],
          () => [
            `Welcome, and ${thanked}${end}`,
            `${c.own ? 'Here is what you will find:' : 'In my next emails, I will share:'}\n${bullets(c, '-')}`,
            `For today, just one step: ${mid(pick(FIRST_STEPS, k)(c, had))}`,
          ],
          () => [
            `Welcome, and ${thanked}${end}`,
            `If ${c.kit.before}, you are in the right place. The goal is ${c.kit.after}, and ${c.short} ${agree(c, 'is', 'are')} a first step.`,
            `Start here:\n${steps(2)}`,
          ],
        ],
        k,
      )()
    case 'launch':
      return [
        `I have some news: ${c.short} ${agree(c, 'is', 'are')} ready${end}`,
        `If you ${pick(c.kit.pains, k)}, it is worth a look. ${pick(c.voice.bridge, k)}\n${bullets(c, '-')}`,
      ]
    case 'followup':
      return [
        `I wanted to follow up on my last email about ${c.short}, in case it got buried.`,
        `A quick recap:\n${bullets(c, '-')}`,
        `If you ${pick(c.kit.pains, k + 1)}, it may be the next step you have been looking for.`,
      ]
    case 'thanks':
      return [`${cap(thanked)}. It means a lot${end}`, `To help you get started:\n${steps(2)}`]
    default:
      return [hookLine(c, k, 140, true), ...body(c, k, '-')]
  }
}

const POSTSCRIPTS: readonly ((c: Ctx) => string)[] = [
  (c) => `P.S. Questions about ${c.short}? Just hit reply: I would love to help.`,
  (c) => `P.S. Know someone who would like ${c.short}? Feel free to forward this email.`,
  () => 'P.S. Hit reply and tell me the one thing you want help with most.',
]

function email(c: Ctx, r: Request, k: number): string {
  const line = pick(SUBJECT_LINES[r.kind], k)
  return [
    `Subject line: ${fit(70, (s) => line({ ...c, short: s }, r.had), c.short)}`,
    `Preview text: ${pick(PREVIEWS[r.kind], k)}`,
    '',
    pick(GREETINGS[c.tone], k),
    '',
    ...emailBody(c, r, k).flatMap((paragraph) => [paragraph, '']),
    ctaText(c, 'below'),
    DISCLOSURE,
    '',
    pick(SIGN_OFFS[c.tone], k),
    '[Your name]',
    '',
    pick(POSTSCRIPTS, k)(c),
    ...healthLines(c, true),
  ].join('\n')
}

const NEWSLETTER_SUBJECTS: readonly ((c: Ctx) => string)[] = [
  (c) => `This week: ${c.short}, made simple`,
  (c) => `${cap(c.short)}: the short version`,
  (c) => `Your weekly note on ${c.short}`,
]

function newsletter(c: Ctx, r: Request, k: number): string {
  return [
    `Subject line: ${fit(70, (s) => pick(NEWSLETTER_SUBJECTS, k)({ ...c, short: s }), c.short)}`,
    `Preview text: ${pick(PREVIEWS[''], k)}`,
    '',
    pick(GREETINGS[c.tone], k),
    '',
    `Welcome to this week's issue. This time, it is all about ${c.short}${c.forAud}.`,
    '',
    `In this issue:\n${c.points.map((p, i) => `${i + 1}. ${cap(p)}`).join('\n')}`,
    '',
    r.kind === 'sales' || c.size === 0
      ? `If you ${pick(c.kit.pains, k)}, start with the first point and build from there.`
      : `${c.kit.agitate} So this week, start with the first point and build from there.`,
    '',
    ctaText(c, 'below'),
    DISCLOSURE,
    '',
    pick(SIGN_OFFS[c.tone], k),
    '[Your name]',
    '',
    pick(POSTSCRIPTS, k + 1)(c),
    ...healthLines(c, true),
  ].join('\n')
}

// -- Lists of headlines, subject lines, hooks

const HEADLINE_FORMULAS: readonly ((c: Ctx, v: number) => string)[] = [
  (c) => `${cap(c.short)}: what ${agree(c, 'it is', 'they are')} and how to start`,
  (c) => `How to ${c.doing}${c.forAud}`,
  (c) => `The beginner's guide to ${c.short}`,
  (c) => `What nobody tells you about ${c.short}`,
  (c) => `${agree(c, 'Is', 'Are')} ${c.short} right for you? Read this first`,
  (c) => `${cap(c.short)}, explained in plain words`,
  (c) => `Stop guessing: a simple plan for ${c.short}`,
  (c) => `The mistakes everyone makes with ${c.core}`,
  (c) => `Before you start with ${c.short}, read this`,
  (c, v) => `If you ${pick(c.kit.pains, v)}, start here`,
  (c) => `Curious about ${c.short}? Start here`,
  (c) => `The first step with ${c.short} (and what to skip)`,
  (c) => `${cap(c.short)}${c.forAud}: where to begin`,
  (c) => `Why ${c.short} ${agree(c, 'is', 'are')} simpler than you think`,
  (c) => `Everything to know before you try ${c.short}`,
]

function headlines(c: Ctx, r: Request, k: number): string {
  const n = r.count || [5, 7, 9][c.size]!
  const items: string[] = []
  const allowed = repeats(c.short)
  // subject lines open with the email kind's own, then the headline formulas
  const formulas: readonly ((c: Ctx, v: number) => string)[] =
    r.label === 'Subject lines'
      ? [
          ...take(SUBJECT_LINES[r.kind], 2, k).map((f) => (c: Ctx) => f(c, r.had)),
          ...HEADLINE_FORMULAS,
        ]
      : HEADLINE_FORMULAS
  for (let i = 0; items.length < n && i < formulas.length + HOOKS.length; i++) {
    const text =
      r.label === 'Hooks'
        ? hookLine(c, k + i, 120)
        : i < formulas.length - HEADLINE_FORMULAS.length
          ? formulas[i]!(c, k + i)
          : pick(HEADLINE_FORMULAS, k * 2 + i)(c, k + i)
    const line = r.label === 'Hooks' || r.label === 'Subject lines' ? cap(text) : titled(cap(text))
    if (size(line) > 100 || repeats(line) > allowed) continue
    if (!items.some((item) => item.toLowerCase() === line.toLowerCase())) items.push(line)
  }
  return [
    `${r.label} for ${c.short}${c.forAud}:`,
    ...items.map((item, i) => `${i + 1}. ${item}`),
    '',
    `Tip: test two or three of these, and keep the affiliate disclosure next to any link they lead to.`,
  ].join('\n')
}

// -- Short formats: bios, ads, threads

const NICHE_MARKS: Record<AiNiche, string> = {
  health: '🥗',
  wealth: '💸',
  relationship: '💬',
  woodworking: '🪚',
  other: '✨',
}

const BIO_LINES = [
  'Simple steps, no fluff',
  'Practical tips you can use today',
  'Small steps, real progress',
  'Honest tips for real life',
  'Plain words, clear steps',
]
const BIO_ACTIONS = [
  'Start here',
  'New here? Start with the link',
  'See what helps',
  'Your first step',
]

function bio(c: Ctx, _r: Request, k: number): string {
  const theme = c.core.replace(/^(?:my|our|your|a|an|the)\s+/i, '')
  // an account that is a person ("keto coach who helps busy moms") is named as it is
  const first = isPeople(theme)
    ? cap(theme)
    : pick(
        [
          `${cap(theme)}${c.forAud}, made simple`,
          `${cap(theme)}${c.forAud}, one small step at a time`,
          `All about ${theme}${c.forAud}`,
        ],
        k,
      )
  // the lines change at different rates, so that every variant reads differently
  return [
    `Bio: ${NICHE_MARKS[c.niche]} ${clip(first, 80)}`,
    pick(BIO_LINES, k),
    `${c.cta ? clip(sentence(c.cta), 60) : pick(BIO_ACTIONS, Math.floor(k / BIO_LINES.length))} 👇`,
    '',
    'Note: keep it within your platform\'s bio limit. If the link page has affiliate links, say so there, for example: "I may earn a commission from some links."',
    ...healthLines(c),
  ].join('\n')
}

const AD_HEADLINES: readonly ((s: string) => string)[] = [
  (s) => `${cap(s)}: see what is inside`,
  (s) => `New to ${s}? Start here`,
  (s) => `${cap(s)}, made simple`,
]

function ad(c: Ctx, _r: Request, k: number): string {
  const button = /download/i.test(c.cta)
    ? 'Download'
    : /sign ?up|join|register|subscribe/i.test(c.cta)
      ? 'Sign up'
      : /buy|shop|order/i.test(c.cta)
        ? 'Shop now'
        : 'Learn more'
  return [
    `Primary text: ${hookLine(c, k, 125, true)}`,
    `${pick(c.voice.bridge, k)}\n${bullets(c, c.voice.mark)}`,
    `${ctaText(c, 'below')} #ad`,
    ...healthLines(c),
    `Headline: ${fit(40, pick(AD_HEADLINES, k), c.short)}`,
    `Description: ${pick(['See if it fits you', 'Simple steps, no fluff', 'Start small today'], k)}`,
    `Button: ${button}`,
  ].join('\n')
}

function thread(c: Ctx, _r: Request, k: number): string {
  const posts = [
    `${hookLine(c, k, 200, true)} A short thread:`,
    ...c.points.map((p) => sentence(p)),
    `${ctaText(c, 'below')}${c.niche === 'health' ? ` ${HEALTH_NOTE}` : ''} #ad`,
  ]
  return posts.map((p, i) => `${i + 1}/ ${clip(p, 270)}`).join('\n\n')
}

// -- Longer formats: blog posts and intros

const BLOG_DISCLOSURE =
  'Disclosure: this post contains affiliate links; I may earn a commission if you buy, at no extra cost to you.'

function blogIntro(c: Ctx, k: number): string[] {
  const n = count(c)
  const promise = `In this post, you will find ${n > 1 ? `${n} things` : 'one thing'} to know about ${c.short}, starting with ${mid(c.points[0] ?? c.short)}.`
  return pick(
    [
      () => [`If you ${pick(c.kit.pains, k)}, you are not alone.`, c.kit.agitate, promise],
      () => [
        `Have you been wondering where to start with ${c.short}${c.forAud}?`,
        `You are not the only one. ${c.kit.agitate}`,
        promise,
      ],
      () => [`Right now, maybe ${c.kit.before}.`, `Imagine ${c.kit.after} instead.`, promise],
    ],
    k,
  )()
}

function blog(c: Ctx, r: Request, k: number): string {
  const headline = titled(cap(freshOf(HEADLINE_FORMULAS, k, (h) => h(c, k))(c, k)))
  const intro = blogIntro(c, k)
  if (r.format === 'intro')
    return [`Headline: ${headline}`, `Intro: ${intro.join('\n\n')}`, '', BLOG_DISCLOSURE].join('\n')
  return [
    `Headline: ${headline}`,
    BLOG_DISCLOSURE,
    '',
    `Intro: ${intro.join('\n\n')}`,
    '',
    `Outline:\n${c.points.map((p, i) => `${i + 1}. ${cap(p)}`).join('\n')}`,
    '',
    `Conclusion: ${pick(c.voice.close, k)} ${ctaText(c, 'below')}`,
    ...healthLines(c, true),
  ].join('\n')
}

// -- Posts and the framework drafts

function post(c: Ctx, r: Request, k: number): string {
  if (r.platform === 'x') return twitterTweet(c, k)
  const place = r.platform === 'instagram' || r.platform === 'tiktok' ? 'in my bio' : 'below'
  const tags =
    r.platform === 'linkedin'
      ? 3
      : r.platform === 'instagram'
        ? [8, 14, 20][c.size]!
        : [3, 4, 5][c.size]!
  return socialCaption(c, k, place, tags).join('\n')
}

function video(c: Ctx, r: Request, k: number): string {
  if (/video sales|vsl/i.test(r.noun) || r.kind === 'sales') return vsl(c, k)
  if (r.platform === 'youtube') return youtube(c, k)
  if (r.platform === 'instagram') return instagramReel(c, k)
  return tiktok(c, k)
}

/** The framework drafts for a request that names no format we know. */
function drafts(c: Ctx, k: number): string {
  const action = `${ctaText(c, 'below')} ${DISCLOSURE}`
  const health = healthLines(c)
  const title = `${cap(c.short)}${c.forAud}`
  const list = [
    () => [
      `AIDA draft: ${title}`,
      `Attention: ${hookLine(c, k, 120, true)}`,
      `Interest: If ${c.short} ${agree(c, 'has', 'have')} been on your list for a while, this is a good place to start. ${c.kit.agitate}`,
      `Desire: ${pick(c.voice.bridge, k)}\n${bullets(c, '-')}\nImagine ${c.kit.after}.`,
      `Action: ${action}`,
      ...health,
    ],
    () => [
      `PAS draft: ${title}`,
      `Problem: If you ${pick(c.kit.pains, k)}, you are not alone.`,
      `Agitate: ${c.kit.agitate} It does not have to stay that way.`,
      `Solution: That is where ${c.short} ${agree(c, 'comes', 'come')} in. ${pick(c.voice.bridge, k)}\n${bullets(c, '-')}\n${action}`,
      ...health,
    ],
    () => [
      `BAB draft: ${title}`,
      `Before: Right now, maybe ${c.kit.before}.`,
      `After: Now picture ${c.kit.after}.`,
      `Bridge: The way across is ${c.short}. ${pick(c.voice.bridge, k)}\n${bullets(c, '-')}\n${action}`,
      ...health,
    ],
    () => [
      `Hooks to test:\n${Array.from({ length: [3, 5, 7][c.size]! }, (_, i) => `${i + 1}. ${hookLine(c, k + i, 120)}`).join('\n')}`,
      `Outline: ${title}`,
      '1. Open with one of the hooks above.',
      `2. Name the problem: "If you ${pick(c.kit.pains, k)}, you are not alone."`,
      ...c.points.map((p, i) => `${i + 3}. ${cap(p)}`),
      `${c.points.length + 3}. Show what changes: ${c.kit.after}.`,
      `${c.points.length + 4}. Close with your call to action and the disclosure: "${DISCLOSURE}"`,
      ...health,
    ],
    () => [
      hookLine(c, k, 120, true),
      '',
      `${pick(c.voice.bridge, k)}\n${bullets({ ...c, points: c.points.slice(0, c.size + 2) }, c.voice.mark)}`,
      '',
      pick(c.voice.close, k),
      ctaText(c, 'below'),
      ...health,
      tagLine(c, [3, 5, 8][c.size]!, k),
    ],
  ]
  return pick(list, k)().join('\n')
}

const FORMAT_WRITERS: Record<Format, (c: Ctx, r: Request, k: number) => string> = {
  email,
  newsletter,
  post,
  tweet: (c, _r, k) => twitterTweet(c, k),
  thread,
  bio,
  ad: (c, r, k) => (r.platform === 'tiktok' ? tiktokads(c, k) : ad(c, r, k)),
  description: (c, _r, k) => description(c, k),
  video,
  headlines,
  blog,
  intro: blog,
}

function generator(input: GeneratorInput, k: number): string {
  const r = readRequest(input.prompt)
  const c = context(
    {
      ...input,
      tool: 'facebookcaption',
      topic: r.subject,
      audience: r.reader,
      benefits: r.points.join('\n'),
      keyword: '',
      callToAction: r.cta,
      niche: r.niche,
    },
    r.format === 'video',
    k,
  )
  return r.format ? FORMAT_WRITERS[r.format](c, r, k) : drafts(c, k)
}

// ---- Entry point -------------------------------------------------------------------------

/** Shortens any single-line part (SEO title, ad text…) still over its rule. */
function enforce(key: string, text: string): string {
  const tool = scriptTool(key)
  if (!tool) return text
  const lines = text.split('\n')
  for (const rule of tool.rules) {
    if (!rule.line || !rule.part) continue
    const i = lines.findIndex((l) => l.startsWith(`${rule.part}:`))
    const value = lines[i]?.slice(rule.part.length + 1).trim() ?? ''
    if (i >= 0 && size(value) > rule.max) lines[i] = `${rule.part}: ${clip(value, rule.max)}`
  }
  return lines.join('\n')
}

/** The variants for `input` (input.variants of them), written from templates; `seed` picks which formulas, so a regenerate with another seed gives other variants. */
export function writeFromTemplates(input: WriteInput, seed: number): string[] {
  const rand = random(Number.isFinite(seed) ? Math.trunc(seed) : 0)
  const base = Math.floor(rand() * 2520)
  const write = (k: number) =>
    input.tool === 'generator'
      ? tidy(generator(input, k))
      : tidy(
          enforce(
            input.tool,
            WRITERS[input.tool](context(input, VIDEO_TOOLS.has(input.tool), k), k),
          ),
        )
  const variants: string[] = []
  for (let i = 0; variants.length < input.variants && i < input.variants * 8; i++) {
    const text = write(base + i)
    if (!variants.includes(text)) variants.push(text)
  }
  return variants
}
