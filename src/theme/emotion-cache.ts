import { withEmotionCache, type EmotionCache } from '@emotion/react'

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

/**
 * Applies writeRulesPerRender to the cache the app renders with (Emotion's own, made when the
 * page loads: it has already taken over a prerendered page's styles). Rendered before anything
 * styled is committed; in the browser only, as a prerendered page's render keeps every rule in
 * its markup.
 */
export const RulesPerRender = withEmotionCache((_props: object, cache) => {
  if (typeof document !== 'undefined') writeRulesPerRender(cache)
  return null
})
