/**
 * What an error message may quote of a request: a short prefix of any value or field name. A
 * message must never carry the caller's input back whole (a 900 kB field name, a script).
 */
const MOST_QUOTED = 40

/** `text` cut to its first 40 characters, with an ellipsis when it was longer. */
export function shortQuote(text: string): string {
  const chars = [...text]
  return chars.length <= MOST_QUOTED ? text : `${chars.slice(0, MOST_QUOTED).join('')}…`
}

/** "notes.0.title", as validation errors name a field, each part at most 40 characters. */
export function fieldName(path: readonly (string | number)[]): string {
  return path.map((part) => shortQuote(String(part))).join('.') || 'The request body'
}

/** Every "quoted" part of a message cut short (validators quote keys and values). */
export function shortQuotes(message: string): string {
  return message.replace(/"([^"]*)"/g, (_all, quoted: string) => `"${shortQuote(quoted)}"`)
}
