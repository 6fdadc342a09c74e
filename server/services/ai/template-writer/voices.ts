/**
 * The voice of each tone: openers, bridges into a list, closes, the bullet mark, how a video
 * introduces each point, and the call to action when the member gave none.
 */
import type { Tone } from '@schemas/ai'

/** How a tone sounds: the words the templates take from it. */
export interface Voice {
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

/** The voice of every tone. */
export const VOICES: Record<Tone, Voice> = {
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
