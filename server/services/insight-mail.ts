import type { Nudge, NudgeDraft, NudgeKind } from '@schemas/insights'

/** What a reminder is written from: the list entry and where the member picks up again. */
export interface ReminderFacts {
  nudge: Nudge
  /** The member's first name, else nothing (the greeting then says hello alone). */
  firstName: string
  /** The screen to pick up from and its title. */
  place: { title: string; url: string }
  /** For `stopped`: the module's number and title and how far the member got in it. */
  module?: { number: number; title: string; completed: number; total: number }
}

const SIGNATURE = 'See you inside,\nThe Members Area team'

const greeting = (firstName: string) => (firstName ? `Hi ${firstName},` : 'Hello,')

/** A friendly, concrete reminder for one kind of list, with the link to where to go on. */
export function reminderDraft(kind: NudgeKind, facts: ReminderFacts): NudgeDraft {
  const { nudge, place } = facts
  const parts: { subject: string; lines: string[] } = (() => {
    switch (kind) {
      case 'idle':
        return {
          subject: `Pick up ${nudge.subject} where you left off`,
          lines: [
            `It has been a little while since your last visit to ${nudge.subject}, and everything you did there is saved.`,
            `You can go straight on with “${place.title}”:`,
          ],
        }
      case 'stopped': {
        const m = facts.module
        const left = m ? m.total - m.completed : 0
        const moduleName = m ? `module ${m.number}${m.title ? `, ${m.title}` : ''}` : 'the module'
        return {
          subject: `${left === 1 ? 'One lesson' : `${left} lessons`} left in ${moduleName}`,
          lines: [
            `You have completed ${m?.completed ?? 0} of ${m?.total ?? 0} lessons of ${moduleName} in ${nudge.subject}. ` +
              `${left === 1 ? 'One more lesson finishes' : `${left} more lessons finish`} the module.`,
            `The next one is “${place.title}”, and it takes a few minutes:`,
          ],
        }
      }
      case 'unopened':
        return {
          subject: `Waiting for you: ${nudge.subject}`,
          lines: [
            `Your membership includes ${nudge.subject}, which you have not opened yet.`,
            `Start with “${place.title}”:`,
          ],
        }
    }
  })()
  const body = [
    greeting(facts.firstName),
    '',
    parts.lines[0]!,
    '',
    parts.lines[1]!,
    place.url,
    '',
    'If something is in your way, just reply to this message and tell us.',
    '',
    SIGNATURE,
  ].join('\n')
  return { to: nudge.email, subject: parts.subject, body }
}
