/**
 * Precompression at build: a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside each text asset of the
 * build, so the server sends them as they are (server/static/static-app.ts, @fastify/static `preCompressed`)
 * instead of compressing on each request or not at all.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|map)$/;
/** Below this, compression saves less than the headers it costs. */
export const MIN_COMPRESS_BYTES = 1024;

export interface CompressedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `file.br` and `file.gz` beside each compressible file of `dir` (recursively) of at least MIN_COMPRESS_BYTES. */
export async function precompress(dir: string): Promise<CompressedFile[]> {
  const files = (await listFiles(dir)).filter((file) => COMPRESSIBLE.test(file));
  return Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      if (content.length < MIN_COMPRESS_BYTES) return { file, bytes: content.length, gzipBytes: content.length, brotliBytes: content.length };
      const [br, gzipped] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gz(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
      return { file, bytes: content.length, gzipBytes: gzipped.length, brotliBytes: br.length };
    }),
  );
}
