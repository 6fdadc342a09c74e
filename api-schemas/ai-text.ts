/**
 * Reading an AI answer: its labelled parts, its variants, and how each variant stands against its
 * tool's platform rules. The app and the server use the same functions.
 */
import type { PlatformRule } from './ai-tools'

/**
 * A labelled part of a variant: after `line` only the `Title: …` line itself, otherwise from the
 * label to the variant's end (so rules measure that way only a tool's last part).
 */
export function partOf(text: string, label: string, line = false): string | null {
  const lines = text.split('\n')
  const start = lines.findIndex((l) =>
    l
      .replace(/^[*#\s]+/, '')
      .toLowerCase()
      .startsWith(`${label.toLowerCase()}:`),
  )
  if (start < 0) return null
  const first = lines[start]!.replace(/^[*#\s]+/, '')
    .slice(label.length + 1)
    .replace(/^\**\s*/, '')
  if (line) return first.trim()
  return [first, ...lines.slice(start + 1)].join('\n').trim()
}

export const countCharacters = (text: string) => [...text].length
export const countHashtags = (text: string) =>
  text.match(/(^|[^\p{L}\p{N}_&])#[\p{L}\p{N}_]+/gu)?.length ?? 0

export interface RuleCheck {
  label: string
  count: number
  max: number
  over: boolean
  soft: boolean
}

/** How a variant stands against its tool's platform rules (a part that is missing is skipped). */
export function checkRules(rules: readonly PlatformRule[], variant: string): RuleCheck[] {
  const checks: RuleCheck[] = []
  for (const rule of rules) {
    const scope = rule.part ? partOf(variant, rule.part, rule.line) : variant
    if (scope === null) continue
    const count = rule.measure === 'hashtags' ? countHashtags(scope) : countCharacters(scope)
    checks.push({
      label: rule.label,
      count,
      max: rule.max,
      over: count > rule.max,
      soft: Boolean(rule.soft),
    })
  }
  return checks
}

/** The line that starts each variant after the first in a multi-variant answer. */
export const variantHeading = (n: number) => `### Variant ${n}`
const VARIANT_LINE = /^\s*#{1,4}\s*\**\s*Variant\s+(\d+)\s*\**\s*:?\s*$/im

/** Splits an answer into its variants at `### Variant N` lines; text before the first is kept. */
export function splitVariants(text: string): string[] {
  const parts = text.split(new RegExp(VARIANT_LINE.source, 'gim'))
  // split() with a capture group interleaves the numbers: [before, n, body, n, body, …]
  const variants: string[] = []
  if (parts[0]!.trim()) variants.push(parts[0]!.trim())
  for (let i = 2; i < parts.length; i += 2) {
    const body = parts[i]!.trim()
    if (body) variants.push(body)
  }
  return variants
}
