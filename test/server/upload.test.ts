import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadCalls, UploadChunkCalls, UploadRet } from '../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../src/core/upload/upload-texts.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedPosts } from '../../server/posts/seed.ts';
import { FakeClock, DAY, get, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import {
  CHUNK,
  callerFields,
  chunksOf,
  createFile,
  createFileFor,
  demoClip,
  multipartBody,
  postMultipart,
  saveVideo,
  sendChunk,
  snapshot,
  uploadVideo,
  videoOfSize,
} from './upload-support.ts';
import type { FileInfo } from './upload-support.ts';
import { useServerFixture } from './server-fixture.ts';

const MB = 1024 * 1024;
/** Limits of this suite: videos up to 8 MB, 12 MB per user. */
const MAX_BYTES = 8 * MB;
const QUOTA_BYTES = 12 * MB;

const clock = new FakeClock();

const server = useServerFixture({
  clock,
  tempDir: 'qiyu-upload-',
  config: ({ dir }) => ({ dataDir: dir, uploadMaxBytes: MAX_BYTES, uploadQuotaBytes: QUOTA_BYTES }),
  seed: async (db, { dir }) => {
    await seedPosts(db, { uploadDir: join(dir, 'uploads'), clock });
  },
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const held = (user: TestUser, info: FileInfo) =>
  server.get<{ received: number[]; chunks: number; fileName: string; complete: boolean }>(UploadCalls.heldChunks.path, {
    ...tokenParams(user.token), uniqueFileID: info.uniqueFileName,
  });

describe('CreateVideoFile', () => {
  it('reserves an upload: lid, video id and a server-made unique name', async () => {
    const user = await server.registerUser();
    const { body } = await createFile(server.app, user, { fileName: '我的视频 (1).mp4', fileSize: String(5 * MB), duration: '12.6', chunks: '3' });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.lid).toBeGreaterThan(0);
    expect(body.data.id).toBeGreaterThan(0);
    expect(body.data.uniqueFileName).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    const again = await createFile(server.app, user, { fileName: 'b.mp4', fileSize: '10', duration: '1', chunks: '1' });
    expect(again.body.data.uniqueFileName).not.toBe(body.data.uniqueFileName);
    expect(again.body.data.id).not.toBe(body.data.id);
  });

  it('needs a login', async () => {
    const { body } = await server.get(UploadCalls.createFile.path, { fileName: 'a.mp4', fileSize: '10', duration: '1', chunks: '1' });
    expect(body.ret).toBe(Ret.SessionInvalid);
  });

  it.each([
    ['a/b.mp4'],
    ['..\\b.mp4'],
    ['..'],
    ['a\nb.mp4'],
    [`${'长'.repeat(201)}.mp4`],
  ])('refuses the file name %j with 8114', async (fileName) => {
    const user = await server.registerUser();
    const { body } = await createFile(server.app, user, { fileName, fileSize: '10', duration: '1', chunks: '1' });
    expect(body).toEqual({ ret: UploadRet.FileNameInvalid, msg: UploadTexts.FileNameInvalid, data: null });
  });

  it('refuses a NUL in the file name before the upload rules see it (1002, as every param)', async () => {
    const user = await server.registerUser();
    const { body } = await createFile(server.app, user, { fileName: 'a\u0000.mp4', fileSize: '10', duration: '1', chunks: '1' });
    expect(body).toMatchObject({ ret: Ret.BadParam, data: null });
  });

  it.each([
    [{ fileSize: '0' }, 'fileSize'],
    [{ fileSize: 'ten' }, 'fileSize'],
    [{ chunks: '3' }, 'chunks'],
    [{ chunks: '0' }, 'chunks'],
    [{ duration: '-1' }, 'duration'],
    [{ duration: '601' }, 'duration'],
    [{ duration: 'NaN' }, 'duration'],
    [{ duration: '600.6' }, 'duration'],
  ])('refuses %j with 1002', async (fields, name) => {
    const user = await server.registerUser();
    const { body } = await createFile(server.app, user, { fileName: 'a.mp4', fileSize: String(3 * MB), duration: '10', chunks: '2', ...fields });
    expect(body.ret).toBe(Ret.BadParam);
    expect(body.msg).toContain(name);
  });

  it('answers 1001 for a missing param', async () => {
    const user = await server.registerUser();
    const { body } = await createFile(server.app, user, { fileSize: '10', duration: '1', chunks: '1' });
    expect(body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：fileName', data: null });
  });

  it('refuses a video above UPLOAD_MAX_BYTES with 8115 naming the limit', async () => {
    const user = await server.registerUser();
    const size = MAX_BYTES + 1;
    const { body } = await createFile(server.app, user, { fileName: 'big.mp4', fileSize: String(size), duration: '10', chunks: String(Math.ceil(size / CHUNK)) });
    expect(body).toEqual({ ret: UploadRet.VideoTooLarge, msg: '视频不能超过8MB', data: null });
  });

  it('refuses what would pass the quota with 8116; uploads older than a day without a post stop counting', async () => {
    const user = await server.registerUser();
    const seven = await videoOfSize(7 * MB);
    await uploadVideo(server.app, user, seven);
    const size = 6 * MB;
    const fields = { fileName: 'more.mp4', fileSize: String(size), duration: '10', chunks: String(Math.ceil(size / CHUNK)) };
    const refused = await createFile(server.app, user, fields);
    expect(refused.body).toEqual({ ret: UploadRet.QuotaExceeded, msg: UploadTexts.QuotaExceeded, data: null });
    clock.advance(DAY + 1000);
    const accepted = await createFile(server.app, user, fields);
    expect(accepted.body.ret).toBe(Ret.Ok);
  });
});

describe('UploadVideoChunk and GetUploadedChunks', () => {
  it('stores chunks in any order, assembles them in order when the last arrives, and answers re-sends alike', async () => {
    const user = await server.registerUser();
    const video = await videoOfSize(5 * MB + 12345);
    const parts = chunksOf(video);
    expect(parts).toHaveLength(3);
    const info = (await createFileFor(server.app, user, video)).body.data;
    const storedName = `xw-${info.uniqueFileName}.mp4`;

    const second = await sendChunk(server.app, user, info, 2, 3, parts[1]!, { fileName: '我的 视频 (1).mp4' });
    expect(second.body).toEqual({ ret: Ret.Ok, msg: '成功', data: { fileName: '', chunk: 2, received: [2], complete: false, serverId: '1' } });
    const first = await sendChunk(server.app, user, info, 1, 3, parts[0]!);
    expect(first.body.data).toEqual({ fileName: storedName, chunk: 1, received: [1, 2], complete: false, serverId: '1' });
    expect((await held(user, info)).body.data).toEqual({ received: [1, 2], chunks: 3, fileName: storedName, complete: false });

    const resent = await sendChunk(server.app, user, info, 1, 3, parts[0]!);
    expect(resent.body.data).toEqual({ fileName: storedName, chunk: 1, received: [1, 2], complete: false, serverId: '1' });

    const last = await sendChunk(server.app, user, info, 3, 3, parts[2]!);
    expect(last.body.data).toEqual({ fileName: storedName, chunk: 3, received: [1, 2, 3], complete: true, serverId: '1' });
    const stored = await readFile(join(server.dir, 'uploads', 'videos', storedName));
    expect(sha(stored)).toBe(sha(video));
    expect(await snapshot(join(server.dir, 'uploads', 'parts', info.uniqueFileName))).toEqual([]);

    const lastAgain = await sendChunk(server.app, user, info, 3, 3, parts[2]!);
    expect(lastAgain.body.data).toEqual({ fileName: storedName, chunk: 3, received: [1, 2, 3], complete: true, serverId: '1' });
    expect((await held(user, info)).body.data).toEqual({ received: [1, 2, 3], chunks: 3, fileName: storedName, complete: true });
  });

  it('resumes after a restart: the held chunks survive, only the missing ones are sent', async () => {
    const user = await server.registerUser();
    const video = await videoOfSize(7 * MB);
    const parts = chunksOf(video);
    const info = (await createFileFor(server.app, user, video)).body.data;
    await sendChunk(server.app, user, info, 1, 4, parts[0]!);
    await sendChunk(server.app, user, info, 2, 4, parts[1]!);
    await sendChunk(server.app, user, info, 4, 4, parts[3]!);

    const restarted = await server.startApp();
    try {
      const state = await get<{ received: number[] }>(restarted, UploadCalls.heldChunks.path, { ...tokenParams(user.token), uniqueFileID: info.uniqueFileName });
      expect(state.body.data.received).toEqual([1, 2, 4]);
      const missing = [1, 2, 3, 4].filter((n) => !state.body.data.received.includes(n));
      expect(missing).toEqual([3]);
      const { payload, contentType } = multipartBody([
        ...callerFields(user), ['chunk', '3'], ['renamemode', 'Format'], ['prefix', 'xw-'], ['chunks', '4'], ['uid', String(user.id)],
        ['uniqueFileID', info.uniqueFileName],
      ], [{ field: 'file', name: 'blob', bytes: parts[2]! }]);
      const response = await restarted.inject({ method: 'POST', url: UploadChunkCalls.videoChunk.path, payload, headers: { 'content-type': contentType } });
      expect(JSON.parse(response.body).data.complete).toBe(true);
    } finally {
      await restarted.close();
    }
    const stored = await readFile(join(server.dir, 'uploads', 'videos', `xw-${info.uniqueFileName}.mp4`));
    expect(sha(stored)).toBe(sha(video));
  });

  it('assembles once when all chunks arrive at the same time', async () => {
    const user = await server.registerUser();
    const video = await videoOfSize(4 * MB + 1);
    const parts = chunksOf(video);
    const info = (await createFileFor(server.app, user, video)).body.data;
    const answers = await Promise.all(parts.map((part, index) => sendChunk(server.app, user, info, index + 1, parts.length, part)));
    expect(answers.map((answer) => answer.body.ret)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.body.data.complete).length).toBeGreaterThanOrEqual(1);
    expect((await held(user, info)).body.data.complete).toBe(true);
    const stored = await readFile(join(server.dir, 'uploads', 'videos', `xw-${info.uniqueFileName}.mp4`));
    expect(sha(stored)).toBe(sha(video));
  });

  it('tells webm and QuickTime files apart by their bytes', async () => {
    const user = await server.registerUser();
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]), Buffer.from('webm'), Buffer.alloc(100)]);
    const { info, last } = await uploadVideo(server.app, user, webm);
    expect(last.fileName).toBe(`xw-${info.uniqueFileName}.webm`);
    const mov = Buffer.concat([Buffer.from([0, 0, 0, 0x14]), Buffer.from('ftypqt  '), Buffer.alloc(100)]);
    const quicktime = await uploadVideo(server.app, user, mov);
    expect(quicktime.last.fileName).toBe(`xw-${quicktime.info.uniqueFileName}.mov`);
  });

  it('does not serve a video before it is saved, then serves it', async () => {
    const user = await server.registerUser();
    const clip = await demoClip();
    const { info, last } = await uploadVideo(server.app, user, clip);
    expect((await server.app.inject({ method: 'GET', url: `/uploads/videos/${last.fileName}` })).statusCode).toBe(404);
    expect((await saveVideo(server.app, user, info, last.fileName)).body.ret).toBe(Ret.Ok);
    const served = await server.app.inject({ method: 'GET', url: `/uploads/videos/${last.fileName}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    expect(sha(served.rawPayload)).toBe(sha(clip));
  });
});

describe('bad chunks', () => {
  let owner: TestUser;
  let other: TestUser;
  let info: FileInfo;
  let video: Buffer;
  let parts: Buffer[];
  let before: string[];

  const outsideUploads = (list: string[]) => list.filter((entry) => !entry.startsWith('uploads/'));
  const expectRefused = (body: { ret: number; msg: string; data: unknown }, ret: number, msg: string) =>
    expect(body).toEqual({ ret, msg, data: null });

  beforeAll(async () => {
    owner = await server.registerUser();
    other = await server.registerUser();
    video = await videoOfSize(5 * MB);
    parts = chunksOf(video);
    info = (await createFileFor(server.app, owner, video)).body.data;
    before = await snapshot(server.dir);
  });

  afterAll(async () => {
    // Nothing was written outside the upload folder, and inside it only chunk parts and videos of our own naming.
    const after = await snapshot(server.dir);
    expect(outsideUploads(after)).toEqual(outsideUploads(before));
    for (const entry of after.filter((line) => line.startsWith('uploads/'))) {
      expect(entry).toMatch(/^uploads\/(?:parts\/[A-Za-z0-9_-]{8,64}\/\d+\.part|videos\/xw-[A-Za-z0-9_-]{8,64}\.(?:mp4|mov|webm|mkv)) \d+$/);
    }
    expect(after.some((entry) => entry.includes('evil'))).toBe(false);
  });

  it.each([
    ['chunk 0', { chunk: '0' }],
    ['chunk -1', { chunk: '-1' }],
    ['chunk beyond chunks', { chunk: '4' }],
    ['a different chunk count', { chunks: '4', chunk: '1' }],
  ])('refuses %s with 8111', async (_label, fields) => {
    const { body } = await sendChunk(server.app, owner, info, 1, 3, parts[0]!, { fields });
    expectRefused(body, UploadRet.ChunkOutOfRange, UploadTexts.ChunkOutOfRange);
  });

  it('refuses a chunk number that is not a number with 1002', async () => {
    const { body } = await sendChunk(server.app, owner, info, 1, 3, parts[0]!, { fields: { chunk: '1; rm -rf /' } });
    expectRefused(body, Ret.BadParam, '参数格式错误：chunk');
  });

  it('refuses a chunk for another user\'s upload, or a uid that is not the caller\'s, with 8110', async () => {
    const { body } = await sendChunk(server.app, owner, info, 1, 3, parts[0]!, { as: other });
    expectRefused(body, UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
    const spoofed = await sendChunk(server.app, owner, info, 1, 3, parts[0]!, { fields: { uid: String(other.id) } });
    expectRefused(spoofed.body, UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
    const peek = await held(other, info);
    expectRefused(peek.body, UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
  });

  it.each([
    ['an unknown upload', 'NoSuchUpload123'],
    ['a traversal as the upload id', '../../../../tmp/evil'],
    ['an absolute path as the upload id', '/etc/passwd'],
  ])('refuses %s with 8110', async (_label, uniqueFileID) => {
    const { body } = await sendChunk(server.app, owner, info, 1, 3, parts[0]!, { fields: { uniqueFileID } });
    expectRefused(body, UploadRet.UploadNotFound, UploadTexts.UploadNotFound);
  });

  it('refuses a text file renamed to .mp4 with 8113 and keeps nothing of it', async () => {
    const text = Buffer.from('这不是视频，只是一段改了扩展名的文字。\n'.repeat(20));
    const renamed = (await createFileFor(server.app, owner, text, 'notes.mp4')).body.data;
    const { body } = await sendChunk(server.app, owner, renamed, 1, 1, text, { fileName: 'notes.mp4' });
    expectRefused(body, UploadRet.NotAVideo, UploadTexts.NotAVideo);
    expect((await held(owner, renamed)).body.data).toEqual({ received: [], chunks: 1, fileName: '', complete: false });
  });

  it.each([
    ['../../evil.mp4'],
    ['..\\..\\evil.mp4'],
    ['/tmp/evil.mp4'],
  ])('refuses the part file name %j with 8114', async (fileName) => {
    const { body } = await sendChunk(server.app, owner, info, 1, 3, parts[0]!, { fileName });
    expectRefused(body, UploadRet.FileNameInvalid, UploadTexts.FileNameInvalid);
  });

  it('refuses a chunk of the wrong size with 8112, and a part longer than a chunk', async () => {
    const short = await sendChunk(server.app, owner, info, 1, 3, parts[0]!.subarray(0, CHUNK - 1));
    expectRefused(short.body, UploadRet.ChunkSizeInvalid, UploadTexts.ChunkSizeInvalid);
    const long = await sendChunk(server.app, owner, info, 2, 3, Buffer.concat([parts[1]!, Buffer.alloc(10)]));
    expectRefused(long.body, UploadRet.ChunkSizeInvalid, UploadTexts.ChunkSizeInvalid);
    const lastTooShort = await sendChunk(server.app, owner, info, 3, 3, parts[2]!.subarray(1));
    expectRefused(lastTooShort.body, UploadRet.ChunkSizeInvalid, UploadTexts.ChunkSizeInvalid);
    expect((await held(owner, info)).body.data.received).toEqual([]);
  });

  it('refuses an oversized upload before any byte is sent (8115)', async () => {
    const size = 50 * MB;
    const { body } = await createFile(server.app, owner, { fileName: 'huge.mp4', fileSize: String(size), duration: '30', chunks: String(size / CHUNK) });
    expectRefused(body, UploadRet.VideoTooLarge, '视频不能超过8MB');
  });

  it('answers malformed multipart calls in the API shape, never 500', async () => {
    const form = await server.post(UploadChunkCalls.videoChunk.path, { ...tokenParams(owner.token), chunk: '1', chunks: '3', uniqueFileID: info.uniqueFileName });
    expect(form.body.ret).toBe(Ret.BadParam);
    const noFile = await postMultipart(server.app, UploadChunkCalls.videoChunk.path, [...callerFields(owner), ['chunk', '1'], ['chunks', '3'], ['uniqueFileID', info.uniqueFileName]], []);
    expectRefused(noFile.body, Ret.MissingParam, '缺少参数：file');
    const twoFiles = await postMultipart(server.app, UploadChunkCalls.videoChunk.path, [...callerFields(owner), ['chunk', '1'], ['chunks', '3'], ['uniqueFileID', info.uniqueFileName]], [
      { field: 'file', name: 'a', bytes: parts[0]! }, { field: 'file', name: 'b', bytes: Buffer.from('x') },
    ]);
    expect(twoFiles.status).toBe(200);
    expect([Ret.Ok, Ret.BadParam]).toContain(twoFiles.body.ret);
    const { payload, contentType } = multipartBody([...callerFields(owner), ['chunk', '2'], ['chunks', '3'], ['uniqueFileID', info.uniqueFileName]], [
      { field: 'file', name: 'blob', bytes: parts[1]! },
    ]);
    const cut = await server.app.inject({ method: 'POST', url: UploadChunkCalls.videoChunk.path, payload: payload.subarray(0, payload.length - 5000), headers: { 'content-type': contentType } });
    expect(cut.statusCode).toBe(200);
    expect(JSON.parse(cut.body)).toMatchObject({ ret: Ret.BadParam });
    const garbage = await server.app.inject({ method: 'POST', url: UploadChunkCalls.videoChunk.path, payload: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(JSON.parse(garbage.body).ret).not.toBe(Ret.Internal);
    const noToken = await postMultipart(server.app, UploadChunkCalls.videoChunk.path, [['chunk', '1'], ['chunks', '3'], ['uniqueFileID', info.uniqueFileName]], [
      { field: 'file', name: 'blob', bytes: parts[0]! },
    ]);
    expectRefused(noToken.body, Ret.SessionInvalid, '请先登录');
  });

  it('keeps nothing of a chunk whose connection is cut mid-way, and keeps answering', async () => {
    const listening = await server.startApp();
    try {
      await listening.listen({ port: 0, host: '127.0.0.1' });
      const { port } = listening.server.address() as AddressInfo;
      const { payload, contentType } = multipartBody([...callerFields(owner), ['chunk', '2'], ['chunks', '3'], ['uniqueFileID', info.uniqueFileName]], [
        { field: 'file', name: 'blob', bytes: parts[1]! },
      ]);
      await new Promise<void>((resolve) => {
        const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: UploadChunkCalls.videoChunk.path, headers: {
          'content-type': contentType, 'content-length': String(payload.length),
        } });
        request.on('error', () => resolve());
        request.write(payload.subarray(0, 1024 * 1024), () => setTimeout(() => {
          request.destroy();
          resolve();
        }, 100));
      });
      // The server notices the cut connection and removes the part it was writing: on a busy machine that can take
      // longer than a fixed pause, so the test waits for it (up to 10 s) rather than for 200 ms.
      const tmpParts = async () => (await snapshot(join(server.dir, 'uploads', 'parts', info.uniqueFileName))).filter((entry) => entry.includes('.tmp'));
      await expect.poll(tmpParts, { timeout: 10_000, interval: 50 }).toEqual([]);
      expect((await held(owner, info)).body.data.received).not.toContain(2);
    } finally {
      await listening.close();
    }
  });

  it('still takes the good chunks afterwards', async () => {
    for (const [index, part] of parts.entries()) {
      expect((await sendChunk(server.app, owner, info, index + 1, 3, part)).body.ret).toBe(Ret.Ok);
    }
    expect((await held(owner, info)).body.data.complete).toBe(true);
  });
});
