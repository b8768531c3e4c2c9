/**
 * Benchmarks: `npm run bench`. Figures, not pass/fail: the size of what the home route loads first,
 * the request layer's cost per call, the server's login-session calls, and the 100 MB chunked upload.
 */
import 'reflect-metadata';
import { buildApp } from '../esbuild.config.ts';
import { createHeadlessCore } from '../src/composition/headless.ts';
import { ApiClient } from '../src/core/request/api-client.ts';
import { benchServer } from './server-bench.ts';

function perSecond(count: number, ms: number): string {
  return `${Math.round((count / ms) * 1000).toLocaleString('en')} /s`;
}

async function benchBuild(): Promise<void> {
  const started = performance.now();
  const report = await buildApp({ quiet: true });
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`build: ${Math.round(performance.now() - started)} ms; home route initial JS ${kib(report.initialJsGzip)} gzip, CSS ${kib(report.initialCssGzip)} gzip`);
  for (const file of report.initial) console.log(`  ${file.file}  ${kib(file.bytes)} raw, ${kib(file.gzipBytes)} gzip`);
}

async function benchRequestLayer(): Promise<void> {
  const { container, world } = createHeadlessCore({ withFakeApi: false });
  world.http.route('GET', '/api/bench', () => ({ body: { ret: 200, msg: '', data: { ok: true } } }));
  const api = container.get(ApiClient);
  const count = 20_000;
  for (let i = 0; i < 1000; i++) await api.get('/api/bench', { i });
  const started = performance.now();
  for (let i = 0; i < count; i++) await api.get('/api/bench', { i });
  console.log(`request layer over the fake transport: ${perSecond(count, performance.now() - started)}`);
}

await benchBuild();
await benchRequestLayer();
await benchServer();
await (await import('./barrage-bench.ts')).benchBarrages();
await (await import('./upload-bench.ts')).benchUpload();
