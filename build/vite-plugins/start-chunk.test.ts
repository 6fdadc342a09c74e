import { describe, expect, it } from 'vitest'

import { importFromItself } from './start-chunk.ts'

/** Runs what importFromItself wrote, with `chunk` standing for the chunk's own exports. */
function load(code: string, chunk: Record<string, unknown>) {
  const written = importFromItself(code, 'start-abc.js')
  if (written === undefined) throw new Error('left as it is')
  expect(written.startsWith('import(`./start-abc.js`).then(')).toBe(true)
  const then = written.slice('import(`./start-abc.js`)'.length)
  return new Function('chunk', `return Promise.resolve(chunk)${then}`)(chunk) as Promise<unknown>
}

describe('importFromItself', () => {
  it('runs the initialisers and hands on the exports under their names', async () => {
    const ran: string[] = []
    const chunk = {
      ki: () => ran.push('ki'),
      Di: 'config',
      Oi: 'conditions',
    }
    const part =
      '//# allFunctionsCalledOnLoad\nimport{Di as e,Oi as t,ki as n}from"./start-abc.js";n();export{e as defaultBaseConfig,t as defaultConditions};'
    await expect(load(part, chunk)).resolves.toEqual({
      defaultBaseConfig: 'config',
      defaultConditions: 'conditions',
    })
    expect(ran).toEqual(['ki'])
  })

  it('keeps an export that has its own name, and runs several initialisers in order', async () => {
    const ran: string[] = []
    const chunk = { r: () => ran.push('r'), s: () => ran.push('s'), n: 'steps' }
    await expect(
      load('import{n,r,s as x}from"./start-abc.js";r();x();export{n as STEPS};', chunk),
    ).resolves.toEqual({ STEPS: 'steps' })
    expect(ran).toEqual(['r', 's'])
  })

  it("hands on a CommonJS module's exports as its default export", async () => {
    const exports = { createRoot: () => undefined }
    await expect(
      load('import{Ti as e}from"./start-abc.js";export default e();', { Ti: () => exports }),
    ).resolves.toEqual({ default: exports })
  })

  it('leaves a part of another chunk, or of any other shape, as it is', () => {
    expect(importFromItself('import{n}from"./other.js";n();export{n as x};', 'start-abc.js')).toBe(
      undefined,
    )
    const twoChunks =
      'import{a as e}from"./start-abc.js";import{n as t}from"./react.js";e(`x`),t();export{t as Route};'
    expect(importFromItself(twoChunks, 'start-abc.js')).toBe(undefined)
    expect(importFromItself('var t=1;export{t as x};', 'start-abc.js')).toBe(undefined)
  })
})
