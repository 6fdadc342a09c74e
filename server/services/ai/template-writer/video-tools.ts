/**
 * The video tools: Instagram Reel, TikTok, video sales letter, YouTube and TikTok ad scripts.
 */
import {
  agree,
  bulletList,
  callToActionLine,
  DISCLOSURE,
  forAudience,
  HEALTH_NOTE,
  healthLines,
  pointCount,
  SHORT_DISCLOSURE,
  type Writer,
  type WritingBrief,
} from './brief'
import { hookLine, type Hook } from './frameworks'
import { postTags, tagLine } from './hashtags'
import {
  asSentence,
  capitalize,
  charCount,
  fillWithin,
  freshFormula,
  pick,
  take,
  titleCase,
  truncateAtWord,
} from './text'

const SHOTS = ['Cut to b-roll', 'Text on a plain background', 'Show it on your phone screen']

/** On-screen text for a hook: its first sentence when short, else its first words. */
function onScreenText(hook: string): string {
  const first = hook.split(/(?<=[.?!])\s/)[0] ?? hook
  return charCount(first) <= 50 ? first : truncateAtWord(first, 45)
}

/** Scene lines: open on the hook, one scene per point, close on the call to action. */
function scenes(brief: WritingBrief, variant: number, place: string, hook: string): string[] {
  const visual = (i: number) => pick([...brief.kit.visuals, ...SHOTS], variant + i)
  const lines = [
    `Scene 1: Talk to camera, close framing. Say the hook. On-screen text: "${onScreenText(hook)}"`,
    ...brief.points.map(
      (p, i) =>
        `Scene ${i + 2}: ${capitalize(visual(i + 1))}. Say: "${pick(brief.voice.say, i)} ${asSentence(p)}" ` +
        `On-screen text: "${truncateAtWord(capitalize(p), 40)}"`,
    ),
  ]
  const last = brief.points.length + 2
  lines.push(
    `Scene ${last}: Talk to camera. Say: "${callToActionLine(brief, place)}" On-screen text: "Link ${place}"`,
  )
  if (brief.niche === 'health') lines.push(`Add on-screen text at the end: "${HEALTH_NOTE}"`)
  return lines
}

const CAPTION_HEADS: readonly ((brief: WritingBrief) => string)[] = [
  (brief) =>
    `The short version of ${brief.short}, in ${pointCount(brief) > 1 ? `${pointCount(brief)} steps` : 'one step'}.`,
  (brief) => `Save this for when you ${brief.doing}.`,
  () => 'Which one are you trying first? Tell me in the comments.',
  (brief) => `${capitalize(brief.short)}${brief.forAud}: start small, keep going.`,
  (brief) => `Send this to a friend who is curious about ${brief.short}.`,
]

/** An Instagram Reel: hook, scenes, caption and hashtags. */
export const instagramReel: Writer = (brief, variant) => {
  const hook = hookLine(brief, variant, 100)
  return [
    `Hook: ${hook}`,
    'Say it in the first second, with the same words as big on-screen text.',
    'Scenes:',
    ...scenes(brief, variant, 'in bio', hook),
    `Caption: ${pick(CAPTION_HEADS, variant)(brief)}`,
    ...(brief.size > 1 ? [pick(brief.voice.close, variant)] : []),
    callToActionLine(brief, 'in my bio'),
    SHORT_DISCLOSURE,
    ...healthLines(brief),
    tagLine(brief, [6, 9, 12][brief.size]!, variant),
  ].join('\n')
}

/** A TikTok script: hook, scenes, caption and hashtags. */
export const tiktok: Writer = (brief, variant) => {
  const hook = hookLine(brief, variant, 100)
  return [
    `Hook: ${hook}`,
    `Say it in the first two seconds over ${pick(brief.kit.visuals, variant)}.`,
    'Script:',
    ...scenes(brief, variant + 1, 'in bio', hook),
    `Caption: ${pick(CAPTION_HEADS, variant + 1)(brief)} ${callToActionLine(brief, 'in my bio')}`,
    SHORT_DISCLOSURE,
    ...healthLines(brief),
    tagLine(brief, [4, 5, 6][brief.size]!, variant),
  ].join('\n')
}

/** A video sales letter: hook, problem, story, offer, proof and close. */
export const vsl: Writer = (brief, variant) => {
  const n = pointCount(brief)
  return [
    `Hook: ${hookLine(brief, variant, 120)} Give me a few minutes and I will walk you through ${brief.short}: what it involves, who it is for, and how to decide.`,
    `Problem: ${take(brief.kit.pains, brief.size + 1, variant)
      .map((p) => `Maybe you ${p}.`)
      .join(' ')} ${brief.kit.agitate}`,
    `Story: Maybe this sounds familiar. ${asSentence(brief.kit.before)} You tell yourself next week will be different. ` +
      `${brief.size > 0 ? `Then you start looking for a clearer way in, something you can follow one step at a time. ` : ''}` +
      `This is where ${brief.short} ${agree(brief, 'fits', 'fit')} in. It is not magic. It is a clear next step.`,
    `Offer: Here is what ${brief.short} ${agree(brief, 'gives', 'give')} you to work with:\n${bulletList(brief, '-')}` +
      `${brief.audience ? `\nWho it is for: ${truncateAtWord(brief.audience, 150)}.` : ''}`,
    `Proof: Don't just take my word for it. Before you decide, check the official page: read what is included, look at the refund terms, and see whether it fits how you like to learn.` +
      `${brief.size > 0 ? ' Look for honest reviews from real buyers, and compare it with one or two alternatives.' : ''}` +
      ` If ${n > 1 ? `these ${n} points` : 'that point'} match what you need, it is worth a closer look.`,
    `Close: ${callToActionLine(brief, 'below this video')} ${pick(brief.voice.close, variant)}`,
    DISCLOSURE,
    ...healthLines(brief, true),
  ].join('\n')
}

const YT_TITLES: readonly ((s: string, brief: WritingBrief) => string)[] = [
  (s, brief) => `${capitalize(s)}${brief.forAud}: A Beginner's Guide`,
  (s) => `${capitalize(s)} Explained: What to Know First`,
  (s, brief) =>
    `How to ${/^how to /i.test(brief.topic) ? brief.doing : `Get Started with ${s}`} (Step by Step)`,
  (s, brief) =>
    /^how to /i.test(brief.topic) && s === brief.short
      ? `Watch This Before You ${brief.doing}`
      : `Watch This Before You Start with ${s}`,
  (s, brief) => `${capitalize(s)}${brief.forAud}: Where to Start`,
  (s, brief) =>
    `${capitalize(s)}: ${pointCount(brief) > 1 ? `${pointCount(brief)} Things` : 'One Thing'} Beginners Should Know`,
]

const YT_INTROS: readonly Hook[] = [
  () => 'a clear, beginner-friendly walkthrough.',
  () => 'what to know before you start.',
  (brief, variant) => `if you ${pick(brief.kit.pains, variant)}, this video is for you.`,
  () => 'the simple version, without the jargon.',
  () => 'where to start, what to skip, and how to decide.',
]

/** A YouTube video: title, outline, and the description with the link and tags. */
export const youtube: Writer = (brief, variant) => {
  const keyword = brief.keyword || brief.short
  const keywordBrief = { ...brief, forAud: forAudience(keyword, brief.audience) }
  const make = freshFormula(YT_TITLES, variant, (title) => title(keyword, keywordBrief))
  let title = titleCase(fillWithin(100, (s) => make(s, keywordBrief), keyword))
  if (charCount(title) > 100)
    title = titleCase(fillWithin(100, (s) => make(s, { ...brief, forAud: '' }), keyword))
  const outline = [
    `Intro: ${hookLine(brief, variant, 120)} Then say what the video covers.`,
    ...brief.points.map((p, i) => `${i + 1}. ${capitalize(p)}`),
    `Wrap-up: recap the ${pointCount(brief) > 1 ? `${pointCount(brief)} points` : 'main point'} and point to the link in the description.`,
  ]
  return [
    `Title: ${truncateAtWord(title, 100)}`,
    `Outline:\n${outline.join('\n')}`,
    `Description: ${capitalize(truncateAtWord(keyword, 80))}${keywordBrief.forAud}: ${pick(YT_INTROS, variant)(brief, variant)}`,
    '',
    `In this video:\n${bulletList(brief, '-')}`,
    '',
    callToActionLine(brief, 'below'),
    DISCLOSURE,
    ...healthLines(brief, true),
    '',
    `${pick(brief.voice.close, variant)} Subscribe for more ${brief.beginner ? '' : 'beginner-friendly '}videos on ${brief.core}.`,
    '',
    postTags(brief, 3, variant).join(' '),
  ].join('\n')
}

const AD_TEXTS: readonly ((s: string, brief: WritingBrief) => string)[] = [
  (s, brief) => `${capitalize(s)}${brief.forAud}: see what is inside. #ad`,
  (s) => `Curious about ${s}? Take a look. #ad`,
  (s) => `New to ${s}? Start here. #ad`,
  (s) => `Thinking about ${s}? See if it fits you. #ad`,
  (s, brief) =>
    `${capitalize(s)}: ${brief.points.length > 1 ? `${brief.points.length} reasons` : 'one reason'} to look closer. #ad`,
]

const AD_SHOTS: readonly ((brief: WritingBrief) => string)[] = [
  (brief) => `Show ${brief.short} in use`,
  () => 'Close-up on the detail you are talking about',
  () => 'Quick cut to text on screen',
  () => 'Back to camera, counting the point on your fingers',
  () => 'Show it on your phone screen, scrolling slowly',
]

/** A TikTok ad: hook, scenes and the ad text. */
export const tiktokads: Writer = (brief, variant) => {
  const hook = hookLine(brief, variant, 100)
  const points = brief.points.map(
    (p, i) =>
      `Scene ${i + 3}: ${pick(AD_SHOTS, i)(brief)}. Say: "${asSentence(p)}" ` +
      `On-screen text: "${truncateAtWord(capitalize(p), 40)}"`,
  )
  const make = freshFormula(AD_TEXTS, variant, (adText) => adText(brief.short, brief))
  let adText = fillWithin(100, (s) => make(s, brief), brief.short)
  if (charCount(adText) > 100)
    adText = fillWithin(100, (s) => make(s, { ...brief, forAud: '' }), brief.short)
  return [
    `Hook: ${hook}`,
    'Script:',
    `Scene 1: Talk to camera, close framing. Say the hook. On-screen text: "${onScreenText(hook)}"`,
    `Scene 2: Show the problem. Say: "If you ${pick(brief.kit.pains, variant + 1)}, this is for you."`,
    ...points,
    `Scene ${brief.points.length + 3}: Say: "${callToActionLine(brief, 'below')}" On-screen text: "Tap to learn more"`,
    ...(brief.niche === 'health' ? [`Add on-screen text at the end: "${HEALTH_NOTE}"`] : []),
    `Ad text: ${adText}`,
  ].join('\n')
}
