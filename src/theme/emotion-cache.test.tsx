import createCache from '@emotion/cache'
import { __unsafe_useEmotionCache } from '@emotion/react'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { writeRulesPerRender } from './emotion-cache'
import { ThemeProvider } from './provider'

/** A cache as a build makes it (speedy: insertRule, many rules per element). */
function createEmotionCache() {
  const cache = createCache({ key: 'css', speedy: true })
  writeRulesPerRender(cache)
  return cache
}

const emotionTags = () => document.head.querySelectorAll('style[data-emotion="css"]').length

describe("the app's Emotion cache", () => {
  it("writes one render's rules into one new stylesheet, and the next render's into another", async () => {
    const { sheet } = createEmotionCache()
    const before = emotionTags()
    sheet.insert('.one{color:red}')
    sheet.insert('@media screen and (min-width: 40rem){.one{color:blue}}')
    expect(emotionTags()).toBe(before + 1)
    await Promise.resolve()
    sheet.insert('.two{color:green}')
    expect(emotionTags()).toBe(before + 2)
    expect(sheet.tags.at(-2)?.sheet?.cssRules).toHaveLength(2)
    expect(sheet.tags.at(-1)?.sheet?.cssRules).toHaveLength(1)
  })

  it('keeps the rules in the order they were inserted', async () => {
    const { sheet } = createEmotionCache()
    sheet.insert('.first{color:red}')
    await Promise.resolve()
    sheet.insert('.second{color:red}')
    const order = [...document.head.querySelectorAll('style[data-emotion="css"]')].map(
      (tag) => (tag as HTMLStyleElement).sheet?.cssRules[0]?.cssText ?? '',
    )
    expect(order.findIndex((css) => css.startsWith('.first'))).toBeLessThan(
      order.findIndex((css) => css.startsWith('.second')),
    )
  })
})

describe('the theme provider', () => {
  it("makes the cache the app renders with write each render's rules apart", () => {
    let cache: ReturnType<typeof __unsafe_useEmotionCache> = null
    function ReadCache() {
      cache = __unsafe_useEmotionCache()
      return null
    }
    render(
      <ThemeProvider>
        <ReadCache />
      </ThemeProvider>,
    )
    const sheet = cache!.sheet
    expect(sheet.insert).not.toBe(Object.getPrototypeOf(sheet).insert)
  })
})
