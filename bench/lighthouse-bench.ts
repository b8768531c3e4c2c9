/**
 * First load, measured: Lighthouse's mobile preset (its default config: a mid-range phone, simulated slow 4G and
 * CPU) on the app's home route beside a one-bundle baseline page — a one-list page on the same stack (React 19,
 * react-router, mobx, inversify, axios; bench/baseline/one-list.tsx) built by esbuild as one bundle and served
 * precompressed the same way, so the comparison is about the app, not the transport. Runs alternate (app,
 * baseline, app, …) and each figure is the median. Before them, a visitor's first load of each page in Debian's
 * Chromium (iPhone, until the network is idle) counts the JavaScript requests. Printed as app, baseline, ratio.
 *
 * `npx tsx bench/lighthouse-bench.ts` builds the app first; `npm run bench` calls benchLighthouse({ build: false })
 * after its build step. LIGHTHOUSE_RUNS sets the runs per page (default 2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import Fastify, { type FastifyInstance } from 'fastify';
import lighthouse from 'lighthouse';
import { DIST_DIR, buildApp } from '../esbuild.config.ts';
import { precompress } from '../scripts/precompress.ts';
import { registerStaticFiles } from '../server/static/static-app.ts';
import { CHROMIUM, CHROMIUM_FLAGS, launchBrowser, probeFirstLoad, startAppServer, type FirstLoad } from './first-load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const COVERS_DIR = path.join(root, 'demo-media', 'images', 'demo', 'covers');
/** The resize the app asks of the media route for its list covers. */
const COVER_RESIZE = 'x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg';

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  tbtMs: number;
  jsTransferBytes: number;
  jsRequests: number;
}

interface Audit {
  id: string;
  title: string;
  score: number | null;
  displayValue?: string;
  numericValue?: number;
  details?: { type?: string; items?: unknown[]; overallSavingsMs?: number };
}

interface Lhr {
  categories: { performance: { score: number | null; auditRefs: { id: string; weight: number }[] } };
  audits: Record<string, Audit>;
  runtimeError?: { message: string };
}

/** Builds the baseline page (one bundle) into a temporary folder with its index.html, and precompresses it. */
async function buildBaseline(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qiyu-baseline-'));
  await build({
    absWorkingDir: root,
    entryPoints: { 'one-list': 'bench/baseline/one-list.tsx' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome87', 'safari14.1', 'ios14.5'],
    outdir: path.join(dir, 'assets'),
    entryNames: '[name]-[hash]',
    minify: true,
    legalComments: 'none',
    charset: 'utf8',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const [bundle] = (await readdir(path.join(dir, 'assets'))).filter((f) => f.endsWith('.js'));
  if (!bundle) throw new Error('baseline bundle missing');
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>奇遇视频</title>
<style>body{margin:0;font-family:system-ui,sans-serif}header{padding:12px 16px;border-bottom:1px solid #eee}h1{font-size:18px;margin:0}
.list{list-style:none;margin:0;padding:8px;display:grid;grid-template-columns:1fr 1fr;gap:8px}.list a{color:#333;text-decoration:none;font-size:13px}
.list img{width:100%;height:auto;aspect-ratio:16/9;border-radius:4px;background:#eee;display:block}.loading{padding:16px}</style>
<script type="module" src="/assets/${bundle}"></script>
</head><body><div id="root"></div></body></html>
`,
  );
  await precompress(dir);
  return dir;
}

/** A bare fastify serving the baseline page, precompressed like the app, and its list (covers from the app's media). */
async function startBaselineServer(dir: string, appUrl: string): Promise<{ url: string; app: FastifyInstance }> {
  const covers = (await readdir(COVERS_DIR)).filter((f) => f.endsWith('.jpg')).sort().slice(0, 20);
  const items = covers.map((file, i) => ({ id: i + 1, title: file.replace(/\.jpg$/, '').replace('-', ' '), cover: `${appUrl}/media/demo/covers/${file}?${COVER_RESIZE}` }));
  const app = Fastify({ logger: false });
  app.get('/api/list', async () => ({ ret: 200, msg: '', data: items }));
  await registerStaticFiles(app, dir);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, app };
}

/** Debian's Chromium with the project's flags and a DevTools port, for Lighthouse to drive. */
async function launchChromiumForLighthouse(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = await mkdtemp(path.join(tmpdir(), 'qiyu-lh-chromium-'));
  const child: ChildProcess = spawn(CHROMIUM, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: 'ignore' });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(profile, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const [port] = (await readFile(path.join(profile, 'DevToolsActivePort'), 'utf8')).split('\n');
      if (port) return { port: Number(port), stop };
    } catch {
      // not written yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`Chromium (${CHROMIUM}) did not open its DevTools port`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function runLighthouse(url: string, port: number): Promise<Lhr> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  return lhr;
}

function figuresOf(lhr: Lhr): LighthouseFigures {
  const requests = (lhr.audits['network-requests']?.details?.items ?? []) as { resourceType?: string; transferSize?: number }[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    jsTransferBytes: scripts.reduce((total, r) => total + (r.transferSize ?? 0), 0),
    jsRequests: scripts.length,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

function medianFigures(runs: LighthouseFigures[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) => median(runs.map((r) => r[key]));
  return { score: of('score'), lcpMs: of('lcpMs'), tbtMs: of('tbtMs'), jsTransferBytes: of('jsTransferBytes'), jsRequests: of('jsRequests') };
}

/** What cost the app its score: metrics below 0.9 and the opportunities with savings, largest first. */
function costliest(lhr: Lhr): string[] {
  const lines: string[] = [];
  for (const ref of lhr.categories.performance.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9) lines.push(`metric ${audit.title}: ${audit.displayValue ?? ''} (score ${audit.score}, weight ${ref.weight})`);
  }
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && (a.details?.overallSavingsMs ?? 0) > 0)
    .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .slice(0, 5);
  for (const a of opportunities) lines.push(`opportunity ${a.title}: ~${Math.round(a.details?.overallSavingsMs ?? 0)} ms ${a.displayValue ?? ''}`);
  for (const id of ['largest-contentful-paint-element', 'bootup-time', 'mainthread-work-breakdown', 'unused-javascript', 'render-blocking-resources']) {
    const a = lhr.audits[id];
    if (!a || (a.score !== null && a.score >= 0.9 && id !== 'largest-contentful-paint-element')) continue;
    let detail = a.displayValue ?? '';
    if (id === 'largest-contentful-paint-element') detail += ' ' + lcpElement(a);
    lines.push(`${a.title}: ${detail.trim()}`);
  }
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []) as { url?: string; startTime?: number; duration?: number }[];
  const longest = [...longTasks].sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0)).slice(0, 4);
  if (longest.length) {
    lines.push(`longest tasks: ${longest.map((t) => `${Math.round(t.duration ?? 0)} ms at ${Math.round(t.startTime ?? 0)} ms (${(t.url ?? '').split('/').pop()})`).join(', ')}`);
  }
  return lines;
}

function lcpElement(audit: Audit): string {
  // LH 12: a list of tables, the first holding the element's node.
  const tables = (audit.details?.items ?? []) as { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[];
  const node = tables[0]?.items?.[0]?.node;
  return node ? `${node.snippet ?? ''} ${node.nodeLabel ? `"${node.nodeLabel.slice(0, 40)}"` : ''}`.trim() : '';
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const ratio = (app: number, peer: number) => (peer > 0 ? `${(app / peer).toFixed(2)}×` : 'n/a');

function printComparison(title: string, rows: [string, number, number, (n: number) => string][]): void {
  console.log(title);
  for (const [name, app, peer, format] of rows) console.log(`  ${name.padEnd(28)} app ${format(app).padStart(10)}   baseline ${format(peer).padStart(10)}   ratio ${ratio(app, peer)}`);
}

export async function benchLighthouse(options: { build?: boolean; runs?: number } = {}): Promise<{ app: LighthouseFigures; baseline: LighthouseFigures }> {
  const runs = options.runs ?? Number(process.env.LIGHTHOUSE_RUNS ?? 2);
  if (options.build ?? true) await buildApp({ quiet: true });
  const started = performance.now();
  const [appServer, baselineDir] = await Promise.all([startAppServer(DIST_DIR), buildBaseline()]);
  const baseline = await startBaselineServer(baselineDir, appServer.server.url);
  const chromium = await launchChromiumForLighthouse();
  const ready = performance.now();
  try {
    const appUrl = `${appServer.server.url}/`;
    const baselineUrl = `${baseline.url}/`;
    // A visitor's first load of each page (which also warms the server: demo image resizes, database pages).
    const browser = await launchBrowser();
    let appLoad: FirstLoad;
    let peerLoad: FirstLoad;
    try {
      appLoad = await probeFirstLoad(browser, appUrl);
      peerLoad = await probeFirstLoad(browser, baselineUrl);
    } finally {
      await browser.close();
    }
    printComparison('First load in Chromium (iPhone 390×844, until the network is idle):', [
      ['JS requests', appLoad.js.length, peerLoad.js.length, (n) => String(n)],
      ['JS transferred', appLoad.jsTransferBytes, peerLoad.jsTransferBytes, kib],
    ]);
    console.log(`  app JS: ${appLoad.js.map((r) => `${new URL(r.url).pathname.split('/').pop()} (${r.contentEncoding})`).join(', ')}`);

    const appRuns: Lhr[] = [];
    const baselineRuns: Lhr[] = [];
    for (let i = 0; i < runs; i++) {
      appRuns.push(await runLighthouse(appUrl, chromium.port));
      baselineRuns.push(await runLighthouse(baselineUrl, chromium.port));
    }
    const app = medianFigures(appRuns.map(figuresOf));
    const peer = medianFigures(baselineRuns.map(figuresOf));
    const ms = (n: number) => `${Math.round(n)} ms`;
    printComparison(`Lighthouse mobile preset, home route beside the one-bundle baseline page (median of ${runs} runs each):`, [
      ['performance score', app.score, peer.score, (n) => String(n)],
      ['LCP', app.lcpMs, peer.lcpMs, ms],
      ['TBT', app.tbtMs, peer.tbtMs, ms],
      ['JS transferred', app.jsTransferBytes, peer.jsTransferBytes, kib],
      ['JS requests', app.jsRequests, peer.jsRequests, (n) => String(n)],
    ]);
    const meets = app.score >= 90 && app.lcpMs <= peer.lcpMs && app.tbtMs <= peer.tbtMs;
    console.log(`  ${meets ? 'meets' : 'misses'} the first-load target (score ≥ 90, LCP and TBT no worse than the baseline)`);
    const first = appRuns[0];
    if (!meets && first) for (const line of costliest(first)) console.log(`  app: ${line}`);
    // The whole reports of each page's first run, for a closer look (open them in the Lighthouse viewer).
    for (const [name, lhr] of [['home', first], ['baseline', baselineRuns[0]]] as const) {
      if (!lhr) continue;
      const saved = path.join(tmpdir(), `qiyu-lighthouse-${name}.json`);
      await writeFile(saved, JSON.stringify(lhr));
      console.log(`  ${name === 'home' ? 'app' : name} report: ${saved}`);
    }
    console.log(`lighthouse bench: ${Math.round((performance.now() - started) / 1000)} s (servers up in ${Math.round((ready - started) / 1000)} s)`);
    return { app, baseline: peer };
  } finally {
    await chromium.stop();
    await baseline.app.close();
    await appServer.stop();
    await rm(baselineDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchLighthouse();
}
