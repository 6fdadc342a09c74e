/**
 * Seeded choices (which formula, opener or tag each variant takes), and the counting, casing,
 * shortening and tidying of the phrases the templates are filled with.
 */

type RandomSource = () => number

/** A small seeded generator (mulberry32): the same seed always gives the same choices. */
export function seededRandom(seed: number): RandomSource {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** The item at `n` in `list`, going round from the start past its end (`n` may be negative). */
export const pick = <T>(list: readonly T[], n: number): T =>
  list[((n % list.length) + list.length) % list.length]!
/** `count` items of `list` from `from` on, going round from the start, none twice. */
export const take = <T>(list: readonly T[], count: number, from: number): T[] =>
  Array.from({ length: Math.min(count, list.length) }, (_, i) => pick(list, from + i))

/** The length in characters, counted as the tools' limits count them. */
export const charCount = (text: string) => [...text].length
/** The text with a capital first letter. */
export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
/** Lowercases a leading capital for use mid-sentence, unless the words look like a name. */
export const midSentence = (text: string) =>
  /^[A-Z][a-z]+\s/.test(text) && !/\s[A-Z]/.test(text)
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text
/** The text ending in a full stop, unless it already ends a sentence or a quote. */
export const withFullStop = (text: string) => (/[.!?…"')]$/.test(text) ? text : `${text}.`)
/** The text as a sentence: trimmed, with a capital and a full stop. */
export const asSentence = (text: string) => withFullStop(capitalize(text.trim()))
/** "a, b and c". */
export const andList = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
const SMALL_WORDS = new Set('a an and as at but by for in of on or the to vs with'.split(' '))
/** Title case for titles: capitals on every word but the small ones, existing capitals kept. */
export const titleCase = (text: string) =>
  text
    .split(' ')
    .map((w, i) => ((i > 0 && SMALL_WORDS.has(w)) || /\p{Lu}/u.test(w) ? w : capitalize(w)))
    .join(' ')
/** Single spaces, trimmed, no trailing punctuation: a phrase ready to fill a template with. */
export const cleanPhrase = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:!?]+$/, '')

const DANGLING =
  /\s+(and|or|but|the|a|an|for|with|to|of|in|on|at|by|from|your|my|our|their|that|who|which|is|are|&)$/i

/** Shortens text to `max` characters at a word boundary, without a dangling "and" or comma. */
export function truncateAtWord(text: string, max: number): string {
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
export function fillWithin(max: number, make: (value: string) => string, value: string): string {
  const full = make(value)
  if (charCount(full) <= max) return full
  const room = max - charCount(make(''))
  return room >= 8 ? make(truncateAtWord(value, room)) : truncateAtWord(full, max)
}

/** How many words of four letters or more `text` says again ("Beginners … Beginner's"). */
export function repeatedWords(text: string): number {
  const seen = new Set<string>()
  let again = 0
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}']+/u)) {
    const word = raw.replace(/'s?$/, '').replace(/s$/, '')
    if (charCount(word) < 4) continue
    if (seen.has(word)) again++
    seen.add(word)
  }
  return again
}

/**
 * The first formula from number `variant` on whose text repeats no word the value does not already
 * repeat (else the one that repeats fewest).
 */
export function freshFormula<T>(list: readonly T[], variant: number, text: (item: T) => string): T {
  const start = pick(list, variant)
  let best = start
  let fewest = Infinity
  for (let i = 0; i < list.length; i++) {
    const item = pick(list, variant + i)
    const again = repeatedWords(text(item))
    if (again < fewest) [best, fewest] = [item, again]
    if (again === 0) break
  }
  return best
}

/** Removes a phrase said twice in a row ("for beginners for beginners"), within each line. */
const dropRepeatedPhrases = (line: string) =>
  line
    .replace(
      /(?<![\p{L}\p{N}'-])((?:[\p{L}\p{N}'-]+ ){1,7}[\p{L}\p{N}'-]+)(?: \1(?![\p{L}\p{N}'-]))+/giu,
      '$1',
    )
    .replace(/(?<![\p{L}\p{N}'-])(\p{L}{4,})(?: \1(?![\p{L}\p{N}'-]))+/giu, '$1')

/** One line per trimmed line, single spaces, at most one blank line in a row. */
export const tidyLines = (text: string) =>
  text
    .split('\n')
    .map((line) => dropRepeatedPhrases(line.replace(/[ \t]+/g, ' ').trim()))
    .join('\n')
    .replace(/ ([.,!?;])(?=\s|$)/g, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim()

/** The member's benefits as separate points: one per line, comma or semicolon. */
export function parsePoints(text: string): string[] {
  const seen = new Set<string>()
  const points: string[] = []
  for (const raw of text.split(/\n|[,;•]/)) {
    const point = truncateAtWord(cleanPhrase(raw.replace(/^\s*(?:[-*+✔✓–—>]|\d+[.)])\s*/, '')), 90)
    if (charCount(point) < 2 || seen.has(point.toLowerCase())) continue
    seen.add(point.toLowerCase())
    points.push(midSentence(point))
  }
  return points
}
