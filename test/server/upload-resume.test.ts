/**
 * GetUploadedChunks completes an upload whose chunks are all held but which was never assembled (issue 18):
 * idempotent, safe against concurrent callers in two server instances sharing one database and folder, and a
 * half-written assembled file never counts. (The real kill -9 is test/server/upload-kill.test.ts.)
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { UploadCalls, UploadConstants } from '../../src/core/upload/upload-protocol.ts';
import { assemblyPauseMs } from '../../server/upload/assembly-pause.ts';
import { UploadFiles } from '../../server/upload/upload-files.ts';
import { get, registerUser, tokenParams } from './support.ts';
import type { TestUser } from './support.ts';
import { CHUNK, chunksOf, createFileFor, saveVideo, sendChunk, videoOfSize } from './upload-support.ts';
import type { FileInfo } from './upload-support.ts';
import { useServerFixture } from './server-fixture.ts';

const server = useServerFixture({ tempDir: 'qiyu-upload-resume-', config: ({ dir }) => ({ dataDir: dir }), app: false });
let first: FastifyInstance;
let second: FastifyInstance;

beforeAll(async () => {
  // Two server instances on one database and one folder, as two processes would be.
  first = await server.startApp();
  second = await server.startApp();
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const videosDir = () => join(server.dir, 'uploads', 'videos');
const partsDir = (info: FileInfo) => join(server.dir, 'uploads', 'parts', info.uniqueFileName);

interface Held {
  received: number[];
  chunks: number;
  fileName: string;
  complete: boolean;
}

const held = (app: FastifyInstance, user: TestUser, info: FileInfo) =>
  get<Held>(app, UploadCalls.heldChunks.path, { ...tokenParams(user.token), uniqueFileID: info.uniqueFileName });

/** Sends all chunks but the last, then puts the last part in place as the server would have stored it before dying. */
async function allPartsNoAssembly(user: TestUser, bytes: Buffer): Promise<FileInfo> {
  const created = await createFileFor(first, user, bytes);
  const info = created.body.data;
  const parts = chunksOf(bytes);
  for (let n = 1; n < parts.length; n += 1) {
    const answer = await sendChunk(first, user, info, n, parts.length, parts[n - 1] as Buffer);
    expect(answer.body).toMatchObject({ ret: 200, data: { complete: false } });
  }
  await writeFile(join(partsDir(info), `${parts.length}.part`), parts[parts.length - 1] as Buffer);
  return info;
}

describe('GetUploadedChunks on an upload whose chunks are all held', () => {
  it('assembles it once for concurrent callers in two instances, discarding a half-written file, and answers complete', async () => {
    const user = await registerUser(first);
    const bytes = await videoOfSize(3 * CHUNK + 4321);
    const info = await allPartsNoAssembly(user, bytes);
    // What a process killed mid-assembly leaves: a temporary file with part of the video.
    await mkdir(videosDir(), { recursive: true });
    const halfWritten = join(videosDir(), `.assemble-${info.uniqueFileName}.dead00000000.tmp`);
    await writeFile(halfWritten, bytes.subarray(0, CHUNK));

    const answers = await Promise.all([first, second, first, second, first, second].map((app) => held(app, user, info)));
    const fileName = `${UploadConstants.prefix}${info.uniqueFileName}.mp4`;
    for (const answer of answers) {
      expect(answer.body).toEqual({ ret: 200, msg: expect.any(String), data: { received: [1, 2, 3, 4], chunks: 4, fileName, complete: true } });
    }
    expect(sha(await readFile(join(videosDir(), fileName)))).toBe(sha(bytes));
    expect((await readdir(videosDir())).filter((name) => name.startsWith('.'))).toEqual([]);
    await expect(readdir(partsDir(info))).rejects.toThrow();
    const rows = await server.db.query<{ completed_at: Date | null }>('SELECT completed_at FROM video_uploads WHERE id = $1', [info.lid]);
    expect(rows[0]?.completed_at).toBeInstanceOf(Date);

    // Again: the same answer; the last chunk sent again is answered complete; SaveVideo takes the file name.
    expect((await held(second, user, info)).body.data).toEqual({ received: [1, 2, 3, 4], chunks: 4, fileName, complete: true });
    const parts = chunksOf(bytes);
    expect((await sendChunk(second, user, info, 4, 4, parts[3] as Buffer)).body).toMatchObject({ ret: 200, data: { complete: true, fileName } });
    expect((await saveVideo(first, user, info, fileName)).body).toMatchObject({ ret: 200, data: { videoId: info.id } });
    expect(sha(await readFile(join(videosDir(), fileName)))).toBe(sha(bytes));
  });

  it('with a chunk missing answers what is held and does not complete', async () => {
    const user = await registerUser(first);
    const bytes = await videoOfSize(2 * CHUNK + 10);
    const created = await createFileFor(first, user, bytes);
    const info = created.body.data;
    await sendChunk(first, user, info, 1, 3, chunksOf(bytes)[0] as Buffer);
    expect((await held(second, user, info)).body.data).toEqual({ received: [1], chunks: 3, fileName: `${UploadConstants.prefix}${info.uniqueFileName}.mp4`, complete: false });
  });

  it('parts that do not add up are refused (8117) and dropped, so a resume sends them all again', async () => {
    const user = await registerUser(first);
    const bytes = await videoOfSize(2 * CHUNK + 500);
    const info = await allPartsNoAssembly(user, bytes);
    await writeFile(join(partsDir(info), '3.part'), Buffer.alloc(10)); // damaged on the disk
    expect((await held(first, user, info)).body).toMatchObject({ ret: 8117 });
    expect((await held(second, user, info)).body.data).toMatchObject({ received: [], complete: false });
  });
});

describe('temporary assembled files', () => {
  it('those of dead writers (untouched for the given time) are removed; fresh ones stay', async () => {
    const files = new UploadFiles(join(server.dir, 'sweep'), join(server.dir, 'sweep-media'));
    await mkdir(files.videosDir, { recursive: true });
    const old = join(files.videosDir, '.assemble-AAAAAAAAAAAA.0123456789ab.tmp');
    const fresh = join(files.videosDir, '.assemble-BBBBBBBBBBBB.0123456789ab.tmp');
    const video = join(files.videosDir, 'xw-CCCCCCCCCCCC.mp4');
    for (const path of [old, fresh, video]) await writeFile(path, 'x');
    const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(old, longAgo, longAgo);
    await utimes(video, longAgo, longAgo);
    expect(await files.removeStaleAssemblies(60 * 60 * 1000)).toBe(1);
    expect((await readdir(files.videosDir)).sort()).toEqual(['.assemble-BBBBBBBBBBBB.0123456789ab.tmp', 'xw-CCCCCCCCCCCC.mp4']);
  });

  it('the tests-only assembly pause reads QIYU_TEST_ASSEMBLY_PAUSE_MS (whole milliseconds up to a minute)', () => {
    expect(assemblyPauseMs({})).toBe(0);
    expect(assemblyPauseMs({ QIYU_TEST_ASSEMBLY_PAUSE_MS: '250' })).toBe(250);
    for (const bad of ['-1', '1.5', 'x', '600000']) expect(assemblyPauseMs({ QIYU_TEST_ASSEMBLY_PAUSE_MS: bad })).toBe(0);
  });
});
