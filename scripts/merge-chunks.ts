/**
 * The build's second pass: esbuild's `splitting` makes one chunk per distinct set of lazy entry points sharing a
 * module, so the home route used to load ~78 small files. Rolldown reads esbuild's ESM output again (modules are
 * esbuild's chunks) and groups it:
 * - `main`: everything the entry imports statically (its whole static closure: loaded on every route anyway);
 * - `home-screen`: the home screen with what it imports statically that the entry does not (loaded at once on /);
 * - `home-extras`: the static imports of the modules the home route loads lazily right after it starts (the browser features, a
 *   signed-in visitor's message tip), beyond the two chunks above. Those lazy modules keep a
 *   small chunk each: grouped too, rolldown would need its runtime (module namespace objects) in a chunk of its
 *   own, one more request on every route;
 * - every other lazy screen keeps its own chunk, with rolldown's usual shared chunks between lazy screens.
 * No module is duplicated; lazy screens stay lazy; names stay hashed (hex content hash).
 */
import { rolldown } from 'rolldown';
import path from 'node:path';

export interface MergedChunk {
  /** Path under the output folder, e.g. `assets/chunks/play-screen-0a1b2c3d.js`. */
  fileName: string;
  /** Static imports (paths under the output folder). */
  imports: string[];
  dynamicImports: string[];
  /** esbuild files (absolute paths) this chunk holds. */
  moduleIds: string[];
  isEntry: boolean;
}

export interface MergeOptions {
  /** esbuild's output folder (holding `assets/`); imports in it are absolute `/assets/...` paths. */
  stageDir: string;
  /** The folder to write into (its `assets/` receives the chunks). */
  outDir: string;
  /** esbuild's entry output, absolute. */
  entryFile: string;
  /** esbuild files (absolute) the entry imports statically, itself included: the `main` chunk. */
  entryClosure: Set<string>;
  /** esbuild files (absolute) the home route imports statically beside the entry's closure: grouped as one chunk. */
  homeFiles: Set<string>;
  /** esbuild files (absolute) the home route loads lazily right after start, beside the two above: one more chunk. */
  homeExtraFiles: Set<string>;
}

const ESBUILD_HASH = /-[A-Z0-9]{8}$/;

export async function mergeChunks(options: MergeOptions): Promise<MergedChunk[]> {
  const { stageDir, outDir, entryFile, entryClosure, homeFiles, homeExtraFiles } = options;
  const bundle = await rolldown({
    input: { main: entryFile },
    platform: 'browser',
    // The entry exports nothing anyone imports: rolldown may move modules freely between chunks.
    preserveEntrySignatures: false,
    logLevel: 'warn',
    plugins: [
      {
        name: 'esbuild-output',
        // esbuild writes imports between chunks as public paths (publicPath '/assets').
        resolveId(source) {
          return source.startsWith('/assets/') ? path.join(stageDir, source) : null;
        },
      },
    ],
  });
  try {
    const { output } = await bundle.write({
      dir: outDir,
      format: 'es',
      minify: true,
      comments: { legal: false, annotation: false, jsdoc: false },
      hashCharacters: 'hex',
      entryFileNames: 'assets/[name]-[hash].js',
      chunkFileNames: (chunk) => `assets/chunks/${chunk.name.replace(ESBUILD_HASH, '')}-[hash].js`,
      codeSplitting: {
        groups: [
          { name: 'main', test: (id) => entryClosure.has(id), priority: 3 },
          { name: 'home-screen', test: (id) => homeFiles.has(id), priority: 2 },
          { name: 'home-extras', test: (id) => homeExtraFiles.has(id), priority: 1 },
        ],
      },
    });
    return output.flatMap((item) =>
      item.type === 'chunk'
        ? [{ fileName: item.fileName, imports: item.imports, dynamicImports: item.dynamicImports, moduleIds: item.moduleIds, isEntry: item.isEntry }]
        : [],
    );
  } finally {
    await bundle.close();
  }
}
