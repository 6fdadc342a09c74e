import { describe, expect, it } from 'vitest'

import { createEmotionCache } from './emotion-cache'

const emotionTags = () => document.head.querySelectorAll('style[data-emotion="css"]').length

describe("the app's Emotion cache", () => {
  it("writes one render's rules into one new stylesheet, and the next render's into another", async () => {
    const { sheet } = createEmotionCache({ speedy: true })
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
    const { sheet } = createEmotionCache({ speedy: true })
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
