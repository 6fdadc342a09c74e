import { describe, expect, it } from 'vitest'

import { loadWithoutFacade } from './no-facades.ts'

/** The chunks already loaded where the facade is imported. */
const LOADED = new Set(['index-abc.js', 'start-abc.js'])
const loaded = (file: string) => LOADED.has(file)

/** Runs what loadWithoutFacade wrote, with `chunk` standing for the imported chunk's exports. */
function load(code: string, chunk: Record<string, unknown>) {
  const written = loadWithoutFacade(code, loaded)
  if (written === undefined) throw new Error('left as it is')
  const head = `import(\`./${written.from}\`)`
  expect(written.code.startsWith(`${head}.then(`)).toBe(true)
  const then = written.code.slice(head.length)
  return new Function('chunk', `return Promise.resolve(chunk)${then}`)(chunk) as Promise<unknown>
}

describe('loadWithoutFacade', () => {
  it('imports the chunk the facade takes names from, runs its initialisers and hands on its exports', async () => {
    const ran: string[] = []
    const chunk = {
      ki: () => ran.push('ki'),
      Di: 'config',
      Oi: 'conditions',
    }
    const part =
      '//# allFunctionsCalledOnLoad\nimport{Di as e,Oi as t,ki as n}from"./members-abc.js";n();export{e as defaultBaseConfig,t as defaultConditions};'
    expect(loadWithoutFacade(part, loaded)?.from).toBe('members-abc.js')
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

  it('drops an import for effect of a chunk already loaded where the facade is imported', async () => {
    const ran: string[] = []
    const part =
      'import"./index-abc.js";import{a as e,s as t}from"./form-fields-abc.js";t();export{e as TextField};'
    await expect(load(part, { a: 'field', s: () => ran.push('s') })).resolves.toEqual({
      TextField: 'field',
    })
    expect(ran).toEqual(['s'])
  })

  it('leaves a facade of any other shape as it is', () => {
    // An import for effect of a chunk not loaded there: dropping it would change what runs.
    const effect = 'import"./other-abc.js";import{n}from"./start-abc.js";n();export{n as x};'
    expect(loadWithoutFacade(effect, loaded)).toBe(undefined)
    // Names from two chunks: not one import().
    const twoChunks =
      'import{a as e}from"./start-abc.js";import{n as t}from"./react.js";e(),t();export{t as Route};'
    expect(loadWithoutFacade(twoChunks, loaded)).toBe(undefined)
    // Code of its own.
    expect(loadWithoutFacade('var t=1;export{t as x};', loaded)).toBe(undefined)
    const ownCode =
      'import{n as e}from"./start-abc.js";var r;function i(){return(i=e((()=>{r=1})))()}i();export{r as component};'
    expect(loadWithoutFacade(ownCode, loaded)).toBe(undefined)
  })
})
