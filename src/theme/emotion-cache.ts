import createCache, { type EmotionCache } from '@emotion/cache'

/**
 * Emotion's cache, writing each render's new rules into a stylesheet of their own.
 *
 * Emotion keeps every rule it inserts in one stylesheet. When a stylesheet gains a rule inside
 * an at-rule — `@layer recipes { … }` (every Chakra recipe's styles), `@media …` (a responsive
 * style prop) — Chromium re-checks every element against every rule of that sheet: the whole
 * page's styles are recalculated, about 11 ms for the dashboard's 570 elements on this machine,
 * four times that on a phone, against 0.3 ms for a plain rule. Nearly every render that draws
 * something new inserts such a rule, so each answer the dashboard received cost a recalculation
 * of the whole page.
 *
 * A stylesheet that only holds the rules of one render is re-checked against those rules alone.
 * So the rules inserted while one render is committed (its insertion effects run together)
 * go into a new `<style>` element, which Emotion creates itself when its count of rules in the
 * current element is back at 0. The order of the rules in the document is unchanged: each new
 * element follows the last.
 *
 * In the browser only: a prerendered page is rendered in Node with a cache per render, as
 * Emotion's own default does, so that each page's markup carries all of its styles.
 */
export function createEmotionCache(options: { speedy?: boolean } = {}): EmotionCache {
  // Speedy (insertRule, several rules per element) is Emotion's way in a build; its
  // development build writes each rule as text into an element of its own.
  const cache = createCache({ key: 'css', ...options })
  const { sheet } = cache
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
  return cache
}

/** The app's Emotion cache, in the browser; none in Node (see createEmotionCache). */
export const emotionCache = typeof document === 'undefined' ? undefined : createEmotionCache()
