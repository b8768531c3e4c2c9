/**
 * Benchmarks: `npm run bench`. Figures, not pass/fail, each printed beside a peer measured in the same run and the
 * ratio (these machines are shared and noisy: only same-run comparisons mean anything):
 *   the home route's first load (size, requests, Lighthouse mobile) beside a one-bundle page on the same stack;
 *   the hot reads beside a fastify hello-world; private messages beside a bare socket.io relay; the barrage
 *   renderer beside the `danmaku` package's engines; the chunked upload beside one plain request; login's password
 *   check beside the scrypt it replaced; a 60 s 1080p source's transcoding job beside ffmpeg alone making its ladder.
 * A part that fails is reported and the others still run; the exit code is 1 then.
 */
import 'reflect-metadata';
import { buildApp } from '../esbuild.config.ts';

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

async function benchBuild(): Promise<void> {
  const started = performance.now();
  const report = await buildApp({ quiet: true });
  console.log(`build: ${Math.round(performance.now() - started)} ms; home route initial JS ${kib(report.initialJsGzip)} gzip in ${report.initial.filter((f) => f.file.endsWith('.js')).length} files, CSS ${kib(report.initialCssGzip)} gzip (the one-bundle peer: see the Lighthouse lines)`);
  for (const file of report.initial) console.log(`  ${file.file}  ${kib(file.bytes)} raw, ${kib(file.gzipBytes)} gzip`);
  // The operator console's own first load (/admin, a desktop), beside the phone's: never part of the phone's.
  console.log(`operator console (/admin) first load: JS ${kib(report.console.jsGzip)} gzip, CSS ${kib(report.console.cssGzip)} gzip in ${report.console.files.length} files; ${(report.console.jsGzip / report.initialJsGzip).toFixed(2)}× the phone's home JS`);
}

const parts: [string, () => Promise<unknown>][] = [
  ['Build', benchBuild],
  ['First load: Lighthouse mobile, home route vs one-bundle baseline page', async () => (await import('./lighthouse-bench.ts')).benchLighthouse({ build: false })],
  ['Hot reads vs fastify hello-world (autocannon)', async () => (await import('./hot-reads-bench.ts')).benchHotReads()],
  ['Private messages vs a bare socket.io relay', async () => (await import('./messages-bench.ts')).benchMessages()],
  ['Barrages vs the danmaku package', async () => (await import('./barrage-bench.ts')).benchBarrages()],
  ['Chunked upload vs one plain request', async () => (await import('./upload-bench.ts')).benchUpload()],
  ['Transcoding: the whole job vs ffmpeg alone', async () => (await import('./transcode-bench.ts')).benchTranscode()],
  ['Login: argon2id vs the scrypt it replaced', async () => (await import('./server-bench.ts')).benchServer()],
];

let failed = false;
for (const [title, run] of parts) {
  console.log(`\n== ${title}`);
  try {
    await run();
  } catch (error) {
    failed = true;
    console.error(`${title}: failed:`, error);
  }
}
process.exit(failed ? 1 : 0);
