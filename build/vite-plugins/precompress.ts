import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

import { type Plugin } from 'vite'

/** Writes .br and .gz beside each text asset, so the server sends them without compressing per request. */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    // Last, after every other plugin has written its files (the service worker among them).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const walk = async (dir: string): Promise<string[]> =>
          (
            await Promise.all(
              (await readdir(dir, { withFileTypes: true })).map((entry) =>
                entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
              ),
            )
          ).flat()
        for (const file of await walk(outDir)) {
          if (!/\.(js|css|html|svg|json|txt|map)$/.test(file) || (await stat(file)).size < 1024)
            continue
          const content = await readFile(file)
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }))
          await writeFile(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          )
        }
      },
    },
  }
}
