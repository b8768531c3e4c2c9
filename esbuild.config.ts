/**
 * Builds the browser app into dist/: one entry, screens split per route, hashed names, an index.html,
 * and a report of the gzip size of what the home route loads first. esbuild compiles and splits; rolldown then
 * regroups esbuild's chunks so the home route loads a few files rather than dozens (scripts/merge-chunks.ts);
 * every text asset gets a .br and a .gz beside it (scripts/precompress.ts).
 */
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iosLowPlugin } from './scripts/ios-low-css.ts';
import { mergeChunks, type MergedChunk } from './scripts/merge-chunks.ts';
import { precompress } from './scripts/precompress.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Where the build goes: STATIC_DIR (the folder the server serves), else dist. */
export const DIST_DIR = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
const ENTRY = 'src/main.tsx';
/** The screen the home route renders; loaded at once on / and so counted as initial. */
const HOME_SCREEN = 'src/ui/home/home-screen.tsx';
/**
 * Lazy modules the home route loads right after it starts (measured: bench/first-load.ts): grouped into one chunk
 * so a first load stays a few requests. Not initial (they load after the first paint, and not for every visitor).
 */
const HOME_AFTER_START = ['src/composition/browser-features.ts', 'src/ui/messaging/message-tip.tsx'];

export interface BuildReport {
  /** Files the home route loads first, with their gzip sizes. */
  initial: { file: string; bytes: number; gzipBytes: number }[];
  initialJsGzip: number;
  initialCssGzip: number;
  /** The operator console's first load (/admin, its own entry: never part of the phone's). */
  console: { files: { file: string; bytes: number; gzipBytes: number }[]; jsGzip: number; cssGzip: number };
}

/** What the app's build and the console's share: bundled, split ES modules, hashed names, minified, UTF-8. */
const BROWSER_BUILD = {
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'media/[name]-[hash]',
  minify: true,
  sourcemap: false,
  metafile: true,
  legalComments: 'none',
  // Chinese text as UTF-8 rather than \uXXXX escapes: a third of the bytes (the server sends charset=utf-8).
  charset: 'utf8',
  jsx: 'automatic',
} as const satisfies BuildOptions;

const CONSOLE_ENTRY = 'src/console/main.tsx';

/**
 * Builds the operator console into DIST_DIR/admin (its own entry and index.html; the server answers /admin pages
 * with it): antd 6 and its pages, apart from the phone app's files. Answers what its first load takes.
 */
async function buildConsole(): Promise<BuildReport['console']> {
  const outdir = path.join(DIST_DIR, 'admin', 'assets');
  const result = await build({
    absWorkingDir: root,
    ...BROWSER_BUILD,
    entryPoints: [CONSOLE_ENTRY],
    target: ['es2020', 'chrome100', 'safari15', 'firefox100'],
    outdir,
    publicPath: '/admin/assets',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const entryFile = findOutput(result.metafile, (file, o) => o.entryPoint === CONSOLE_ENTRY && file.endsWith('.js'));
  const entryOutput = result.metafile.outputs[entryFile]!;
  const initial = new Set<string>();
  collectStaticImports(result.metafile, entryFile, initial);
  const css = entryOutput.cssBundle ? [entryOutput.cssBundle] : [];
  const url = (file: string) => '/' + path.relative(DIST_DIR, path.resolve(root, file)).split(path.sep).join('/');
  await writeFile(path.join(DIST_DIR, 'admin', 'index.html'), consoleHtml(url(entryFile), css.map(url)));
  const files = await measured([...initial, ...css].map((file) => ({ at: path.resolve(root, file), url: url(file) })));
  return { files, jsGzip: sum(files.filter((f) => f.file.endsWith('.js'))), cssGzip: sum(files.filter((f) => f.file.endsWith('.css'))) };
}

export async function buildApp(options: { apiBase?: string; quiet?: boolean } = {}): Promise<BuildReport> {
  await rm(DIST_DIR, { recursive: true, force: true });
  await mkdir(DIST_DIR, { recursive: true });
  // esbuild writes into a staging folder; rolldown then regroups its chunks into DIST_DIR (scripts/merge-chunks.ts).
  const stage = await mkdtemp(path.join(tmpdir(), 'qiyu-esbuild-'));
  try {
    return await buildInto(stage, options);
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

async function buildInto(stage: string, options: { apiBase?: string; quiet?: boolean }): Promise<BuildReport> {
  const packageVersion = (JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version?: string }).version ?? '';
  const result = await build({
    absWorkingDir: root,
    ...BROWSER_BUILD,
    entryPoints: [ENTRY],
    target: ['es2020', 'chrome87', 'safari14.1', 'ios14.5'],
    outdir: path.join(stage, 'assets'),
    publicPath: '/assets',
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.gif': 'file', '.mp3': 'file' },
    define: {
      'process.env.NODE_ENV': '"production"',
      __API_BASE__: JSON.stringify(options.apiBase ?? process.env.API_BASE ?? ''),
      // The sites whose pages open inside the app (/iframe); the server lists the same in the page's frame-src.
      __FRAME_ORIGINS__: JSON.stringify(process.env.FRAME_ORIGINS ?? ''),
      // package.json's version, shown on /test and /mobileTest.
      __APP_VERSION__: JSON.stringify(packageVersion),
      // The older site's address (settings › 访问旧版网站); unset, the row is not shown.
      __OLDER_SITE_URL__: JSON.stringify(process.env.OLDER_SITE_URL ?? ''),
    },
    // The generated half of the low-version style (src/ui/app/ios-low.css).
    plugins: [iosLowPlugin],
    logLevel: 'warning',
  });
  const metafile = result.metafile;
  const absolute = (file: string) => path.resolve(root, file);
  const entryOut = findOutput(metafile, (file, o) => o.entryPoint === ENTRY && file.endsWith('.js'));
  const homeOut = findOutput(metafile, (file, o) => o.entryPoint === HOME_SCREEN && file.endsWith('.js'));
  const entryClosure = new Set<string>();
  collectStaticImports(metafile, entryOut, entryClosure);
  const homeClosure = new Set<string>();
  collectStaticImports(metafile, homeOut, homeClosure);
  const homeFiles = new Set([...homeClosure].filter((file) => !entryClosure.has(file)).map(absolute));
  const afterStartEntries = Object.entries(metafile.outputs)
    .filter(([file, output]) => output.entryPoint && HOME_AFTER_START.includes(output.entryPoint) && file.endsWith('.js'))
    .map(([file]) => file);
  const afterStart = new Set<string>();
  for (const file of afterStartEntries) collectStaticImports(metafile, file, afterStart);
  for (const file of afterStartEntries) afterStart.delete(file);
  const homeExtraFiles = new Set([...afterStart].filter((file) => !entryClosure.has(file) && !homeClosure.has(file)).map(absolute));

  const chunks = await mergeChunks({ stageDir: stage, outDir: DIST_DIR, entryFile: absolute(entryOut), entryClosure: new Set([...entryClosure].map(absolute)), homeFiles, homeExtraFiles });
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryChunk = chunks.find((chunk) => chunk.isEntry);
  const homeChunk = chunks.find((chunk) => chunk.moduleIds.includes(absolute(homeOut)));
  if (!entryChunk || !homeChunk) throw new Error('merged build: entry or home screen chunk not found');
  const js = new Set<string>();
  for (const start of [entryChunk, homeChunk]) collectChunkImports(byName, start.fileName, js);

  // esbuild gathers the CSS of every chunk the entry can reach, lazy screens included, into the entry's stylesheet.
  const entryCss = metafile.outputs[entryOut]?.cssBundle;
  const css = entryCss ? [path.relative(stage, absolute(entryCss)).split(path.sep).join('/')] : [];
  for (const file of css) await cp(path.join(stage, file), path.join(DIST_DIR, file));
  // Files esbuild's file loader emitted (images and sounds imported by the code), if any.
  await cp(path.join(stage, 'assets', 'media'), path.join(DIST_DIR, 'assets', 'media'), { recursive: true }).catch(ignoreMissing);

  const entryFile = '/' + entryChunk.fileName;
  // Preload every file the home route needs, so the browser fetches them in parallel rather than as a waterfall.
  const preload = [...js].filter((file) => file !== entryChunk.fileName).map((file) => '/' + file);
  await writeFile(path.join(DIST_DIR, 'index.html'), indexHtml(entryFile, css.map((file) => '/' + file), preload));
  await copyPublic();
  const consoleReport = await buildConsole();
  await precompress(DIST_DIR);

  const initial = await measured([...js, ...css].map((file) => ({ at: path.join(DIST_DIR, file), url: '/' + file })));
  const report: BuildReport = {
    initial,
    initialJsGzip: sum(initial.filter((f) => f.file.endsWith('.js'))),
    initialCssGzip: sum(initial.filter((f) => f.file.endsWith('.css'))),
    console: consoleReport,
  };
  await writeFile(path.join(DIST_DIR, 'build-report.json'), JSON.stringify(report, null, 2));
  if (!options.quiet) {
    console.log(`Built dist/ — home route initial JavaScript ${kb(report.initialJsGzip)} gzip, CSS ${kb(report.initialCssGzip)} gzip (${initial.length} files)`);
    console.log(`Built dist/admin/ — the operator console's first load: JavaScript ${kb(consoleReport.jsGzip)} gzip, CSS ${kb(consoleReport.cssGzip)} gzip (${consoleReport.files.length} files)`);
  }
  return report;
}

function ignoreMissing(error: unknown): void {
  if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
}

function collectChunkImports(chunks: Map<string, MergedChunk>, file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  for (const imported of chunks.get(file)?.imports ?? []) collectChunkImports(chunks, imported, into);
}

function findOutput(metafile: Metafile, match: (file: string, o: Metafile['outputs'][string]) => boolean): string {
  const found = Object.entries(metafile.outputs).find(([file, o]) => match(file, o));
  if (!found) throw new Error('build output not found');
  return found[0];
}

function collectStaticImports(metafile: Metafile, file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  for (const imported of metafile.outputs[file]?.imports ?? []) {
    if (imported.kind === 'import-statement' && !imported.external) collectStaticImports(metafile, imported.path, into);
  }
}

async function copyPublic(): Promise<void> {
  await cp(path.join(root, 'public'), DIST_DIR, { recursive: true });
}

/** A built file's size, raw and gzip (level 9), at its address. */
async function measured(files: { at: string; url: string }[]): Promise<{ file: string; bytes: number; gzipBytes: number }[]> {
  return Promise.all(
    files.map(async ({ at, url }) => {
      const content = await readFile(at);
      return { file: url, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    }),
  );
}

/** The page an entry starts from: its head (title, metas, styles, module preloads), the root and the entry. */
function pageHtml(page: { title: string; metas: string[]; css: string[]; modulepreload: string[]; noscript: string; entry: string }): string {
  const head = [
    '<meta charset="utf-8">',
    ...page.metas,
    `<title>${page.title}</title>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    ...page.css.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...page.modulepreload.map((href) => `<link rel="modulepreload" href="${href}">`),
  ];
  return `<!doctype html>
<html lang="zh-CN">
<head>
${head.join('\n')}
</head>
<body>
<div id="root"></div>
<noscript>${page.noscript}</noscript>
<script type="module" src="${page.entry}"></script>
</body>
</html>
`;
}

/** The phone app's index.html: its entry preloaded with the chunks the home route starts with. */
function indexHtml(entry: string, css: string[], preload: string[]): string {
  return pageHtml({
    title: '奇遇视频',
    metas: [
      '<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,minimum-scale=1,user-scalable=no,viewport-fit=cover">',
      '<meta name="format-detection" content="telephone=no">',
      '<meta name="theme-color" content="#ffffff">',
    ],
    css,
    modulepreload: [entry, ...preload],
    noscript: '请启用 JavaScript 以使用奇遇视频。',
    entry,
  });
}

/** The operator console's page (desktop, not for search engines). */
function consoleHtml(entry: string, css: string[]): string {
  return pageHtml({
    title: '奇遇视频 运营后台',
    metas: ['<meta name="viewport" content="width=device-width,initial-scale=1">', '<meta name="robots" content="noindex,nofollow">'],
    css,
    modulepreload: [],
    noscript: '请启用 JavaScript 以使用运营后台。',
    entry,
  });
}

const sum = (files: { gzipBytes: number }[]): number => files.reduce((total, f) => total + f.gzipBytes, 0);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildApp().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
