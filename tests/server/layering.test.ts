import { resolve } from 'node:path'

import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

/** The layering rule's messages for `code` as if it were the file at `path`. */
async function layering(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) })
  return result!.messages.filter((m) => m.ruleId === 'local/layering').map((m) => m.message)
}

describe("lint keeps the server's layers one-way", () => {
  it.each([
    ['server/repos/x.ts', "import { a } from '../services/auth'\nexport const b = a\n"],
    ['server/db/x.ts', "import { a } from '../repos/members'\nexport const b = a\n"],
    ['server/services/x.ts', "import { a } from '../plugins/contract'\nexport const b = a\n"],
    ['server/plugins/x.ts', "import { a } from '../repos/idempotency'\nexport const b = a\n"],
    ['server/shared/x.ts', "import { a } from '../db/client'\nexport const b = a\n"],
    ['server/services/x.ts', "import { a } from '../app'\nexport const b = a\n"],
  ])('refuses %s importing %s', async (path, code) => {
    expect(await layering(path, code)).toHaveLength(1)
  })

  it.each([
    ['server/routes/x.ts', "import { a } from '../repos/notes'\nexport const b = a\n"],
    ['server/services/x.ts', "import { a } from '../repos/notes'\nexport const b = a\n"],
    ['server/repos/x.ts', "import { a } from '../shared/freeze'\nexport const b = a\n"],
    ['server/plugins/x.ts', "import { a } from '../services/metrics'\nexport const b = a\n"],
    ['server/app.ts', "import { a } from './repos/notes'\nexport const b = a\n"],
  ])('lets %s import %s', async (path, code) => {
    expect(await layering(path, code)).toEqual([])
  })
})
