/**
 * Emails and newsletters, for the free-form writer.
 */
import type { Tone } from '@schemas/ai'

import {
  agree,
  bulletList,
  callToActionLine,
  DISCLOSURE,
  healthLines,
  type WritingBrief,
} from './brief'
import { frameworkBody, hookLine } from './frameworks'
import type { CopyRequest, Kind } from './request'
import { capitalize, fillWithin, midSentence, pick, take } from './text'

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
const FIRST_STEPS: readonly ((brief: WritingBrief, had: boolean) => string)[] = [
  (brief, had) =>
    had
      ? `Open ${brief.short} and skim ${agree(brief, 'it', 'them')} once from start to finish.`
      : `Take a first look at ${brief.short}.`,
  () => 'Pick one thing to try this week, and keep it small.',
  () => 'Add my address to your contacts, so my next emails reach your inbox.',
  () => 'Hit reply and tell me what you want help with most.',
  () => 'Save this email, so you can find it again when you get started.',
]

/** Subject lines for each kind of email; `had` is what the readers did, when the request says. */
export const SUBJECT_LINES: Record<
  Kind,
  readonly ((brief: WritingBrief, had: string) => string)[]
> = {
  welcome: [
    (brief) => `Welcome! Start here with ${brief.short}`,
    (brief) => `Here is how to use ${brief.short}`,
    (brief, had) =>
      had ? `Thanks for ${had}: here is what is next` : 'Welcome aboard: here is what is next',
    (brief) => `Welcome: how to get the most from ${brief.short}`,
  ],
  launch: [
    (brief) => `It is here: ${brief.short}`,
    (brief) => `Introducing ${brief.short}`,
    (brief) => `Something new for you: ${brief.short}`,
    (brief) => `${capitalize(brief.short)} ${agree(brief, 'is', 'are')} ready`,
  ],
  followup: [
    (brief) => `Quick follow-up on ${brief.short}`,
    (brief) => `Did you see this? ${capitalize(brief.short)}`,
    (brief) => `A quick reminder about ${brief.short}`,
    (brief) => `Still thinking about ${brief.short}?`,
  ],
  thanks: [
    (_c, had) => (had ? `Thank you for ${had}` : 'Thank you for being here'),
    (brief) => `A quick thank-you, and your next step with ${brief.short}`,
    (brief) => `Thanks! Here is how to start with ${brief.short}`,
  ],
  sales: [
    (brief) => `${agree(brief, 'Is', 'Are')} ${brief.short} right for you?`,
    (brief) => `A simple way to ${brief.doing}`,
    (brief) => `${capitalize(brief.short)}: what to know before you decide`,
    (brief) => `Before you decide on ${brief.short}, read this`,
  ],
  '': [
    (brief) => `${capitalize(brief.short)}: what to know first`,
    (brief) => `A simple way to ${brief.doing}`,
    (brief) => `What nobody tells you about ${brief.short}`,
    (brief) => `Curious about ${brief.short}? Start here`,
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

/** The email's body paragraphs for its kind; the framework changes with `variant` where none. */
function emailBody(brief: WritingBrief, request: CopyRequest, variant: number): string[] {
  const end = brief.tone === 'professional' ? '.' : '!'
  const had = Boolean(request.had)
  const steps = (n: number) =>
    take(FIRST_STEPS, n, variant)
      .map((step, i) => `${i + 1}. ${step(brief, had)}`)
      .join('\n')
  const thanked = had ? `thank you for ${request.had}` : 'thank you for joining'
  switch (request.kind) {
    case 'welcome':
      return pick(
        [
          () => [
            `Welcome, and ${thanked}${end}`,
            `Here is how to get the most out of ${agree(brief, 'it', 'them')}, starting today:\n${steps(3)}`,
          ],
          () => [
            `Welcome, and ${thanked}${end}`,
            `${brief.own ? 'Here is what you will find:' : 'In my next emails, I will share:'}\n${bulletList(brief, '-')}`,
            `For today, just one step: ${midSentence(pick(FIRST_STEPS, variant)(brief, had))}`,
          ],
          () => [
            `Welcome, and ${thanked}${end}`,
            `If ${brief.kit.before}, you are in the right place. The goal is ${brief.kit.after}, and ${brief.short} ${agree(brief, 'is', 'are')} a first step.`,
            `Start here:\n${steps(2)}`,
          ],
        ],
        variant,
      )()
    case 'launch':
      return [
        `I have some news: ${brief.short} ${agree(brief, 'is', 'are')} ready${end}`,
        `If you ${pick(brief.kit.pains, variant)}, it is worth a look. ${pick(brief.voice.bridge, variant)}\n${bulletList(brief, '-')}`,
      ]
    case 'followup':
      return [
        `I wanted to follow up on my last email about ${brief.short}, in case it got buried.`,
        `A quick recap:\n${bulletList(brief, '-')}`,
        `If you ${pick(brief.kit.pains, variant + 1)}, it may be the next step you have been looking for.`,
      ]
    case 'thanks':
      return [
        `${capitalize(thanked)}. It means a lot${end}`,
        `To help you get started:\n${steps(2)}`,
      ]
    default:
      return [hookLine(brief, variant, 140, true), ...frameworkBody(brief, variant, '-')]
  }
}

const POSTSCRIPTS: readonly ((brief: WritingBrief) => string)[] = [
  (brief) => `P.S. Questions about ${brief.short}? Just hit reply: I would love to help.`,
  (brief) => `P.S. Know someone who would like ${brief.short}? Feel free to forward this email.`,
  () => 'P.S. Hit reply and tell me the one thing you want help with most.',
]

/** An email: subject line, preview text, greeting, the body for its kind, sign-off and P.S. */
export function email(brief: WritingBrief, request: CopyRequest, variant: number): string {
  const line = pick(SUBJECT_LINES[request.kind], variant)
  return [
    `Subject line: ${fillWithin(70, (s) => line({ ...brief, short: s }, request.had), brief.short)}`,
    `Preview text: ${pick(PREVIEWS[request.kind], variant)}`,
    '',
    pick(GREETINGS[brief.tone], variant),
    '',
    ...emailBody(brief, request, variant).flatMap((paragraph) => [paragraph, '']),
    callToActionLine(brief, 'below'),
    DISCLOSURE,
    '',
    pick(SIGN_OFFS[brief.tone], variant),
    '[Your name]',
    '',
    pick(POSTSCRIPTS, variant)(brief),
    ...healthLines(brief, true),
  ].join('\n')
}

const NEWSLETTER_SUBJECTS: readonly ((brief: WritingBrief) => string)[] = [
  (brief) => `This week: ${brief.short}, made simple`,
  (brief) => `${capitalize(brief.short)}: the short version`,
  (brief) => `Your weekly note on ${brief.short}`,
]

/** A newsletter issue: subject line, preview text, the issue's points and the call to action. */
export function newsletter(brief: WritingBrief, request: CopyRequest, variant: number): string {
  return [
    `Subject line: ${fillWithin(70, (s) => pick(NEWSLETTER_SUBJECTS, variant)({ ...brief, short: s }), brief.short)}`,
    `Preview text: ${pick(PREVIEWS[''], variant)}`,
    '',
    pick(GREETINGS[brief.tone], variant),
    '',
    `Welcome to this week's issue. This time, it is all about ${brief.short}${brief.forAud}.`,
    '',
    `In this issue:\n${brief.points.map((p, i) => `${i + 1}. ${capitalize(p)}`).join('\n')}`,
    '',
    request.kind === 'sales' || brief.size === 0
      ? `If you ${pick(brief.kit.pains, variant)}, start with the first point and build from there.`
      : `${brief.kit.agitate} So this week, start with the first point and build from there.`,
    '',
    callToActionLine(brief, 'below'),
    DISCLOSURE,
    '',
    pick(SIGN_OFFS[brief.tone], variant),
    '[Your name]',
    '',
    pick(POSTSCRIPTS, variant + 1)(brief),
    ...healthLines(brief, true),
  ].join('\n')
}
