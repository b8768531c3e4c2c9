/**
 * Transcoding: a generated 60 s 1080p source (test/support/media-sources.ts) through the whole job — uploaded in
 * chunks through the console's calls, claimed by the server's worker, probed, the five-rung HLS ladder, poster and
 * thumbnails, the result recorded — beside ffmpeg alone making the same ladder (the same arguments, one process per
 * rung, in turn) on the same machine in the same run. Also the job's wall time against the source's duration.
 * `npx tsx bench/transcode-bench.ts` runs it alone.
 */
import 'reflect-metadata';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PasswordHasher } from '../server/auth/password.ts';
import { readConfig } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { createOperator } from '../server/operators/operator-accounts.ts';
import { ladderFor, renditionArgs } from '../server/transcode/ladder.ts';
import { runTool } from '../server/transcode/media-tools.ts';
import { probeSource, DEFAULT_PROBE_LIMITS } from '../server/transcode/probe.ts';
import { ConsoleMediaCalls, type MediaJob, type MediaJobPage, type SourceUpload } from '../src/core/admin-media/admin-media-protocol.ts';
import { ConsoleOperatorCalls } from '../src/core/admin-operators/admin-operators-protocol.ts';
import { makeSource, testMediaTools } from '../test/support/media-sources.ts';

const SECONDS = 60;

interface Envelope<T> {
  ret: number;
  msg: string;
  data: T;
}

/** A browser on the console over HTTP: the session cookie kept, the console's own Origin sent. */
function consoleClient(base: string) {
  let cookie = '';
  return async <T>(pathName: string, params: Record<string, string | number>, bytes?: Uint8Array): Promise<T> => {
    const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
    const response = await fetch(`${base}${pathName}?${query.toString()}`, {
      method: bytes || !pathName.endsWith('Jobs') ? 'POST' : 'GET',
      headers: { origin: base, ...(cookie ? { cookie } : {}), ...(bytes ? { 'content-type': 'application/octet-stream' } : {}) },
      ...(bytes ? { body: new Uint8Array(bytes) } : {}),
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0] ?? '';
    const answer = (await response.json()) as Envelope<T>;
    if (answer.ret !== 200) throw new Error(`${pathName}: ${answer.ret} ${answer.msg}`);
    return answer.data;
  };
}

export async function benchTranscode(): Promise<void> {
  const tools = await testMediaTools();
  const folder = await mkdtemp(path.join(tmpdir(), 'transcode-bench-'));
  try {
    const source = path.join(folder, 'source.mp4');
    await makeSource(tools, source, { seconds: SECONDS, width: 1920, height: 1080 });

    // The peer: ffmpeg alone, the same rungs with the same arguments.
    const probe = await probeSource(tools, source, DEFAULT_PROBE_LIMITS);
    const alone = path.join(folder, 'alone');
    const startedAlone = performance.now();
    for (const rung of ladderFor(probe)) {
      const out = path.join(alone, rung.name);
      await mkdir(out, { recursive: true });
      await runTool(tools.ffmpeg, renditionArgs(source, rung, out, probe), { timeoutMs: 30 * 60_000 });
    }
    const aloneMs = performance.now() - startedAlone;

    // The job, in the server's own worker.
    const dataDir = path.join(folder, 'data');
    const config = readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '', REDIS_URL: '' });
    const server = await startServer(config, { logger: false });
    try {
      const made = await createOperator({ db: server.db, hasher: new PasswordHasher(config.argon2), now: () => new Date() }, { operatorId: null, name: 'bench' }, { name: 'bench-editor', role: 'editor', password: 'bench password 1' });
      if (!made.ok) throw new Error(made.problem);
      const call = consoleClient(server.url);
      await call(ConsoleOperatorCalls.signIn.path, { name: 'bench-editor', password: 'bench password 1' });
      const bytes = await readFile(source);
      const upload = await call<SourceUpload>(ConsoleMediaCalls.createSource.path, { fileName: 'bench.mp4', size: bytes.length });
      for (let chunk = 1; chunk <= upload.chunkCount; chunk += 1) {
        await call(ConsoleMediaCalls.chunk.path, { sourceId: upload.sourceId, chunk }, bytes.subarray((chunk - 1) * upload.chunkSize, chunk * upload.chunkSize));
      }
      const startedJob = performance.now();
      const job = await call<MediaJob>(ConsoleMediaCalls.completeSource.path, { sourceId: upload.sourceId });
      let now = job;
      while (now.state !== 'ready' && now.state !== 'failed') {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const page = await call<MediaJobPage>(ConsoleMediaCalls.jobs.path, { page: 1, pageSize: 5 });
        now = page.list.find((one) => one.id === job.id) ?? now;
      }
      const jobMs = performance.now() - startedJob;
      if (now.state !== 'ready') throw new Error(`the job failed: ${now.error}`);
      console.log(`60 s 1080p source, ${now.rungs.join('/')}: the whole job ${(jobMs / 1000).toFixed(1)} s; ffmpeg alone, same ladder ${(aloneMs / 1000).toFixed(1)} s; ratio ${(jobMs / aloneMs).toFixed(2)}× (goal ≤ 1.15)`);
      console.log(`  job wall time / source duration: ${(jobMs / 1000 / SECONDS).toFixed(2)}× (goal ≤ 3×); ffmpeg alone ${(aloneMs / 1000 / SECONDS).toFixed(2)}×`);
    } finally {
      await server.close();
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchTranscode();
