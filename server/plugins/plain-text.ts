import { badRequest } from '../errors'
import { fieldName } from '../shared/echo'

/**
 * C0 control characters other than tab, line feed and carriage return, DEL, and the C1 controls:
 * PostgreSQL refuses NUL in text, and the others are never typed, only smuggled (an escape
 * sequence that rewrites a terminal, a bell in a log).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/** Half of a surrogate pair without its other half: no character, and no UTF-8 can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Deeper than any request of the contract: a body nested past it is refused, not walked. */
const MOST_NESTING = 32

const codePoint = (char: string) =>
  `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`

/**
 * Every string of a request's body, query or parameters, checked and normalised before the
 * contract validates it: a control character or a lone surrogate (half of a character, which
 * would be stored as U+FFFD) anywhere is a 400 naming the field (the same "field: message" form
 * as a validation error), and text is stored in Unicode's composed form
 * (NFC), so "é" typed as e + accent and as one character is the same name. Returns the value
 * with its strings normalised.
 */
export function plainText(value: unknown, path: (string | number)[] = []): unknown {
  if (typeof value === 'string') {
    const control = CONTROL.exec(value)
    if (control) {
      throw badRequest(
        `${fieldName(path)}: contains a control character (${codePoint(control[0])}), which is not allowed`,
      )
    }
    const lone = LONE_SURROGATE.exec(value)
    if (lone) {
      throw badRequest(
        `${fieldName(path)}: contains half of a character (${codePoint(lone[0])}), which is not text`,
      )
    }
    return value.normalize('NFC')
  }
  if (value === null || typeof value !== 'object') return value
  if (path.length >= MOST_NESTING) throw badRequest('The request body is nested too deeply')
  if (Array.isArray(value)) return value.map((item, i) => plainText(item, [...path, i]))
  const clean: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL.test(key)) {
      throw badRequest(`${fieldName(path)}: a field name contains a control character`)
    }
    if (LONE_SURROGATE.test(key)) {
      throw badRequest(`${fieldName(path)}: a field name contains half of a character`)
    }
    // Defined, not assigned: a "__proto__" field stays a field.
    Object.defineProperty(clean, key.normalize('NFC'), {
      value: plainText(item, [...path, key]),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return clean
}
