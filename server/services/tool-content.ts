import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { parse as parseYaml } from 'yaml'
import { z } from 'zod/mini'

import {
  bioTemplatesFileSchema,
  quickCashFileSchema,
  viralFileSchema,
  type BioTemplate,
  type QuickCashFile,
  type ViralFile,
} from '@schemas/tool-content'

import { ContentError } from './course-content'

export interface ToolContent {
  viral: ViralFile
  quickCash: QuickCashFile
  bioTemplates: BioTemplate[]
}

/** Reads one YAML file of the content folder and checks it; throws a ContentError naming it. */
function readChecked<T extends z.ZodMiniType>(dir: string, file: string, schema: T): z.output<T> {
  const parsed = schema.safeParse(parseYaml(readFileSync(join(dir, file), 'utf8')))
  if (!parsed.success) throw new ContentError(`${file}: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

/** Throws a ContentError when two entries of one file share a slug. */
function checkSlugs(file: string, items: { slug: string }[]) {
  const seen = new Set<string>()
  for (const { slug } of items) {
    if (seen.has(slug)) throw new ContentError(`${file}: slug "${slug}" is used more than once`)
    seen.add(slug)
  }
}

/**
 * The tools' content: viral post ideas (viral/ideas.yaml), 7-day quick-start plans
 * (quickcash/plans.yaml) and Instagram bio templates (instagram/bio-templates.yaml), read and
 * checked against the contract at start. Throws a ContentError naming the file that breaks it.
 */
export function readToolContent(dir: string): ToolContent {
  const viralFile = join('viral', 'ideas.yaml')
  const viral = readChecked(dir, viralFile, viralFileSchema)
  checkSlugs(viralFile, viral.ideas)

  const quickCashFile = join('quickcash', 'plans.yaml')
  const quickCash = readChecked(dir, quickCashFile, quickCashFileSchema)
  checkSlugs(quickCashFile, quickCash.plans)

  const bioFile = join('instagram', 'bio-templates.yaml')
  const { templates } = readChecked(dir, bioFile, bioTemplatesFileSchema)

  return { viral, quickCash, bioTemplates: templates }
}
