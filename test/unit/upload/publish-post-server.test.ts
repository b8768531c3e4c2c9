/**
 * The client's posting use cases on their real adapters (AxiosHttp, BrowserLocalFiles on Node's File) against
 * the reference server over loopback: a publish, an interrupted publish resumed, the lists, the place search.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SystemClock } from '../../../adapters/clock/system-clock.ts';
import { AxiosHttp } from '../../../adapters/http/axios-http.ts';
import { BrowserLocalFiles } from '../../../adapters/local-files/browser-local-files.ts';
import { MemoryNavigator } from '../../../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../../../adapters/notifier/fake-notifier.ts';
import { ServerPlaceSearch } from '../../../adapters/place-search/server-place-search.ts';
import { MemoryKeyValueStore } from '../../../adapters/storage/memory-key-value-store.ts';
import { readConfig } from '../../../server/config.ts';
import { startServer } from '../../../server/main.ts';
import { HttpFailure, type Http, type HttpRequest } from '../../../src/core/ports/http.ts';
import { PostsService } from '../../../src/core/posts/posts-service.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { parseUser, tokenParams } from '../../../src/core/shared-kernel/user.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { PostDraftStore } from '../../../src/core/upload/post-draft.ts';
import { PublishPost } from '../../../src/core/upload/publish-post.ts';
import { UploadCalls, UploadChunkCalls, UploadConstants } from '../../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../../src/core/upload/upload-texts.ts';
import { TEST_ARGON2 } from '../../server/support.ts';

type Server = Awaited<ReturnType<typeof startServer>>;
let server: Server;
let dataDir: string;
let clip: Buffer;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'qiyu-publish-'));
  const config = { ...readConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), argon2: TEST_ARGON2 };
  server = await startServer(config, { logger: false });
  clip = await readFile(path.join(import.meta.dirname, '../../../demo-media/clip-d.mp4'));
});

afterAll(async () => {
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** clip-d.mp4 with a `free` box after it: a valid MP4 of `size` bytes. */
function video(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(clip);
  const view = new DataView(bytes.buffer);
  view.setUint32(clip.length, size - clip.length);
  bytes.set([0x66, 0x72, 0x65, 0x65], clip.length + 4);
  for (let i = clip.length + 8; i < size; i += 1) bytes[i] = (i * 17) & 0xff;
  return bytes;
}

/** A transport that drops chosen requests (no answer), as a flaky network would. */
class DroppingHttp implements Http {
  drop: ((request: HttpRequest) => boolean) | null = null;
  readonly sent: HttpRequest[] = [];
  constructor(private readonly inner: Http) {}
  send(request: HttpRequest) {
    this.sent.push(request);
    if (this.drop?.(request)) return Promise.reject(new HttpFailure('network', 'Network Error'));
    return this.inner.send(request);
  }
}

/** A clock whose waits are 1 ms, so the retries do not slow the test. */
class QuickClock extends SystemClock {
  override schedule(callback: () => void, _ms: number) {
    return super.schedule(callback, 1);
  }
}

async function client(userName: string) {
  const register = await fetch(`${server.url}/api/Login/Register`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ userName, password: 'secret123', nickName: userName }).toString(),
  });
  const user = parseUser(((await register.json()) as { data: unknown }).data);
  if (!user) throw new Error('register failed');
  const clock = new QuickClock();
  const session = new UserSession(new MemoryKeyValueStore(), new MemoryKeyValueStore(), clock);
  session.signedIn(user);
  const context = { visitorId: () => null, traditionalChinese: () => false, tokenParams: () => tokenParams(user.token), sessionInvalidated: () => {} };
  const http = new DroppingHttp(new AxiosHttp({ baseURL: server.url }));
  const api = new ApiClient(http, context, new FakeNotifier(), new MemoryNavigator('/publishDynamic'));
  const files = new BrowserLocalFiles();
  const store = new PostDraftStore();
  const publisher = new PublishPost(api, files, clock, store, session, new PostsService(api));
  return { http, api, files, store, publisher, posts: new PostsService(api), places: new ServerPlaceSearch(api) };
}

const chunkOf = (r: HttpRequest) => Number((r.body as Record<string, unknown>).chunk);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('publishing against the reference server', () => {
  it('publishes a 5 MB video in 3 chunks with a cover, labels and a place; the stored video is the picked one', async () => {
    const c = await client('upload_a1');
    const bytes = video(5 * 1024 * 1024 + 321);
    c.store.setVideo(c.files.adopt(new File([bytes], '我的 视频.mp4', { type: 'video/mp4' })), 4);
    const cover = await (await import('sharp')).default({ create: { width: 30, height: 40, channels: 3, background: '#c33' } }).jpeg().toBuffer();
    c.store.setCover(c.files.adopt(new Blob([new Uint8Array(cover)], { type: 'image/jpeg' }), 'cover.jpg'));
    const labels = await c.publisher.labels();
    expect(labels.length).toBeGreaterThanOrEqual(10);
    c.store.toggleLabel(labels[0]!);
    c.store.toggleLabel(labels[2]!);
    c.store.setDescription('第一条动态');
    const [place] = await c.places.search('外滩', null);
    expect(place?.name).toContain('外滩');
    c.store.setLocation(place ?? null);
    const point = await c.publisher.publishPoint();
    expect(point.canPublish).toBe(true);

    const outcome = await c.publisher.publish();
    expect(outcome.kind).toBe('published');
    expect(c.store.draft.progress).toBe(100);
    expect(c.http.sent.filter((r) => r.url === UploadChunkCalls.videoChunk.path).map(chunkOf)).toEqual([1, 2, 3]);

    const postId = outcome.kind === 'published' ? outcome.postId : 0;
    const post = await c.posts.post(postId);
    expect(post).toMatchObject({ contxt: '第一条动态', labels: [labels[0], labels[2]], location: { id: place?.id, name: place?.name } });
    expect(post.cover).toMatch(/^\/media\/uploads\/covers\/.+\.jpg$/);
    const served = new Uint8Array(await (await fetch(`${server.url}${post.videoUrl}`)).arrayBuffer());
    expect(sha(served)).toBe(sha(bytes));
    expect((await c.posts.myPosts(1, 10)).list.map((p) => p.id)).toEqual([postId]);
    expect((await c.posts.feed('all', 1, 50)).list.map((p) => p.id)).toContain(postId);
    expect((await c.publisher.publishPoint()).usedToday).toBe(1);
  });

  it('stops when chunk 2 keeps failing, and a resume sends only chunks 2 and 3', async () => {
    const c = await client('upload_a2');
    const bytes = video(2 * UploadConstants.chunkSize + 99);
    c.store.setVideo(c.files.adopt(new File([bytes], 'clip.mp4', { type: 'video/mp4' })), 4);
    const cover = await (await import('sharp')).default({ create: { width: 30, height: 40, channels: 3, background: '#3c3' } }).png().toBuffer();
    c.store.setCover(c.files.adopt(new File([new Uint8Array(cover)], 'cover.png', { type: 'image/png' })));
    c.http.drop = (r) => r.url === UploadChunkCalls.videoChunk.path && chunkOf(r) === 2;
    expect(await c.publisher.publish()).toEqual({ kind: 'failed', message: UploadTexts.uploadFailed });
    expect(c.store.draft).toMatchObject({ phase: 'failed', uploadError: true, progress: 27 });

    c.http.drop = null;
    const before = c.http.sent.length;
    const outcome = await c.publisher.publish();
    expect(outcome.kind).toBe('published');
    const after = c.http.sent.slice(before);
    expect(after[0]?.url).toBe(UploadCalls.heldChunks.path);
    expect(after.filter((r) => r.url === UploadChunkCalls.videoChunk.path).map(chunkOf)).toEqual([2, 3]);
    const post = await c.posts.post(outcome.kind === 'published' ? outcome.postId : 0);
    expect(post.cover).toMatch(/\.png$/);
    const served = new Uint8Array(await (await fetch(`${server.url}${post.videoUrl}`)).arrayBuffer());
    expect(sha(served)).toBe(sha(bytes));
  });

  it('cancels mid-upload: the chunk in flight is aborted and the draft is reset', async () => {
    const c = await client('upload_a3');
    c.store.setVideo(c.files.adopt(new File([video(3 * UploadConstants.chunkSize)], 'clip.mp4', { type: 'video/mp4' })), 4);
    c.store.setCover(c.files.adopt(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'c.jpg', { type: 'image/jpeg' })));
    const stop = c.store.subscribe((draft) => {
      if (draft.progress > 1) c.publisher.cancel();
    });
    expect(await c.publisher.publish()).toEqual({ kind: 'cancelled' });
    stop();
    expect(c.store.draft).toMatchObject({ video: null, progress: 0, phase: 'editing' });
    const chunks = c.http.sent.filter((r) => r.url === UploadChunkCalls.videoChunk.path);
    expect(chunks.length).toBeLessThanOrEqual(2);
    expect(chunks[chunks.length - 1]?.signal?.aborted).toBe(true);
  });
});
