import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { useDebounced, useSettledText } from './use-debounced'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('useDebounced', () => {
  it('gives a new value once it has stayed for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebounced(value, 300), {
      initialProps: { value: 'a' },
    })
    rerender({ value: 'ab' })
    act(() => vi.advanceTimersByTime(200))
    rerender({ value: 'abc' })
    act(() => vi.advanceTimersByTime(200))
    expect(result.current).toBe('a')
    act(() => vi.advanceTimersByTime(100))
    expect(result.current).toBe('abc')
  })
})

/** A search box over a value kept outside, as the address keeps it. */
function box(initial: string) {
  const sent: string[] = []
  const view = renderHook(
    ({ value }) =>
      useSettledText(value, (text) => {
        sent.push(text)
        view.rerender({ value: text })
      }),
    { initialProps: { value: initial } },
  )
  const type = (text: string) => act(() => view.result.current[1](text))
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms))
  return { sent, type, wait, text: () => view.result.current[0], set: view.rerender }
}

describe('useSettledText', () => {
  it('hands over the trimmed text once typing pauses, and keeps what is typed meanwhile', () => {
    const search = box('')
    search.type('ad')
    search.type('ada ')
    search.wait(299)
    expect(search.sent).toEqual([])
    search.wait(1)
    expect(search.sent).toEqual(['ada'])
    expect(search.text()).toBe('ada ')
  })

  it('shows a value that comes from elsewhere, and sends nothing for it', () => {
    const search = box('ada')
    search.set({ value: 'bo' })
    expect(search.text()).toBe('bo')
    // And back to the first before the box settles (back, then forward at once).
    search.set({ value: 'ada' })
    expect(search.text()).toBe('ada')
    search.wait(1000)
    expect(search.sent).toEqual([])
  })

  it('gives up what was typed when a value comes from elsewhere', () => {
    const search = box('')
    search.type('ada')
    search.wait(300)
    search.type('adam')
    search.set({ value: '' })
    expect(search.text()).toBe('')
    search.wait(1000)
    expect(search.sent).toEqual(['ada'])
  })
  it('keeps what is typed while its own earlier text comes back late', () => {
    const sent: string[] = []
    const view = renderHook(({ value }) => useSettledText(value, (text) => sent.push(text)), {
      initialProps: { value: '' },
    })
    const type = (text: string) => act(() => view.result.current[1](text))
    type('k')
    act(() => vi.advanceTimersByTime(300))
    expect(sent).toEqual(['k'])
    type('ke')
    type('keto')
    act(() => vi.advanceTimersByTime(300))
    expect(sent).toEqual(['k', 'keto'])
    // The address takes 'k' only now, after more was typed and sent.
    view.rerender({ value: 'k' })
    expect(view.result.current[0]).toBe('keto')
    act(() => vi.advanceTimersByTime(1000))
    expect(sent).toEqual(['k', 'keto'])
    view.rerender({ value: 'keto' })
    expect(view.result.current[0]).toBe('keto')
    // Then a value from elsewhere still replaces it.
    view.rerender({ value: 'paleo' })
    expect(view.result.current[0]).toBe('paleo')
    act(() => vi.advanceTimersByTime(1000))
    expect(sent).toEqual(['k', 'keto'])
  })

  it('sends the same text again after a value from elsewhere emptied the box', () => {
    const search = box('')
    search.type('ada')
    search.wait(300)
    search.set({ value: '' })
    search.type('ada')
    search.wait(300)
    expect(search.sent).toEqual(['ada', 'ada'])
  })
})
