import { withEmotionCache, type EmotionCache } from '@emotion/react'
import type { SerializedStyles } from '@emotion/serialize'

import { PRERENDERED_STYLES } from './prerendered-styles'

/**
 * Emotion's cache, made to write each render's new rules into a stylesheet of their own.
 *
 * Emotion keeps every rule it inserts in one stylesheet. When a stylesheet gains a rule inside
 * an at-rule — `@layer recipes { … }` (every Chakra recipe's styles), `@media …` (a responsive
 * style prop) — Chromium re-checks every element against every rule of that sheet: the whole
 * page's styles are recalculated, 11–13 ms for the dashboard's 570 elements on this machine,
 * four times that on a phone, against 0.3 ms for a plain rule. Nearly every render that draws
 * something new inserts such a rule, so each answer the dashboard received cost a recalculation
 * of the whole page.
 *
 * A stylesheet that only holds the rules of one render is re-checked against those rules alone
 * (0.2 ms for the same `@media` rule). So the rules inserted while one render is committed (its
 * insertion effects run together) go into a new `<style>` element, which Emotion creates itself
 * when its count of rules in the current element is back at 0. The order of the rules in the
 * document is unchanged: each new element follows the last.
 */
export function writeRulesPerRender(cache: EmotionCache) {
  const { sheet } = cache
  if (written.has(sheet)) return
  written.add(sheet)
  const insert = sheet.insert.bind(sheet)
  let renderOpen = false
  sheet.insert = (rule) => {
    if (!renderOpen) {
      renderOpen = true
      // Emotion starts a new <style> element whenever this count is a multiple of its limit.
      sheet.ctr = 0
      queueMicrotask(() => {
        renderOpen = false
      })
    }
    insert(rule)
  }
}

const written = new WeakSet<EmotionCache['sheet']>()

/** A cache that can compile a style's rules ahead of their insertion (compileInRender). */
export type CompilingCache = EmotionCache & { prepare?: (serialized: SerializedStyles) => void }

/**
 * Emotion compiles a style into its CSS rules (stylis) when it inserts them, in the insertion
 * effect of the commit that first draws an element with that style: a commit React cannot
 * pause, and which on a phone took a fifth of its time compiling a new screen's rules. With
 * this, `cache.prepare`, called in the render that makes the style (Chakra's styled factory
 * calls it where it registers the style, as patches/@chakra-ui+react+3.37.0+002+
 * styles-in-render.patch has it), compiles the rules then — a render React may pause — and the
 * commit only inserts them. Compiled the same way (Emotion's own insert, into a list instead of
 * the stylesheet), in the same order. A style whose rules were not compiled ahead (Emotion's
 * own components, global styles) is compiled at insertion as before.
 */
export function compileInRender(cache: CompilingCache) {
  if (cache.prepare) return
  const insert = cache.insert.bind(cache)
  /** The compiled rules by selector and style name, until inserted. */
  const ready = new Map<string, string[]>()
  const collector = (rules: string[]) =>
    ({ insert: (rule: string) => void rules.push(rule) }) as unknown as EmotionCache['sheet']
  cache.prepare = (serialized) => {
    if (cache.inserted[serialized.name] !== undefined) return
    // As Emotion's insertStyles walks a style and the keyframes that follow it.
    let current: SerializedStyles | undefined = serialized
    do {
      const selector = current === serialized ? `.${cache.key}-${serialized.name}` : ''
      const key = `${selector} ${current.name}`
      if (!ready.has(key)) {
        const rules: string[] = []
        insert(selector, current, collector(rules), false)
        ready.set(key, rules)
      }
      current = current.next
    } while (current !== undefined)
  }
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    const key = `${selector} ${serialized.name}`
    const rules = ready.get(key)
    if (!rules) return insert(selector, serialized, sheet, shouldCache)
    ready.delete(key)
    for (const rule of rules) sheet.insert(rule)
    if (shouldCache) cache.inserted[serialized.name] = true
    return undefined
  }
}

/**
 * Tells the cache that the styles a prerendered page's head holds are in the document, so the
 * app's first render, which draws the same screen, does not insert them again. Emotion would
 * take them over itself from a `data-emotion` element, by moving it, which makes the browser
 * recalculate the whole page's styles (see hoistStyles in build/vite-plugins/pages-ahead.ts).
 */
export function adoptPrerenderedStyles(cache: EmotionCache, document: Document) {
  const element = document.querySelector(`style[${PRERENDERED_STYLES}]`)
  for (const name of element?.getAttribute(PRERENDERED_STYLES)?.split(' ') ?? []) {
    if (name) cache.inserted[name] = true
  }
}

/**
 * Applies adoptPrerenderedStyles, writeRulesPerRender and compileInRender to the cache the app
 * renders with (Emotion's own, made when the page loads), once. Rendered before anything
 * styled is committed; in the browser only, as a prerendered page's render keeps every rule in
 * its markup.
 */
export const RulesPerRender = withEmotionCache((_props: object, cache) => {
  if (typeof document !== 'undefined') {
    if (!written.has(cache.sheet)) adoptPrerenderedStyles(cache, document)
    writeRulesPerRender(cache)
    compileInRender(cache)
  }
  return null
})
