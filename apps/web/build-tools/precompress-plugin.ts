import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|wasm|txt)$/;
/** Below this a compressed copy saves less than its extra header costs. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip -9) beside every text file of the
 * build, so the server sends compressed bytes without compressing anything at request time
 * (@fastify/static `preCompressed`). A copy that would not be smaller is not written; the server
 * then sends the next encoding or the file itself. Runs after every other plugin, so the service
 * worker and its manifest are compressed too.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shopdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
        await Promise.all(
          files.map(async (file) => {
            const raw = await readFile(file);
            if (raw.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzipAsync(raw, { level: 9 }),
            ]);
            if (br.length < raw.length) await writeFile(`${file}.br`, br);
            if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}
