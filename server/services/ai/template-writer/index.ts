/**
 * The built-in writer the AI tools fall back to when the operator has set no model. It fills
 * proven copywriting frameworks (AIDA, PAS, BAB, hook formulas, niche hashtag sets) with the
 * member's inputs. It writes in English whatever language is chosen, and never invents figures,
 * results, prices or testimonials: numbers only count steps, points or scenes.
 */
import { scriptTool, type ScriptInput, type WriteInput } from '@schemas/ai'

import { briefFor, type Writer } from './brief'
import { generator } from './generator'
import { customerAvatar, description, seo } from './page-tools'
import { facebookcaption, hasTag, instacaption, twitterTweet } from './social-tools'
import { charCount, seededRandom, tidyLines, truncateAtWord } from './text'
import { instagramReel, tiktok, tiktokads, vsl, youtube } from './video-tools'

/** The writer of each tool. */
const WRITERS: Record<ScriptInput['tool'], Writer> = {
  facebookcaption,
  SEO: seo,
  customerAvatar,
  description,
  hasTag,
  instagramReel,
  tiktok,
  twitterTweet,
  vsl,
  youtube,
  tiktokads,
  instacaption,
}
/** The tools whose answer is a video script, spoken rather than read. */
const VIDEO_TOOLS = new Set(['instagramReel', 'tiktok', 'vsl', 'youtube', 'tiktokads'])

/** Shortens any single-line part (SEO title, ad text…) still over its rule. */
function enforcePartLimits(key: string, text: string): string {
  const tool = scriptTool(key)
  if (!tool) return text
  const lines = text.split('\n')
  for (const rule of tool.rules) {
    if (!rule.line || !rule.part) continue
    const i = lines.findIndex((l) => l.startsWith(`${rule.part}:`))
    const value = lines[i]?.slice(rule.part.length + 1).trim() ?? ''
    if (i >= 0 && charCount(value) > rule.max)
      lines[i] = `${rule.part}: ${truncateAtWord(value, rule.max)}`
  }
  return lines.join('\n')
}

/**
 * The variants for `input` (input.variants of them), written from templates; `seed` picks which
 * formulas, so a regenerate with another seed gives other variants.
 */
export function writeFromTemplates(input: WriteInput, seed: number): string[] {
  const rand = seededRandom(Number.isFinite(seed) ? Math.trunc(seed) : 0)
  const base = Math.floor(rand() * 2520)
  const write = (variant: number) =>
    input.tool === 'generator'
      ? tidyLines(generator(input, variant))
      : tidyLines(
          enforcePartLimits(
            input.tool,
            WRITERS[input.tool](briefFor(input, VIDEO_TOOLS.has(input.tool), variant), variant),
          ),
        )
  const variants: string[] = []
  for (let i = 0; variants.length < input.variants && i < input.variants * 8; i++) {
    const text = write(base + i)
    if (!variants.includes(text)) variants.push(text)
  }
  return variants
}
