/**
 * Builds the browser app into dist/: one entry, screens split per route, hashed names, an index.html,
 * and a report of the gzip size of what the home route loads first.
 */
import { build, type Metafile } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iosLowPlugin } from './scripts/ios-low-css.ts';

const root = path.dirname(fileURLToPath(import.meta.url));
/** Where the build goes: STATIC_DIR (the folder the server serves), else dist. */
export const DIST_DIR = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
const ENTRY = 'src/main.tsx';
/** The screen the home route renders; loaded at once on / and so counted as initial. */
const HOME_SCREEN = 'src/ui/home/home-screen.tsx';

export interface BuildReport {
  /** Files the home route loads first, with their gzip sizes. */
  initial: { file: string; bytes: number; gzipBytes: number }[];
  initialJsGzip: number;
  initialCssGzip: number;
}

export async function buildApp(options: { apiBase?: string; quiet?: boolean } = {}): Promise<BuildReport> {
  await rm(DIST_DIR, { recursive: true, force: true });
  await mkdir(DIST_DIR, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: [ENTRY],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome87', 'safari14.1', 'ios14.5'],
    outdir: path.join(DIST_DIR, 'assets'),
    entryNames: '[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    publicPath: '/assets',
    minify: true,
    sourcemap: false,
    metafile: true,
    legalComments: 'none',
    // Chinese text as UTF-8 rather than \uXXXX escapes: a third of the bytes (the server sends charset=utf-8).
    charset: 'utf8',
    jsx: 'automatic',
    loader: { '.svg': 'file', '.png': 'file', '.jpg': 'file', '.gif': 'file', '.mp3': 'file' },
    define: {
      'process.env.NODE_ENV': '"production"',
      __API_BASE__: JSON.stringify(options.apiBase ?? process.env.API_BASE ?? ''),
      // The older site's address (settings › 访问旧版网站); unset, the row is not shown.
      __OLDER_SITE_URL__: JSON.stringify(process.env.OLDER_SITE_URL ?? ''),
    },
    // The generated half of the low-version style (src/ui/app/ios-low.css).
    plugins: [iosLowPlugin],
    logLevel: 'warning',
  });
  const metafile = result.metafile;
  const entryOut = findOutput(metafile, (file, o) => o.entryPoint === ENTRY && file.endsWith('.js'));
  const homeOut = findOutput(metafile, (file, o) => o.entryPoint === HOME_SCREEN && file.endsWith('.js'));
  const js = new Set<string>();
  for (const start of [entryOut, homeOut]) collectStaticImports(metafile, start, js);
  // esbuild gathers the CSS of every chunk the entry can reach, lazy screens included, into the entry's stylesheet.
  const entryCss = metafile.outputs[entryOut]?.cssBundle;
  const css = entryCss ? [entryCss] : [];

  const entryFile = publicPath(entryOut);
  // Preload every file the home route needs, so the browser fetches them in parallel rather than as a waterfall.
  const preload = [...js].filter((file) => file !== entryOut).map(publicPath);
  await writeFile(path.join(DIST_DIR, 'index.html'), indexHtml(entryFile, css.map(publicPath), preload));
  await copyPublic();

  const initial = await Promise.all(
    [...js, ...css].map(async (file) => {
      const content = await readFile(path.join(root, file));
      return { file: publicPath(file), bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
    }),
  );
  const report: BuildReport = {
    initial,
    initialJsGzip: sum(initial.filter((f) => f.file.endsWith('.js'))),
    initialCssGzip: sum(initial.filter((f) => f.file.endsWith('.css'))),
  };
  await writeFile(path.join(DIST_DIR, 'build-report.json'), JSON.stringify(report, null, 2));
  if (!options.quiet) {
    console.log(`Built dist/ — home route initial JavaScript ${kb(report.initialJsGzip)} gzip, CSS ${kb(report.initialCssGzip)} gzip (${initial.length} files)`);
  }
  return report;
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

function publicPath(file: string): string {
  return '/' + path.relative(DIST_DIR, path.join(root, file)).split(path.sep).join('/');
}

async function copyPublic(): Promise<void> {
  const { cp } = await import('node:fs/promises');
  await cp(path.join(root, 'public'), DIST_DIR, { recursive: true });
}

function indexHtml(entry: string, css: string[], preload: string[]): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,maximum-scale=1,minimum-scale=1,user-scalable=no,viewport-fit=cover">
<meta name="format-detection" content="telephone=no">
<meta name="theme-color" content="#ffffff">
<title>奇遇视频</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${css.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
<link rel="modulepreload" href="${entry}">
${preload.map((href) => `<link rel="modulepreload" href="${href}">`).join('\n')}
</head>
<body>
<div id="root"></div>
<noscript>请启用 JavaScript 以使用奇遇视频。</noscript>
<script type="module" src="${entry}"></script>
</body>
</html>
`;
}

const sum = (files: { gzipBytes: number }[]): number => files.reduce((total, f) => total + f.gzipBytes, 0);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildApp().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
