/**
 * The chunked upload over loopback: a 100 MB MP4 published through the real client use case (PublishPost on
 * AxiosHttp + NodeLocalFiles, 2 MB chunks, against the reference server on PGlite), against one single-request
 * multipart upload of the same file (AxiosHttp, FormData + Blob) to a bare fastify + @fastify/multipart endpoint
 * that streams it to disk. Figures in MB/s (1 MB = 2^20 bytes). `npx tsx bench/upload-bench.ts` runs it alone.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import sharp from 'sharp';
import { SystemClock } from '../adapters/clock/system-clock.ts';
import { AxiosHttp } from '../adapters/http/axios-http.ts';
import { NodeLocalFiles } from '../adapters/local-files/node-local-files.ts';
import { MemoryNavigator } from '../adapters/navigator/memory-navigator.ts';
import { FakeNotifier } from '../adapters/notifier/fake-notifier.ts';
import { MemoryKeyValueStore } from '../adapters/storage/memory-key-value-store.ts';
import { readConfig, uploadDirOf } from '../server/config.ts';
import { startServer } from '../server/main.ts';
import { ApiClient } from '../src/core/request/api-client.ts';
import { RequestLimits } from '../src/core/request/texts.ts';
import { parseUser, tokenParams } from '../src/core/shared-kernel/user.ts';
import { UserSession } from '../src/core/shared-kernel/user-session.ts';
import { PostDraftStore } from '../src/core/upload/post-draft.ts';
import { PostsService } from '../src/core/posts/posts-service.ts';
import { PublishPost } from '../src/core/upload/publish-post.ts';

const MB = 1024 * 1024;
const SIZE = 100 * MB;
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** demo-media/clip-d.mp4 followed by one `free` box, so the file is still a valid MP4 of exactly `size` bytes. */
async function makeVideo(target: string, size: number): Promise<void> {
  const clip = await readFile(path.join(root, 'demo-media', 'clip-d.mp4'));
  const boxSize = size - clip.length;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(boxSize, 0);
  header.write('free', 4, 'ascii');
  const out = createWriteStream(target);
  const write = (bytes: Uint8Array) => new Promise<void>((resolve, reject) => out.write(bytes, (e) => (e ? reject(e) : resolve())));
  await write(clip);
  await write(header);
  const block = Buffer.alloc(MB, 0x5a);
  for (let left = boxSize - 8; left > 0; left -= block.length) await write(left >= block.length ? block : block.subarray(0, left));
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const rate = (bytes: number, ms: number) => `${(bytes / MB / (ms / 1000)).toFixed(1)} MB/s`;

/** PublishPost (the app's use case) against the reference server; answers the time of the chunks and of it all. */
async function publishThroughUseCase(videoPath: string, coverPath: string, dataDir: string) {
  const config = { ...readConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }) };
  const server = await startServer(config, { logger: false });
  try {
    const register = await fetch(`${server.url}/api/Login/Register`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // A new name each run: on DATABASE_URL the database outlives the run, and the name would be taken the next time.
      body: new URLSearchParams({ userName: `bench_${Date.now().toString(36)}`, password: 'bench123456', nickName: '压测' }).toString(),
    });
    const user = parseUser(((await register.json()) as { data: unknown }).data);
    if (!user) throw new Error('could not register the bench user');
    const clock = new SystemClock();
    const session = new UserSession(new MemoryKeyValueStore(), new MemoryKeyValueStore(), clock);
    session.signedIn(user);
    const context = {
      visitorId: () => null,
      traditionalChinese: () => false,
      tokenParams: () => tokenParams(user.token),
      sessionInvalidated: () => {},
    };
    const api = new ApiClient(new AxiosHttp({ baseURL: server.url }), context, new FakeNotifier(), new MemoryNavigator('/publishDynamic'));
    const files = new NodeLocalFiles();
    const store = new PostDraftStore();
    const publisher = new PublishPost(api, files, clock, store, session, new PostsService(api));
    const problem = store.setVideo(await files.open(videoPath), 10) ?? store.setCover(await files.open(coverPath));
    if (problem) throw new Error(problem.message);
    store.setDescription('100 MB bench');

    let chunksDoneAt = 0;
    const progressAt: number[] = [];
    const started = performance.now();
    const stop = store.subscribe((draft) => {
      if (draft.progress > 1 && draft.progress <= 80 && progressAt[progressAt.length - 1] !== draft.progress) progressAt.push(performance.now());
      if (draft.progress >= 80 && chunksDoneAt === 0) chunksDoneAt = performance.now();
    });
    const outcome = await publisher.publish();
    const total = performance.now() - started;
    stop();
    if (outcome.kind !== 'published') throw new Error(`publish ${outcome.kind}: ${'message' in outcome ? outcome.message : ''}`);
    const storedName = store.draft.uploadedFileName;
    const stored = path.join(uploadDirOf(config), 'videos', storedName);
    // The last chunk's time includes the server assembling the file.
    const last = progressAt.length >= 2 ? (progressAt[progressAt.length - 1] ?? 0) - (progressAt[progressAt.length - 2] ?? 0) : 0;
    return { total, chunks: chunksDoneAt - started, stored, chunkCount: Math.ceil(SIZE / (2 * MB)), lastChunk: last };
  } finally {
    await server.close();
  }
}

/**
 * One multipart request with the whole file (the same transport), to a bare endpoint that streams it to disk;
 * and, to tell the transport's share from the reference server's, the same 2 MB chunks sent one by one to it.
 */
async function singleRequest(videoPath: string, dir: string) {
  const app = Fastify({ logger: false, bodyLimit: SIZE + MB });
  await app.register(multipart, { limits: { fileSize: SIZE + MB, files: 1 } });
  const target = path.join(dir, 'single.mp4');
  app.post('/upload', async (request) => {
    const part = await request.file();
    if (!part) return { ret: 1001, msg: 'no file', data: null };
    await pipeline(part.file, createWriteStream(target));
    return { ret: 200, msg: '', data: { bytes: (await stat(target)).size } };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const http = new AxiosHttp({ baseURL: url });
    const send = (bytes: Uint8Array) =>
      http.send({
        method: 'POST',
        url: '/upload',
        body: { System: 'h5' },
        bodyEncoding: 'multipart',
        files: { file: { bytes, fileName: 'bench.mp4', contentType: 'video/mp4' } },
        timeoutMs: RequestLimits.timeoutMs * 10,
      });
    // Warm the connection and the parser, as the use case's first calls warmed them.
    for (let i = 0; i < 5; i += 1) await send(new Uint8Array(2 * MB));
    const files = new NodeLocalFiles();
    const video = await files.open(videoPath);
    const chunkStarted = performance.now();
    for (let start = 0; start < SIZE; start += 2 * MB) await send(await files.read(video, start, start + 2 * MB));
    const chunksOnly = performance.now() - chunkStarted;
    // Read as the use case would have to, to send it in one go: the whole file in memory.
    const started = performance.now();
    const bytes = new Uint8Array(await readFile(videoPath));
    const response = await send(bytes);
    const total = performance.now() - started;
    const answer = response.body as { data?: { bytes?: number } };
    if (answer.data?.bytes !== SIZE) throw new Error(`single request stored ${String(answer.data?.bytes)} bytes`);
    return { total, stored: target, chunksOnly };
  } finally {
    await app.close();
  }
}

export async function benchUpload(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'qiyu-upload-bench-'));
  try {
    const videoPath = path.join(dir, 'bench-100mb.mp4');
    const coverPath = path.join(dir, 'cover.jpg');
    await makeVideo(videoPath, SIZE);
    await writeFile(coverPath, await sharp({ create: { width: 600, height: 800, channels: 3, background: '#c0392b' } }).jpeg().toBuffer());
    const original = await sha256(videoPath);

    const chunked = await publishThroughUseCase(videoPath, coverPath, path.join(dir, 'data'));
    const chunkedSame = (await sha256(chunked.stored)) === original;
    const single = await singleRequest(videoPath, dir);
    const singleSame = (await sha256(single.stored)) === original;

    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `upload 100 MB over loopback, PublishPost (AxiosHttp + NodeLocalFiles, ${chunked.chunkCount} × 2 MB chunks, reference server on ${db}): ` +
        `chunks ${rate(SIZE, chunked.chunks)} (${Math.round(chunked.chunks)} ms), whole publish ${rate(SIZE, chunked.total)} ` +
        `(${Math.round(chunked.total)} ms, incl. save, cover, post; last chunk with assembly ${Math.round(chunked.lastChunk)} ms)` +
        `${chunkedSame ? ', stored file identical' : ', STORED FILE DIFFERS'}`,
    );
    console.log(
      `upload 100 MB over loopback, one multipart request (AxiosHttp, FormData + Blob, fastify + @fastify/multipart to disk): ` +
        `${rate(SIZE, single.total)} (${Math.round(single.total)} ms)${singleSame ? ', stored file identical' : ', STORED FILE DIFFERS'}; ` +
        `the same 2 MB chunks one by one to that bare endpoint: ${rate(SIZE, single.chunksOnly)} (transport only, no checks, no database)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchUpload();
