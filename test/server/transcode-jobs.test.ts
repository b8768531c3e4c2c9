/**
 * Transcoding jobs end to end on the reference server, with the real ffmpeg (issue 33): a source uploaded through the
 * console's calls becomes a ready HLS ladder (queued → probing → transcoding → ready) in the server's own worker; a
 * file with no picture fails with its reason; a job cancelled mid-way leaves nothing behind. With PostgreSQL
 * (DATABASE_URL), worker processes (`server/main.ts --worker`) share the queue: one killed with SIGKILL mid-job leaves
 * the job to the next worker, which finishes it (never stuck), and two workers given three jobs do each exactly once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFile, mkdir, readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordHasher } from '../../server/auth/password.ts';
import type { Database } from '../../server/db/database.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createOperator } from '../../server/operators/operator-accounts.ts';
import { runTool, type MediaTools } from '../../server/transcode/media-tools.ts';
import { ProbeTexts } from '../../server/transcode/transcode-texts.ts';
import { insertJob, insertSource, markSourceWhole } from '../../server/transcode/transcode-repository.ts';
import { ConsoleMediaCalls, type MediaJob, type MediaJobPage, type SourceUpload } from '../../src/core/admin-media/admin-media-protocol.ts';
import { ConsoleMediaLimits, ConsoleMediaTexts } from '../../src/core/admin-media/admin-media-texts.ts';
import { OperatorTexts } from '../../src/core/admin-operators/admin-operators-texts.ts';
import { createThrowawaySchema } from '../support/throwaway-schema.ts';
import { makeSource, testMediaTools } from '../support/media-sources.ts';
import { serverOperator, type ConsoleBrowser } from '../contract/console-browser.ts';
import { useServerFixture } from './server-fixture.ts';
import { DATABASE_URL, TEST_ARGON2 } from './support.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
let tools: MediaTools;
const sources: Record<'small' | 'medium' | 'silent', string> = { small: '', medium: '', silent: '' };

const server = useServerFixture({ tempDir: 'transcode-', app: false, config: (fixture) => ({ dataDir: fixture.dir }) });

beforeAll(async () => {
  tools = await testMediaTools();
  const dir = join(server.dir, 'made');
  await mkdir(dir, { recursive: true });
  sources.small = join(dir, 'small.mp4');
  sources.medium = join(dir, 'medium.mp4');
  sources.silent = join(dir, 'silent.mp4');
  await makeSource(tools, sources.small, { seconds: 3, width: 640, height: 360 });
  await makeSource(tools, sources.medium, { seconds: 8, width: 1280, height: 720 });
  // Sound only: an mp4 the upload takes (its content is an mp4) that has no picture.
  await runTool(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', '-c:a', 'aac', sources.silent], { timeoutMs: 60_000 });
}, 240_000);

const consoleEditor = (app: FastifyInstance, db: Database): Promise<ConsoleBrowser> => serverOperator({ app, db }, 'editor');

/** Sends a file through the console's calls, chunk by chunk; its job. */
async function upload(browser: ConsoleBrowser, file: string, fileName: string): Promise<MediaJob> {
  const bytes = await readFile(file);
  const source = (await browser.send(ConsoleMediaCalls.createSource, { fileName, size: bytes.length })).data as SourceUpload;
  for (let chunk = 1; chunk <= source.chunkCount; chunk += 1) {
    const sent = await browser.sendBytes(ConsoleMediaCalls.chunk, { sourceId: source.sourceId, chunk }, bytes.subarray((chunk - 1) * source.chunkSize, chunk * source.chunkSize));
    expect(sent.ret).toBe(200);
  }
  const done = await browser.send(ConsoleMediaCalls.completeSource, { sourceId: source.sourceId });
  expect(done.ret).toBe(200);
  return done.data as MediaJob;
}

async function jobOf(browser: ConsoleBrowser, id: number): Promise<MediaJob> {
  const page = (await browser.send(ConsoleMediaCalls.jobs, { page: 1, pageSize: 100 })).data as MediaJobPage;
  const job = page.list.find((one) => one.id === id);
  if (!job) throw new Error(`job ${id} not listed`);
  return job;
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exists = (path: string) => stat(path).then(() => true, () => false);

describe('transcoding in the server’s own worker', () => {
  const timings = { heartbeatMs: 200, pollMs: 200 };

  it('a source becomes a ready ladder: queued → probing → transcoding → ready, with its playlists, poster and thumbnails', async () => {
    const app = await server.startApp({ config: { dataDir: server.dir, transcodePreset: 'superfast' }, ingest: { tools, runWorker: true, timings } });
    const editor = await consoleEditor(app, server.db);
    const job = await upload(editor, sources.small, '测试片 360p.mp4');
    // The states as they were read, each in its turn (the worker may have claimed it before the answer was made).
    const seen: string[] = [job.state];
    const ready = await until('ready', async () => {
      const now = await jobOf(editor, job.id);
      if (seen.at(-1) !== now.state) seen.push(now.state);
      return now;
    }, (now) => now.state === 'ready' || now.state === 'failed');
    expect(ready).toMatchObject({ state: 'ready', percent: 100, width: 640, height: 360, rungs: ['360p', '180p'], error: '' });
    expect(ready.durationSeconds).toBeGreaterThan(2.5);
    expect(ready.durationSeconds).toBeLessThan(3.5);
    expect(ready.mediaKey).toMatch(/^v[A-Za-z0-9]+$/);
    const order = ['queued', 'probing', 'transcoding', 'ready'];
    expect(seen.map((state) => order.indexOf(state))).toEqual([...seen.map((state) => order.indexOf(state))].sort((x, y) => x - y));
    expect(seen.at(-1)).toBe('ready');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const out = join(server.dir, 'renditions', ready.mediaKey);
    expect((await readdir(out)).sort()).toEqual(['180p', '360p', 'master.m3u8', 'poster.jpg', 'thumb-1.jpg', 'thumb-2.jpg', 'thumb-3.jpg']);
    const master = await readFile(join(out, 'master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('360p/index.m3u8');
    // The source is kept beside (a retry, a later re-encode); nothing half-made is left.
    expect(await exists(`${out}.part`)).toBe(false);
  }, 240_000);

  it('a file with no picture fails with its reason; retried, it is probed again and fails again', async () => {
    const app = await server.startApp({ ingest: { tools, runWorker: true, timings } });
    const editor = await consoleEditor(app, server.db);
    const job = await upload(editor, sources.silent, 'only-sound.mp4');
    const failed = await until('failed', () => jobOf(editor, job.id), (now) => now.state === 'failed' || now.state === 'ready');
    expect(failed).toMatchObject({ state: 'failed', error: ProbeTexts.notVideo });
    const retried = await editor.send(ConsoleMediaCalls.retry, { jobId: job.id });
    expect(retried).toMatchObject({ ret: 200, data: { state: 'queued', error: '' } });
    expect(await until('failed again', () => jobOf(editor, job.id), (now) => now.state === 'failed')).toMatchObject({ error: ProbeTexts.notVideo });
  }, 120_000);

  it('a job cancelled mid-way stops ffmpeg and leaves nothing behind: no renditions, no half-made folder, no source', async () => {
    const app = await server.startApp({ ingest: { tools, runWorker: true, timings } });
    const editor = await consoleEditor(app, server.db);
    const job = await upload(editor, sources.medium, '取消我.mp4');
    await until('transcoding', () => jobOf(editor, job.id), (now) => now.state === 'transcoding' && now.percent > 0);
    const [key] = (await readdir(join(server.dir, 'renditions'))).filter((name) => name.endsWith('.part'));
    expect(key).toBeDefined();
    expect(await editor.send(ConsoleMediaCalls.cancel, { jobId: job.id })).toMatchObject({ ret: 200, data: { state: 'cancelled' } });
    await until('the half-made folder removed', async () => exists(join(server.dir, 'renditions', key!)), (there) => !there, 30_000);
    // A moment later the worker is still not writing: nothing comes back.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await exists(join(server.dir, 'renditions', key!))).toBe(false);
    expect(await exists(join(server.dir, 'renditions', key!.replace(/\.part$/, '')))).toBe(false);
    expect(await exists(join(server.dir, 'uploads', 'sources', `${job.sourceId}.source`))).toBe(false);
    expect((await jobOf(editor, job.id)).state).toBe('cancelled');
  }, 240_000);

  it('a source the size limit or the quota does not allow is refused before any byte', async () => {
    const app = await server.startApp({ config: { dataDir: server.dir, sourceMaxBytes: 1024 ** 2, mediaQuotaBytes: 1024 ** 2 } });
    const editor = await consoleEditor(app, server.db);
    expect(await editor.send(ConsoleMediaCalls.createSource, { fileName: 'a.mp4', size: 1024 ** 2 + 1 })).toEqual({ ret: 9531, msg: ConsoleMediaTexts.tooLarge('1MB'), data: null });
    // What is held already (the sources and renditions above) counts against the quota.
    expect((await editor.send(ConsoleMediaCalls.createSource, { fileName: 'b.mp4', size: 1024 ** 2 })).ret).toBe(9532);
    expect(ConsoleMediaLimits.chunkSize).toBe(8 * 1024 * 1024);
  });
});

describe.skipIf(DATABASE_URL === undefined)('worker processes sharing PostgreSQL', () => {
  let schema = '';
  let db: Database;
  let dataDir = '';
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    const made = await createThrowawaySchema(DATABASE_URL!, { prefix: 'transcode' });
    schema = made.schema;
    db = made.db;
    await migrate(db);
    dataDir = join(server.dir, 'shared');
    await mkdir(join(dataDir, 'uploads', 'sources'), { recursive: true });
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    await db?.close();
  });

  /** A job of `file` as if uploaded: a whole source and a queued job. */
  async function queue(file: string): Promise<number> {
    const at = new Date();
    const rows = await db.query<{ id: number }>('SELECT id FROM operators LIMIT 1');
    let operatorId = rows[0]?.id;
    if (operatorId === undefined) {
      const made = await createOperator({ db, hasher: new PasswordHasher(TEST_ARGON2), now: () => at }, { operatorId: null, name: OperatorTexts.commandLine }, { name: 'queue-owner', role: 'owner', password: 'owner password' });
      if (!made.ok) throw new Error(made.problem);
      operatorId = made.operator.id;
    }
    const size = (await stat(file)).size;
    const source = await insertSource(db, { operatorId, fileName: 'queued.mp4', sizeBytes: size, chunkCount: 1 }, at);
    await copyFile(file, join(dataDir, 'uploads', 'sources', `${source.id}.source`));
    await markSourceWhole(db, source.id, 'mp4', at);
    return insertJob(db, source.id, `k${source.id}x${Date.now().toString(36)}`, at);
  }

  /** A `--worker` process on the schema (a quick job at superfast; one to be killed mid-way at the default veryfast). */
  function startWorker(preset = 'veryfast'): { child: ChildProcess; output: () => string } {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: `${DATABASE_URL!}${DATABASE_URL!.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      DATA_DIR: dataDir,
      TRANSCODE_STALE_MS: '1500',
      TRANSCODE_CONCURRENCY: '1',
      TRANSCODE_PRESET: preset,
    };
    delete env['REDIS_URL'];
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--worker'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { child, output: () => output };
  }

  const stateOf = async (id: number) => (await db.query<{ state: string; attempts: number; percent: number }>('SELECT state, attempts, percent FROM transcode_jobs WHERE id = $1', [id]))[0]!;

  it('kill -9 mid-job, then a worker again: the job ends ready, not stuck', async () => {
    const id = await queue(sources.medium);
    const first = startWorker();
    await until('transcoding', () => stateOf(id), (job) => job.state === 'transcoding' && job.percent > 0, 120_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${first.output()}`);
    });
    const exited = new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
    process.kill(-first.child.pid!, 'SIGKILL');
    await exited;
    expect((await stateOf(id)).state).toBe('transcoding');
    const second = startWorker();
    const ended = await until('ended', () => stateOf(id), (job) => job.state === 'ready' || job.state === 'failed', 180_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${second.output()}`);
    });
    expect(ended).toMatchObject({ state: 'ready', attempts: 2 });
    const key = (await db.query<{ media_key: string }>('SELECT media_key FROM transcode_jobs WHERE id = $1', [id]))[0]!.media_key;
    expect(await exists(join(dataDir, 'renditions', key, 'master.m3u8'))).toBe(true);
    expect(await exists(join(dataDir, 'renditions', `${key}.part`))).toBe(false);
    process.kill(-second.child.pid!, 'SIGKILL');
  }, 300_000);

  it('two workers and three jobs: each job is done exactly once', async () => {
    const ids = [await queue(sources.small), await queue(sources.small), await queue(sources.small)];
    const workers = [startWorker('superfast'), startWorker('superfast')];
    await until('all ready', async () => Promise.all(ids.map(stateOf)), (jobs) => jobs.every((job) => job.state === 'ready' || job.state === 'failed'), 240_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${workers.map((worker) => worker.output()).join('\n---\n')}`);
    });
    const jobs = await db.query<{ id: number; state: string; attempts: number; worker: string }>('SELECT id, state, attempts, worker FROM transcode_jobs WHERE id = ANY($1::int[]) ORDER BY id', [ids]);
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual([['ready', 1], ['ready', 1], ['ready', 1]]);
    // Each job's "done" line comes from exactly one worker, once.
    const done = workers.flatMap((worker) => [...worker.output().matchAll(/transcode job done \{"job":(\d+)/g)].map((match) => Number(match[1])));
    expect(done.sort((a, b) => a - b)).toEqual(ids);
    for (const worker of workers) process.kill(-worker.child.pid!, 'SIGKILL');
  }, 300_000);
});
