import { describe, expect, it } from 'vitest'

import { AI_NICHES, splitVariants } from '@schemas/ai'

import { writeFromTemplates } from '../../server/services/ai/template-writer'
import { expectWellFormed, maximal, minimal, TOOLS } from './template-writer-fixtures'

const all = (variants: string[]) => variants.join('\n\n')

describe('writeFromTemplates', () => {
  for (const tool of TOOLS) {
    describe(tool, () => {
      it('writes well-formed variants from the topic alone', () => {
        const input = minimal(tool)
        expectWellFormed(tool, input, writeFromTemplates(input, 1))
      })

      it('keeps every rule with every field at its longest', () => {
        for (const seed of [0, 7, 123_456]) {
          const input = maximal(tool)
          expectWellFormed(tool, input, writeFromTemplates(input, seed))
        }
      })

      it('writes every tone, length and niche without holes', () => {
        for (const tone of ['friendly', 'professional', 'bold', 'playful', 'urgent'])
          for (const length of ['short', 'medium', 'long'])
            for (const niche of AI_NICHES) {
              const input = minimal(tool, {
                tone,
                length,
                variants: 5,
                ...(tool === 'generator' ? {} : { niche }),
              })
              expectWellFormed(tool, input, writeFromTemplates(input, tone.length + length.length))
            }
      })

      it('is deterministic for a seed, and another seed changes the set', () => {
        const input = minimal(tool, { variants: 5 })
        expect(writeFromTemplates(input, 42)).toEqual(writeFromTemplates(input, 42))
        expect(writeFromTemplates(input, 42)).not.toEqual(writeFromTemplates(input, 43))
      })

      it('round-trips through the variant headings', () => {
        const variants = writeFromTemplates(maximal(tool), 3)
        const joined = variants.map((v, i) => (i ? `### Variant ${i + 1}\n${v}` : v)).join('\n\n')
        expect(splitVariants(joined)).toEqual(variants)
      })

      it('writes more for a long length than for a short one', () => {
        const text = (length: string) =>
          all(writeFromTemplates(minimal(tool, { length, variants: 3 }), 5))
        expect(text('long').length).toBeGreaterThan(text('short').length)
      })

      if (tool !== 'hasTag' && tool !== 'customerAvatar') {
        it('changes its wording with the tone', () => {
          const text = (tone: string) => writeFromTemplates(minimal(tool, { tone }), 9)
          expect(text('friendly')).not.toEqual(text('bold'))
          expect(text('professional')).not.toEqual(text('playful'))
        })
      }
    })
  }
})
