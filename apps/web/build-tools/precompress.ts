import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Logger, Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Text files worth compressing. index.html is not among them: the server fills in a nonce per request. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;

/** The files under `dir`, hidden folders (.vite: the manifest) left out. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) next to every compressible file of a
 * built web app, when smaller than the file; @fastify/static (`preCompressed`) serves the best one the
 * browser accepts and falls back to the file itself.
 */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; br: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let bytes = 0;
  let br = 0;
  await Promise.all(
    files.map(async (file) => {
      const data = await fs.readFile(file);
      const [gz, brd] = await Promise.all([
        gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      ]);
      bytes += data.length;
      if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
      if (brd.length < data.length) {
        await fs.writeFile(`${file}.br`, brd);
        br += brd.length;
      } else {
        br += data.length;
      }
    }),
  );
  return { files: files.length, bytes, br };
}

/** Vite plugin: precompresses the output folder once the build has written it (any --outDir). */
export function precompress(): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'evalua:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    async closeBundle(error) {
      if (error) return;
      const { files, bytes, br } = await precompressDir(outDir);
      logger?.info(
        `precompressed ${files} files: ${(bytes / 1000).toFixed(0)} kB → ${(br / 1000).toFixed(0)} kB brotli`,
      );
    },
  };
}
