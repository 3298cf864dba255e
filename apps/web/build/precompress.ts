import { readdir, readFile, stat, writeFile } from "node:fs/promises"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"

import type { Plugin } from "vite"

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Text files worth compressing; source maps are only fetched by developer tools. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
/** Below this the headers outweigh the saving. */
const MIN_BYTES = 1024

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else if (COMPRESSIBLE.test(entry.name)) yield path
  }
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip -9) beside every compressible file of
 * the build, so the server sends compressed bytes without compressing on each request. A variant
 * is only kept when it is smaller than the original.
 */
export function precompress(): Plugin {
  let outDir = "dist"
  return {
    name: "nativ:precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const jobs: Promise<void>[] = []
      for await (const path of files(outDir)) {
        if ((await stat(path)).size < MIN_BYTES) continue
        jobs.push(
          readFile(path).then(async (body) => {
            const [br, gzipped] = await Promise.all([
              brotli(body, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
                },
              }),
              gz(body, { level: 9 }),
            ])
            if (br.length < body.length) await writeFile(`${path}.br`, br)
            if (gzipped.length < body.length) await writeFile(`${path}.gz`, gzipped)
          }),
        )
      }
      await Promise.all(jobs)
    },
  }
}
