import { expect, it } from 'vitest';
import { installFakeUploadApi } from '../../adapters/http/fake-upload-api.ts';
import { seedPlaces } from '../../server/posts/places.ts';
import type { Call, Fields, ParamsOf } from '../../src/core/request/protocol.ts';
import {
  UploadCalls,
  UploadChunkCalls,
  UploadConstants,
  UploadRet,
  type HeldChunks,
  type Label,
  type PlaceList,
  type PublishPoint,
  type VideoChunkAnswer,
  type VideoFileInfo,
} from '../../src/core/upload/upload-protocol.ts';
import { registerUser, tokenParams } from '../server/support.ts';
import { chunksOf, coverImage, demoClip, sendChunk, uploadCover } from '../server/upload-support.ts';
import { protocolContract, type Answer } from './protocol-contract.ts';

/**
 * Upload's plain HTTP calls (UploadCalls in src/core/upload/upload-protocol.ts) as the app sends them, answered by the
 * fake the app's tests use (adapters/http/fake-upload-api.ts) and by the reference server (in process, on its test
 * database): both must answer alike, so the fake cannot drift from the server. The multipart chunk calls
 * (UploadChunkCalls) carry the videos and covers these calls need.
 */
interface UploadWorld {
  /** Sends a declared call with its parameters encoded as the app encodes them; `caller` null is a visitor. */
  send<S extends Fields>(declared: Call<S, unknown>, input: ParamsOf<S>, caller: Caller | null, extra?: Record<string, string | undefined>): Promise<Answer>;
  user(): Promise<Caller>;
  /** Sends the video's chunks (multipart); the last chunk's answer. */
  sendChunks(user: Caller, info: VideoFileInfo, bytes: Uint8Array): Promise<VideoChunkAnswer>;
  /** Sends a cover for a saved video (multipart); its path. */
  sendCover(user: Caller, info: VideoFileInfo): Promise<string>;
  /** A label the server has. */
  labelId: number;
}

interface Caller {
  fields: Record<string, string>;
  uid: number;
}

/** The demo clip both worlds take. */
const clip = new Uint8Array(await demoClip());

protocolContract<UploadWorld>('upload protocol', {
  fake: ({ http, send }) => {
    installFakeUploadApi(http);
    let nextUid = 1;
    const multipart = async (user: Caller, path: string, fields: Record<string, string>, field: string, bytes: Uint8Array) =>
      (await http.send({
        method: 'POST',
        url: path,
        body: { ...user.fields, ...fields },
        bodyEncoding: 'multipart',
        files: { [field]: { bytes, fileName: 'blob', contentType: 'application/octet-stream' } },
        timeoutMs: 10_000,
      })).body as Answer;
    return {
      labelId: 1,
      async user() {
        const uid = nextUid++;
        return { uid, fields: { login_uid: String(uid) } };
      },
      async sendChunks(user, info, bytes) {
        const parts = chunksOf(Buffer.from(bytes));
        let last: Answer | undefined;
        for (const [index, part] of parts.entries()) {
          last = await multipart(user, UploadChunkCalls.videoChunk.path, {
            chunk: String(index + 1), renamemode: UploadConstants.renamemode, prefix: UploadConstants.prefix, chunks: String(parts.length), uid: String(user.uid), uniqueFileID: info.uniqueFileName,
          }, 'file', new Uint8Array(part));
        }
        return last?.data as VideoChunkAnswer;
      },
      async sendCover(user, info) {
        const answer = await multipart(user, UploadChunkCalls.coverChunk.path, { chunk: '1', chunks: '1', uniqueFileID: info.uniqueFileName }, 'formFile', new Uint8Array(await coverImage()));
        return (answer.data as { filepath: string }).filepath;
      },
      send: (declared, input, caller, extra) => send(declared, input, { ...caller?.fields, ...extra }),
    };
  },
  server: {
    seed: async (db) => {
      await seedPlaces(db);
      await db.query("INSERT INTO post_labels (name, sort) VALUES ('搞笑', 1)");
    },
    world: async ({ app, db, send }) => {
      const [label] = await db.query<{ id: number }>("SELECT id FROM post_labels WHERE name = '搞笑'");
      const users = new Map<number, Awaited<ReturnType<typeof registerUser>>>();
      const userOf = (caller: Caller) => {
        const user = users.get(caller.uid);
        if (!user) throw new Error('unknown user');
        return user;
      };
      return {
        labelId: label?.id ?? 0,
        async user() {
          const user = await registerUser(app);
          users.set(user.id, user);
          return { uid: user.id, fields: tokenParams(user.token) };
        },
        async sendChunks(caller, info, bytes) {
          const parts = chunksOf(Buffer.from(bytes));
          let last: VideoChunkAnswer | undefined;
          for (const [index, part] of parts.entries()) last = (await sendChunk(app, userOf(caller), info, index + 1, parts.length, part)).body.data;
          return last as VideoChunkAnswer;
        },
        sendCover: async (caller, info) => uploadCover(app, userOf(caller), info.uniqueFileName, await coverImage()),
        send: (declared, input, caller, extra) => send(declared, input, { ...caller?.fields, ...extra }),
      };
    },
  },
}, (world) => {
  const fileOf = (bytes: Uint8Array) => ({ fileName: 'clip.mp4', fileSize: bytes.length, chunks: Math.ceil(bytes.length / UploadConstants.chunkSize), duration: '12.5' });
  const create = async (user: Caller): Promise<VideoFileInfo> => {
    const answer = await world.send(UploadCalls.createFile, fileOf(clip), user);
    expect(answer.ret).toBe(200);
    return answer.data as VideoFileInfo;
  };
  const saveInput = (info: VideoFileInfo, user: Caller, fileName: string) => ({
    LID: info.lid,
    ID: info.id,
    CID: UploadConstants.defaultCategoryId,
    UID: String(user.uid),
    Contxt: '描述',
    UploadedFileName: fileName,
    ServerID: UploadConstants.referenceServerId,
  });

  it('GetLabel lists the labels to visitors; GetPublishPoint tells a signed-in user the day\'s limit and the sizes (201 for a visitor)', async () => {
    const labels = await world.send(UploadCalls.labels, {}, null);
    expect(labels.ret).toBe(200);
    expect((labels.data as Label[]).some((label) => label.id === world.labelId && label.name.length > 0)).toBe(true);
    const user = await world.user();
    const point = await world.send(UploadCalls.publishPoint, {}, user);
    expect(point.ret).toBe(200);
    expect(point.data).toMatchObject({
      dailyLimit: UploadConstants.dailyPostLimit,
      usedToday: 0,
      remaining: UploadConstants.dailyPostLimit,
      canPublish: true,
      usedBytes: 0,
      maxDurationSeconds: UploadConstants.maxDurationSeconds,
    } satisfies Partial<PublishPoint>);
    expect((await world.send(UploadCalls.publishPoint, {}, null)).ret).toBe(201);
  });

  it('CreateVideoFile reserves an upload; refuses a missing name (1001), a bad one (8114), a wrong chunk count or duration (1002), too many bytes (8115), a visitor (201)', async () => {
    const user = await world.user();
    const info = await create(user);
    expect(info.lid).toBeGreaterThan(0);
    expect(info.id).toBeGreaterThan(0);
    expect(info.uniqueFileName.length).toBeGreaterThan(0);
    const file = fileOf(clip);
    expect(await world.send(UploadCalls.createFile, file, user, { fileName: undefined })).toEqual({ ret: 1001, msg: '缺少参数：fileName', data: null });
    expect((await world.send(UploadCalls.createFile, { ...file, fileName: 'a/b.mp4' }, user)).ret).toBe(UploadRet.FileNameInvalid);
    expect(await world.send(UploadCalls.createFile, { ...file, chunks: file.chunks + 1 }, user)).toEqual({ ret: 1002, msg: '参数格式错误：chunks', data: null });
    expect(await world.send(UploadCalls.createFile, { ...file, duration: 'abc' }, user)).toEqual({ ret: 1002, msg: '参数格式错误：duration', data: null });
    expect(await world.send(UploadCalls.createFile, { ...file, duration: '601' }, user)).toEqual({ ret: 1002, msg: '参数格式错误：duration', data: null });
    const huge = 300 * 1024 * 1024;
    expect((await world.send(UploadCalls.createFile, { ...file, fileSize: huge, chunks: Math.ceil(huge / UploadConstants.chunkSize) }, user)).ret).toBe(UploadRet.VideoTooLarge);
    expect((await world.send(UploadCalls.createFile, file, null)).ret).toBe(201);
  });

  it('GetUploadedChunks tells which chunks are held, then that the video is whole with its file name; another user\'s upload is 8110, none 1001', async () => {
    const user = await world.user();
    const info = await create(user);
    const chunks = Math.ceil(clip.length / UploadConstants.chunkSize);
    const before = await world.send(UploadCalls.heldChunks, { uniqueFileID: info.uniqueFileName }, user);
    expect(before.ret).toBe(200);
    expect(before.data).toMatchObject({ received: [], chunks, complete: false } satisfies Partial<HeldChunks>);
    const last = await world.sendChunks(user, info, clip);
    expect(last.complete).toBe(true);
    expect(last.fileName).toMatch(/^xw-.+\.mp4$/);
    const after = await world.send(UploadCalls.heldChunks, { uniqueFileID: info.uniqueFileName }, user);
    expect(after.data).toEqual({ received: Array.from({ length: chunks }, (_, i) => i + 1), chunks, fileName: last.fileName, complete: true } satisfies HeldChunks);
    expect((await world.send(UploadCalls.heldChunks, { uniqueFileID: info.uniqueFileName }, await world.user())).ret).toBe(UploadRet.UploadNotFound);
    expect((await world.send(UploadCalls.heldChunks, { uniqueFileID: 'x' }, user, { uniqueFileID: undefined })).ret).toBe(1001);
    expect((await world.send(UploadCalls.heldChunks, { uniqueFileID: info.uniqueFileName }, null)).ret).toBe(201);
  });

  it('SaveVideo saves a whole video (again: alike), then takes its cover; refuses an incomplete one (8120), another user\'s (8110), an unknown label (8101), a wrong file name (1002), no LID (1001)', async () => {
    const user = await world.user();
    const info = await create(user);
    expect((await world.send(UploadCalls.saveVideo, saveInput(info, user, 'xw-none.mp4'), user)).ret).toBe(UploadRet.UploadIncomplete);
    const { fileName } = await world.sendChunks(user, info, clip);
    const input = saveInput(info, user, fileName);
    expect((await world.send(UploadCalls.saveVideo, input, await world.user())).ret).toBe(UploadRet.UploadNotFound);
    expect((await world.send(UploadCalls.saveVideo, { ...input, Labels: '99999' }, user)).ret).toBe(UploadRet.LabelInvalid);
    expect(await world.send(UploadCalls.saveVideo, { ...input, UploadedFileName: 'xw-other.mp4' }, user)).toEqual({ ret: 1002, msg: '参数格式错误：UploadedFileName', data: null });
    expect((await world.send(UploadCalls.saveVideo, input, user, { LID: undefined })).ret).toBe(1001);
    expect(await world.send(UploadCalls.saveVideo, input, user, { UploadedFileName: undefined })).toEqual({ ret: 1001, msg: '缺少参数：UploadedFileName', data: null });
    const saved = await world.send(UploadCalls.saveVideo, { ...input, Labels: String(world.labelId) }, user);
    expect(saved).toMatchObject({ ret: 200, data: { videoId: info.id } });
    expect((await world.send(UploadCalls.saveVideo, { ...input, Labels: String(world.labelId) }, user)).data).toEqual({ videoId: info.id });
    expect(await world.sendCover(user, info)).toMatch(/^\/media\/uploads\/covers\/.+\.jpg$/);
  });

  it('SearchPlace finds places by keyword (visitors too); refuses a keyword over 50 characters (8123) and a point without lng (1002)', async () => {
    const found = await world.send(UploadCalls.placeSearch, { keyword: '外滩' }, null);
    expect(found.ret).toBe(200);
    expect((found.data as PlaceList).list.map((place) => place.name)).toContain('外滩');
    expect((await world.send(UploadCalls.placeSearch, { keyword: '长'.repeat(51) }, null)).ret).toBe(UploadRet.PlaceSearchInvalid);
    expect(await world.send(UploadCalls.placeSearch, { keyword: '外滩', lat: '31.2' }, null)).toEqual({ ret: 1002, msg: '参数格式错误：lng', data: null });
  });
});
