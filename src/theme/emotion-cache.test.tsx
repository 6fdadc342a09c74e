import createCache from '@emotion/cache'
import { __unsafe_useEmotionCache } from '@emotion/react'
import { serializeStyles } from '@emotion/serialize'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import {
  adoptPrerenderedStyles,
  compileInRender,
  writeRulesPerRender,
  type CompilingCache,
} from './emotion-cache'
import { PRERENDERED_STYLES } from './prerendered-styles'
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

describe('compiling a style in the render that makes it', () => {
  const style = () =>
    serializeStyles([
      {
        color: 'red',
        '&:hover': { color: 'blue' },
        '@media (min-width: 40rem)': { color: 'green' },
      },
    ])
  /** What Emotion's insertStyles does in the commit. */
  const insertInCommit = (cache: CompilingCache, serialized: ReturnType<typeof style>) => {
    if (cache.inserted[serialized.name] === undefined) {
      cache.insert(`.${cache.key}-${serialized.name}`, serialized, cache.sheet, true)
    }
  }
  const rulesOf = (cache: CompilingCache) =>
    cache.sheet.tags.flatMap((tag) => [...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText))

  it('inserts in the commit the same rules, compiled before it', () => {
    const plain = createCache({ key: 'plain', speedy: true }) as CompilingCache
    insertInCommit(plain, style())
    const cache = createCache({ key: 'plain', speedy: true }) as CompilingCache
    compileInRender(cache)
    const serialized = style()
    cache.prepare!(serialized)
    expect(rulesOf(cache)).toHaveLength(0)
    // The commit writes what the render compiled: the same style under the same name, whatever
    // it would compile to now.
    insertInCommit(cache, { ...serialized, styles: 'color:black;' })
    expect(rulesOf(cache)).toEqual(rulesOf(plain))
    expect(rulesOf(cache)).toHaveLength(3)
    expect(cache.inserted[serialized.name]).toBe(true)
  })

  it("inserts none of the styles a prerendered page's head holds, and leaves their element in place", () => {
    const drawn = style()
    const element = document.createElement('style')
    element.setAttribute(PRERENDERED_STYLES, `other ${drawn.name}`)
    element.textContent = `.css-${drawn.name}{color:red}`
    document.head.append(element, document.createElement('meta'))
    try {
      const cache = createCache({ key: 'css', speedy: true }) as CompilingCache
      adoptPrerenderedStyles(cache, document)
      compileInRender(cache)
      cache.prepare!(drawn)
      insertInCommit(cache, drawn)
      expect(rulesOf(cache)).toEqual([])
      expect(cache.inserted.other).toBe(true)
      // A style the page did not draw is inserted as usual.
      insertInCommit(cache, serializeStyles([{ color: 'olive' }]))
      expect(rulesOf(cache)).toHaveLength(1)
      expect(element.nextElementSibling?.tagName).toBe('META')
    } finally {
      element.nextElementSibling?.remove()
      element.remove()
    }
  })

  it('compiles at insertion a style no render compiled, and a style once only', () => {
    const cache = createCache({ key: 'late', speedy: true }) as CompilingCache
    compileInRender(cache)
    const serialized = style()
    insertInCommit(cache, serialized)
    expect(rulesOf(cache)).toHaveLength(3)
    cache.prepare!(serialized)
    insertInCommit(cache, serialized)
    expect(rulesOf(cache)).toHaveLength(3)
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
    expect((cache! as CompilingCache).prepare).toBeTypeOf('function')
  })
})
