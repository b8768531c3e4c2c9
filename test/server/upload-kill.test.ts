/**
 * An upload whose server was killed (kill -9) between storing the last chunk and finishing the assembly completes
 * on resume (issue 18): the server runs as a child process (`node --import tsx server/main.ts`, PGlite in a
 * temporary DATA_DIR) with QIYU_TEST_ASSEMBLY_PAUSE_MS so an assembly is slow enough to be killed half way, is
 * killed with SIGKILL, started again on the same DATA_DIR and port, and asked GetUploadedChunks; the client core's
 * PublishPost (real AxiosHttp) resumes its own killed upload to 100.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../adapters/clock/system-clock.ts';
import { AxiosHttp } from '../../adapters/http/axios-http.ts';
import { BrowserLocalFiles } from '../../adapters/local-files/browser-local-files.ts';
import { MemoryNavigator } from '../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../adapters/notifier/fake-notifier.ts';
import { MemoryKeyValueStore } from '../../adapters/storage/memory-key-value-store.ts';
import type { HttpRequest } from '../../src/core/ports/http.ts';
import { ApiClient } from '../../src/core/request/api-client.ts';
import { parseUser, tokenParams as coreTokenParams } from '../../src/core/shared-kernel/user.ts';
import { UserSession } from '../../src/core/shared-kernel/user-session.ts';
import { PostDraftStore } from '../../src/core/upload/post-draft.ts';
import { PostsCalls } from '../../src/core/posts/posts-protocol.ts';
import { PostsService } from '../../src/core/posts/posts-service.ts';
import { PublishPost } from '../../src/core/upload/publish-post.ts';
import { UploadCalls, UploadChunkCalls, UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import { COMMON_PARAMS, tokenParams } from './support.ts';
import type { Envelope, TestUser } from './support.ts';
import { CHUNK, chunksOf, multipartBody, videoOfSize } from './upload-support.ts';
import { freePort } from '../e2e/support/app-server.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Each chunk copied into an assembled video waits this long in the first server (15 s for three chunks; it is killed long before). */
const PAUSE_MS = 5000;

const children: ChildProcess[] = [];
let folder: string | undefined;

afterAll(async () => {
  for (const child of children) kill(child);
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

function kill(child: ChildProcess): void {
  if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}


interface Child {
  process: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the server as its own process group on `port` and waits until it answers. */
async function startChild(port: number, dataDir: string, extraEnv: Record<string, string> = {}): Promise<Child> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'no-static'),
    SESSION_SECRET: 'upload-kill-test-secret-0123456789',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  delete env['DATABASE_URL'];
  delete env['REDIS_URL'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/home/GetUserRegion`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer within 180 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { process: child, url, output: () => output };
}

/** kill -9, and wait until the process is gone. */
async function killHard(child: Child): Promise<void> {
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  kill(child.process);
  await exited;
  expect(child.process.signalCode).toBe('SIGKILL');
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function call<T>(url: string, path: string, user: TestUser, fields: Record<string, string>, method: 'GET' | 'POST' = 'GET'): Promise<Envelope<T>> {
  const query = new URLSearchParams({ ...COMMON_PARAMS, ...tokenParams(user.token), ...fields });
  const response = method === 'GET'
    ? await fetch(`${url}${path}?${query.toString()}`)
    : await fetch(`${url}${path}`, { method: 'POST', body: query });
  return (await response.json()) as Envelope<T>;
}

async function sendChunkOverHttp(url: string, user: TestUser, uniqueFileName: string, chunk: number, chunks: number, bytes: Uint8Array): Promise<Envelope<{ complete: boolean }>> {
  const { payload, contentType } = multipartBody([
    ...Object.entries({ ...COMMON_PARAMS, ...tokenParams(user.token) }),
    ['chunk', String(chunk)], ['renamemode', UploadConstants.renamemode], ['prefix', UploadConstants.prefix],
    ['chunks', String(chunks)], ['uid', String(user.id)], ['uniqueFileID', uniqueFileName],
  ], [{ field: 'file', name: 'blob', type: 'video/mp4', bytes }]);
  const response = await fetch(`${url}${UploadChunkCalls.videoChunk.path}`, { method: 'POST', body: new Uint8Array(payload), headers: { 'content-type': contentType } });
  return (await response.json()) as Envelope<{ complete: boolean }>;
}

/** Files in `dir` (names), or [] when it does not exist. */
async function names(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A clock whose waits are 1 ms, so the client's retries against the dead server end at once. */
class QuickClock extends SystemClock {
  override schedule(callback: () => void, _ms: number) {
    return super.schedule(callback, 1);
  }
}

/** The client core on its real adapters, signed in as `user`, talking to `url`. */
function clientCore(url: string, user: TestUser) {
  const parsed = parseUser(user);
  if (!parsed) throw new Error('bad user');
  const clock = new QuickClock();
  const session = new UserSession(new MemoryKeyValueStore(), new MemoryKeyValueStore(), clock);
  session.signedIn(parsed);
  const context = { visitorId: () => null, traditionalChinese: () => false, tokenParams: () => coreTokenParams(parsed.token), sessionInvalidated: () => {} };
  const sent: HttpRequest[] = [];
  const axios = new AxiosHttp({ baseURL: url });
  const http = { send: (request: HttpRequest) => (sent.push(request), axios.send(request)) };
  const api = new ApiClient(http, context, new FakeNotifier(), new MemoryNavigator('/publishDynamic'));
  const files = new BrowserLocalFiles();
  const store = new PostDraftStore();
  return { store, files, sent, publisher: new PublishPost(api, files, clock, store, session, new PostsService(api)) };
}

describe('an upload killed (kill -9) between its last chunk and the end of the assembly', () => {
  it('completes when GetUploadedChunks is asked after a restart; the video is byte-identical; PublishPost resumes to 100', async () => {
    folder = await mkdtemp(join(tmpdir(), 'qiyu-upload-kill-'));
    const dataDir = join(folder, 'data');
    const videosDir = join(dataDir, 'uploads', 'videos');
    const partsDir = (unique: string) => join(dataDir, 'uploads', 'parts', unique);
    const port = await freePort();
    const first = await startChild(port, dataDir, { QIYU_TEST_ASSEMBLY_PAUSE_MS: String(PAUSE_MS) });

    const registered = await fetch(`${first.url}/api/Login/Register`, {
      method: 'POST',
      body: new URLSearchParams({ ...COMMON_PARAMS, userName: 'killed_upload', password: 'secret123', nickName: 'killed_upload' }),
    });
    const user = ((await registered.json()) as Envelope<TestUser>).data;
    expect(user.id).toBeGreaterThan(0);

    // Upload A over plain HTTP: chunks 1 and 2, then chunk 3, whose answer never comes (the assembly is slow).
    const bytesA = await videoOfSize(2 * CHUNK + 12_345);
    const partsA = chunksOf(bytesA);
    const created = await call<{ uniqueFileName: string; lid: number; id: number }>(first.url, UploadCalls.createFile.path, user, {
      fileName: 'a.mp4', fileSize: String(bytesA.length), duration: '20', chunks: String(partsA.length),
    });
    expect(created.ret).toBe(200);
    const infoA = created.data;
    for (const n of [1, 2]) expect((await sendChunkOverHttp(first.url, user, infoA.uniqueFileName, n, 3, partsA[n - 1] as Buffer)).ret).toBe(200);
    const lastA = sendChunkOverHttp(first.url, user, infoA.uniqueFileName, 3, 3, partsA[2] as Buffer).catch((error: unknown) => error);

    // Upload B by the client core, at the same time; its last chunk hangs in the assembly too.
    const core = clientCore(first.url, user);
    const bytesB = new Uint8Array(await videoOfSize(2 * CHUNK + 777));
    core.store.setVideo(core.files.adopt(new File([bytesB], 'b.mp4', { type: 'video/mp4' })), 20);
    const cover = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    core.store.setCover(core.files.adopt(new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg'));
    const publishing = core.publisher.publish();

    // Both assemblies under way: every part stored, a temporary assembled file started, no video yet.
    const assembling = async (unique: string) => (await names(videosDir)).some((name) => name.startsWith(`.assemble-${unique}.`));
    await waitFor('upload A to be assembling', () => assembling(infoA.uniqueFileName));
    await waitFor('upload B to be created', async () => core.store.draft.fileInfo !== null);
    const uniqueB = core.store.draft.fileInfo?.uniqueFileName ?? '';
    await waitFor('upload B to be assembling', () => assembling(uniqueB));
    await killHard(first);

    for (const unique of [infoA.uniqueFileName, uniqueB]) {
      expect((await names(partsDir(unique))).filter((name) => name.endsWith('.part')).sort()).toEqual(['1.part', '2.part', '3.part']);
      const halfWritten = (await names(videosDir)).filter((name) => name.startsWith(`.assemble-${unique}.`));
      expect(halfWritten).toHaveLength(1);
      expect((await stat(join(videosDir, halfWritten[0] as string))).size).toBeLessThan(bytesA.length);
    }
    const videoOf = (unique: string) => (name: string) => name.startsWith(`${UploadConstants.prefix}${unique}.`);
    expect((await names(videosDir)).filter(videoOf(infoA.uniqueFileName))).toEqual([]);
    expect((await names(videosDir)).filter(videoOf(uniqueB))).toEqual([]);
    expect(await lastA).toBeInstanceOf(Error);
    const failed = await publishing;
    expect(failed.kind).toBe('failed');
    expect(core.store.draft.progress).toBeLessThan(UploadConstants.progressChunksDone);

    // Started again (no pause) on the same folder: asking which chunks are held completes the upload.
    const second = await startChild(port, dataDir);
    const asked = await Promise.all([1, 2].map(() => call<{ received: number[]; chunks: number; fileName: string; complete: boolean }>(
      second.url, UploadCalls.heldChunks.path, user, { uniqueFileID: infoA.uniqueFileName },
    )));
    const fileNameA = `${UploadConstants.prefix}${infoA.uniqueFileName}.mp4`;
    for (const answer of asked) expect(answer).toMatchObject({ ret: 200, data: { received: [1, 2, 3], chunks: 3, fileName: fileNameA, complete: true } });
    expect(sha(await readFile(join(videosDir, fileNameA)))).toBe(sha(bytesA));
    // The half-written file was discarded and the parts removed.
    expect((await names(videosDir)).filter((name) => name.startsWith(`.assemble-${infoA.uniqueFileName}.`))).toEqual([]);
    expect(await names(partsDir(infoA.uniqueFileName))).toEqual([]);
    // Asked again: the same answer; and SaveVideo takes the file name it gave.
    expect(await call(second.url, UploadCalls.heldChunks.path, user, { uniqueFileID: infoA.uniqueFileName })).toMatchObject({ data: { complete: true, fileName: fileNameA } });
    const saved = await call<{ videoId: number }>(second.url, UploadCalls.saveVideo.path, user, {
      LID: String(infoA.lid), ID: String(infoA.id), CID: UploadConstants.defaultCategoryId, UID: String(user.id),
      Contxt: '', Corver: '', UploadedFileName: fileNameA, ServerID: UploadConstants.referenceServerId,
    }, 'POST');
    expect(saved).toMatchObject({ ret: 200, data: { videoId: infoA.id } });

    // The client core resumes B: GetUploadedChunks first, no chunk sent again, then save, cover, post: 100.
    const before = core.sent.length;
    const outcome = await core.publisher.publish();
    expect(outcome.kind).toBe('published');
    expect(core.store.draft.progress).toBe(UploadConstants.progressPosted);
    const resumed = core.sent.slice(before);
    expect(resumed[0]?.url).toBe(UploadCalls.heldChunks.path);
    expect(resumed.filter((request) => request.url === UploadChunkCalls.videoChunk.path)).toEqual([]);
    const postId = outcome.kind === 'published' ? outcome.postId : 0;
    const post = await call<{ videoUrl: string }>(second.url, PostsCalls.post.path, user, { id: String(postId) });
    const served = new Uint8Array(await (await fetch(`${second.url}${post.data.videoUrl}`)).arrayBuffer());
    expect(sha(served)).toBe(sha(bytesB));
    expect((await names(videosDir)).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(second.output()).not.toMatch(/"level":50/);
  }, 420_000);
});
