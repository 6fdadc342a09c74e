import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { parse as parseYaml } from 'yaml'
import { z } from 'zod/mini'

import { libraryFileSchema, NICHES, type LibraryFile, type Niche } from '@schemas/niches'

import { ContentError } from './course-content'

/**
 * The niches' library sheets, from content/niches/<niche>.yaml: read and checked against the
 * contract at start, the same for every member. Throws a ContentError naming the file and the
 * rows that break it.
 */
export function readNicheLibrary(dir: string): Map<Niche, LibraryFile> {
  const library = new Map<Niche, LibraryFile>()
  for (const niche of NICHES) {
    const file = join('niches', `${niche}.yaml`)
    const parsed = libraryFileSchema.safeParse(parseYaml(readFileSync(join(dir, file), 'utf8')))
    if (!parsed.success) throw new ContentError(`${file}: ${z.prettifyError(parsed.error)}`)
    if (parsed.data.niche !== niche) {
      throw new ContentError(`${file}: says niche "${parsed.data.niche}", not "${niche}"`)
    }
    library.set(niche, parsed.data)
  }
  return library
}
