import { createHash, randomBytes } from 'node:crypto';
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Place } from '../../src/core/ports/place-search.ts';
import type { Post, PostLabel as Label, PostPage } from '../../src/core/posts/posts-protocol.ts';
import type { PublishPoint } from '../../src/core/upload/publish-post.ts';
import { PostsCalls, PostsRet } from '../../src/core/posts/posts-protocol.ts';
import { PostsTexts } from '../../src/core/posts/posts-texts.ts';
import { encodeParams } from '../../src/core/request/protocol.ts';
import { UploadCalls, UploadConstants, UploadRet } from '../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../src/core/upload/upload-texts.ts';
import { PasswordHasher } from '../../server/auth/password.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT, seed } from '../../server/db/seed.ts';
import { Ret } from '../../server/http/ret.ts';
import { seedMessaging } from '../../server/messaging/seed.ts';
import { SEED_PLACES } from '../../server/posts/places.ts';
import { DEMO_POSTS, SEED_LABELS, seedPosts } from '../../server/posts/seed.ts';
import { chinaDayStart } from '../../server/clock.ts';
import { demoConfig } from '../../server/shell/config.ts';
import { FakeClock, MINUTE, TEST_ARGON2, tokenParams, uniqueIp } from './support.ts';
import type { TestUser } from './support.ts';
import {
  chunksOf,
  coverImage,
  demoClip,
  postJson,
  saveVideo,
  sendCoverChunk,
  uploadCover,
  uploadVideo,
} from './upload-support.ts';
import type { FileInfo } from './upload-support.ts';
import { useServerFixture } from './server-fixture.ts';

let labels: Label[];
let clip: Buffer;
/** 2030-01-15 12:00 China time. */
const clock = new FakeClock();

const server = useServerFixture({
  clock,
  tempDir: 'qiyu-posts-',
  config: ({ dir }) => ({ dataDir: dir }),
  seed: async (db, { dir }) => {
    const passwords = new PasswordHasher(TEST_ARGON2);
    clock.advance(-60 * MINUTE);
    await seed(db, { passwords, clock });
    await seedMessaging(db, { passwords, clock });
    await seedPosts(db, { uploadDir: join(dir, 'uploads'), clock });
    await seedPosts(db, { uploadDir: join(dir, 'uploads'), clock });
    clock.advance(60 * MINUTE);
  },
});

beforeAll(async () => {
  labels = (await server.get<Label[]>(UploadCalls.labels.path)).body.data;
  clip = await demoClip();
});

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const labelId = (name: string) => labels.find((label) => label.name === name)?.id ?? 0;
const call = <T = unknown>(user: TestUser | null, path: string, fields: Record<string, string> = {}) =>
  server.get<T>(path, { ...(user ? tokenParams(user.token) : {}), ...fields });
const publishPoint = (user: TestUser) => call<PublishPoint>(user, UploadCalls.publishPoint.path);
const myPosts = (user: TestUser | null, fields: Record<string, string> = {}) => call<PostPage>(user, PostsCalls.myPosts.path, fields);
const feed = (user: TestUser | null, scope: string, fields: Record<string, string> = {}) => call<PostPage>(user, PostsCalls.feed.path, { scope, ...fields });
const detail = (id: number | string) => call<Post>(null, PostsCalls.post.path, { id: String(id) });
const userInfo = (user: TestUser) => server.post<{ newWorks: boolean }>('/api/User/GetUserInfo', tokenParams(user.token));

interface Saved {
  info: FileInfo;
  fileName: string;
  cover: string;
}

/** Upload, save and cover: a video ready to post. */
async function savedVideo(user: TestUser, video: Buffer = clip): Promise<Saved> {
  const { info, last } = await uploadVideo(server.app, user, video);
  const saved = await saveVideo(server.app, user, info, last.fileName);
  if (saved.body.ret !== 200) throw new Error(`SaveVideo failed: ${saved.raw}`);
  const cover = await uploadCover(server.app, user, info.uniqueFileName, await coverImage());
  return { info, fileName: last.fileName, cover };
}

/** A form body as the app sends CreateTrends: nested values as JSON text, null left out (as PostsCalls.create encodes them). */
function formOf(fields: Record<string, unknown>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    form[key] = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
  }
  return form;
}

function createTrends(user: TestUser, saved: Saved, trends: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return server.post<Post>(PostsCalls.create.path, {
    ...tokenParams(user.token),
    ...formOf({
      trends: { contxt: '今天天气真好', labels: [], ...trends },
      location: null,
      videoId: saved.info.id,
      trendsDetails: [{ type: 'cover', filePath: saved.cover }],
      ...extra,
    }),
  });
}

async function publish(user: TestUser, trends: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<Post> {
  const answer = await createTrends(user, await savedVideo(user), trends, extra);
  if (answer.body.ret !== 200) throw new Error(`CreateTrends failed: ${answer.raw}`);
  return answer.body.data;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(() => true, () => false);
}

describe('seeds and GetLabel', () => {
  it('offers the seeded labels in order, to visitors too', () => {
    expect(labels.map((label) => label.name)).toEqual(SEED_LABELS);
  });

  it('seeds the demo posts once, with playable copies of the demo clip, and demo2 following demo', async () => {
    const all = (await feed(null, 'all', { pageSize: '50' })).body.data;
    const seeded = all.list.filter((item) => DEMO_POSTS.some((demo) => demo.contxt === item.contxt));
    expect(seeded).toHaveLength(DEMO_POSTS.length);
    const bund = seeded.find((item) => item.location?.id === 'sh-bund');
    expect(bund).toMatchObject({ nickName: DEMO_ACCOUNT.nickName, duration: 20, labels: [{ name: '旅行' }, { name: '生活' }] });
    expect(bund?.cover).toMatch(/^\/media\/demo\/posts\/post-\d\.jpg$/);
    for (const item of seeded) {
      const video = await server.app.inject({ method: 'GET', url: item.videoUrl });
      expect(video.statusCode).toBe(200);
      expect(sha(video.rawPayload)).toBe(sha(clip));
    }
    const follows = await server.db.query(
      `SELECT 1 FROM user_follows f JOIN users a ON a.id = f.follower_uid JOIN users b ON b.id = f.followed_uid
       WHERE a.user_name = $1 AND b.user_name = $2`,
      [DEMO2_ACCOUNT.userName, DEMO_ACCOUNT.userName],
    );
    expect(follows).toHaveLength(1);
  });

  it('logs demo2 in without newWorks (the seeded posts are not new), and with it once demo posts again', async () => {
    const login = () => server.post<{ newWorks: boolean }>('/api/Login/Login', { userName: DEMO2_ACCOUNT.userName, password: DEMO2_ACCOUNT.password }, { ip: uniqueIp() });
    expect((await login()).body.data.newWorks).toBe(false);
    const demo = (await server.post<TestUser>('/api/Login/Login', { userName: DEMO_ACCOUNT.userName, password: DEMO_ACCOUNT.password }, { ip: uniqueIp() })).body.data;
    clock.advance(1000);
    const made = await publish(demo, { contxt: '演示用户的新动态' });
    expect((await login()).body.data.newWorks).toBe(true);
    expect((await server.get(PostsCalls.remove.path, { ...tokenParams(demo.token), id: String(made.id) })).body.ret).toBe(Ret.Ok);
  });

  it('defaults the GoogleMap key to empty (server place search) unless GOOGLE_MAPS_KEY is set', () => {
    const mapsOf = (env: NodeJS.ProcessEnv) => JSON.parse(demoConfig(env).find((entry) => entry.key === 'GoogleMap')?.value ?? '{}');
    expect(mapsOf({})).toEqual({ key: '' });
    expect(mapsOf({ GOOGLE_MAPS_KEY: 'real-key' })).toEqual({ key: 'real-key' });
  });
});

describe('GetPublishPoint', () => {
  it('tells the daily limit, what is left and the upload limits', async () => {
    const user = await server.registerUser();
    expect((await publishPoint(user)).body.data).toEqual({
      dailyLimit: UploadConstants.dailyPostLimit,
      usedToday: 0,
      remaining: UploadConstants.dailyPostLimit,
      canPublish: true,
      maxVideoBytes: UploadConstants.maxVideoBytes,
      quotaBytes: UploadConstants.userQuotaBytes,
      usedBytes: 0,
      maxDurationSeconds: UploadConstants.maxDurationSeconds,
    });
    await publish(user);
    expect((await publishPoint(user)).body.data).toMatchObject({ usedToday: 1, remaining: UploadConstants.dailyPostLimit - 1, usedBytes: clip.length });
    expect((await call(null, UploadCalls.publishPoint.path)).body.ret).toBe(Ret.SessionInvalid);
  });

  it('gates CreateVideoFile and CreateTrends at the daily limit until the next China day', async () => {
    const user = await server.registerUser();
    const ready: Saved[] = [];
    for (let index = 0; index <= UploadConstants.dailyPostLimit; index += 1) ready.push(await savedVideo(user));
    for (const saved of ready.slice(0, UploadConstants.dailyPostLimit)) expect((await createTrends(user, saved)).body.ret).toBe(Ret.Ok);
    const limited = { ret: UploadRet.PublishLimitReached, msg: UploadTexts.PublishLimitReached, data: null };
    expect((await createTrends(user, ready[UploadConstants.dailyPostLimit]!)).body).toEqual(limited);
    const create = await call(user, UploadCalls.createFile.path, { fileName: 'a.mp4', fileSize: '100', duration: '3', chunks: '1' });
    expect(create.body).toEqual(limited);
    expect((await publishPoint(user)).body.data).toMatchObject({ usedToday: UploadConstants.dailyPostLimit, remaining: 0, canPublish: false });

    const nextDay = chinaDayStart(clock.now()).getTime() + 24 * 60 * MINUTE;
    clock.advance(nextDay - clock.now() + 1000);
    expect((await createTrends(user, ready[UploadConstants.dailyPostLimit]!)).body.ret).toBe(Ret.Ok);
    expect((await publishPoint(user)).body.data).toMatchObject({ usedToday: 1, canPublish: true });
  });
});

describe('SaveVideo', () => {
  it('saves a complete upload of the caller, again alike', async () => {
    const user = await server.registerUser();
    const { info, last } = await uploadVideo(server.app, user, clip);
    const fields = { Labels: `${labelId('美食')},${labelId('日常')}`, Contxt: '描述' };
    const first = await saveVideo(server.app, user, info, last.fileName, fields);
    expect(first.body).toEqual({ ret: Ret.Ok, msg: '成功', data: { videoId: info.id } });
    expect((await saveVideo(server.app, user, info, last.fileName, fields)).body.data).toEqual({ videoId: info.id });
    const noLabels = await saveVideo(server.app, user, info, last.fileName, { Labels: '' });
    expect(noLabels.body.ret).toBe(Ret.Ok);
  });

  it('refuses what is not a saveable upload of the caller', async () => {
    const user = await server.registerUser();
    const other = await server.registerUser();
    const { info, last } = await uploadVideo(server.app, user, clip);
    const notFound = { ret: UploadRet.UploadNotFound, msg: UploadTexts.UploadNotFound, data: null };
    expect((await saveVideo(server.app, other, info, last.fileName)).body).toEqual(notFound);
    expect((await saveVideo(server.app, user, { ...info, id: info.id + 1000 }, last.fileName)).body).toEqual(notFound);
    expect((await saveVideo(server.app, user, info, last.fileName, { UID: String(other.id) })).body).toEqual(notFound);
    expect((await saveVideo(server.app, user, info, last.fileName, { Labels: '99999' })).body).toEqual({ ret: UploadRet.LabelInvalid, msg: UploadTexts.LabelInvalid, data: null });
    expect((await saveVideo(server.app, user, info, last.fileName, { Labels: labels.slice(0, 4).map((l) => l.id).join(',') })).body.ret).toBe(UploadRet.LabelInvalid);
    expect((await saveVideo(server.app, user, info, last.fileName, { Contxt: '字'.repeat(201) })).body).toEqual({
      ret: UploadRet.DescriptionTooLong, msg: UploadTexts.DescriptionTooLong, data: null,
    });
    expect((await saveVideo(server.app, user, info, 'xw-other.mp4')).body.ret).toBe(Ret.BadParam);
    expect((await saveVideo(server.app, user, info, last.fileName, { ServerID: '2' })).body.ret).toBe(Ret.BadParam);
    expect((await saveVideo(server.app, user, info, last.fileName, { CID: 'x' })).body.ret).toBe(Ret.BadParam);

    const half = await server.get<FileInfo>(UploadCalls.createFile.path, { ...tokenParams(user.token), fileName: 'h.mp4', fileSize: String(3 * 1024 * 1024), duration: '5', chunks: '2' });
    expect((await saveVideo(server.app, user, half.body.data, '')).body).toEqual({ ret: UploadRet.UploadIncomplete, msg: UploadTexts.UploadIncomplete, data: null });
  });
});

describe('UploadCover', () => {
  it('needs the video saved first (8122)', async () => {
    const user = await server.registerUser();
    const { info } = await uploadVideo(server.app, user, clip);
    const { body } = await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 1, await coverImage());
    expect(body).toEqual({ ret: UploadRet.VideoNotSaved, msg: UploadTexts.VideoNotSaved, data: null });
  });

  it('assembles a cover of several chunks into the media folder, served resized by /media', async () => {
    const user = await server.registerUser();
    const { info, last } = await uploadVideo(server.app, user, clip);
    await saveVideo(server.app, user, info, last.fileName);
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    const parts = chunksOf(noise);
    expect(parts.length).toBeGreaterThan(1);
    const first = await sendCoverChunk(server.app, user, info.uniqueFileName, 1, parts.length, parts[0]!);
    expect(first.body.data).toEqual({ received: [1] });
    let answer = first;
    for (let index = 1; index < parts.length; index += 1) answer = await sendCoverChunk(server.app, user, info.uniqueFileName, index + 1, parts.length, parts[index]!);
    const filepath = `/media/uploads/covers/${info.uniqueFileName}.png`;
    expect(answer.body.data).toEqual({ filepath, received: parts.map((_, index) => index + 1) });
    expect(sha(await readFile(join(server.dir, 'media', 'uploads', 'covers', `${info.uniqueFileName}.png`)))).toBe(sha(noise));
    const again = await sendCoverChunk(server.app, user, info.uniqueFileName, parts.length, parts.length, parts[parts.length - 1]!);
    expect(again.body.data).toEqual({ filepath, received: parts.map((_, index) => index + 1) });

    const resized = await server.app.inject({ method: 'GET', url: `${filepath}?x-oss-process=image/resize,m_fill,w_200,h_267/format,jpg` });
    expect(resized.statusCode).toBe(200);
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 267 });
  });

  it('takes JPEG, PNG and WebP, and refuses anything else by its bytes (8118) or size (8119)', async () => {
    const user = await server.registerUser();
    const { info, last } = await uploadVideo(server.app, user, clip);
    await saveVideo(server.app, user, info, last.fileName);
    const webp = await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 1, await coverImage('webp'), 'cover.webp');
    expect(webp.body.data.filepath).toBe(`/media/uploads/covers/${info.uniqueFileName}.webp`);
    const jpeg = await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 1, await coverImage('jpeg'));
    expect(jpeg.body.data.filepath).toBe(`/media/uploads/covers/${info.uniqueFileName}.jpg`);
    expect(await exists(join(server.dir, 'media', 'uploads', 'covers', `${info.uniqueFileName}.webp`))).toBe(false);

    const notImage = { ret: UploadRet.NotAnImage, msg: UploadTexts.NotAnImage, data: null };
    expect((await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 1, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.jpg')).body).toEqual(notImage);
    expect((await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 1, clip, 'x.jpg')).body).toEqual(notImage);
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    expect((await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 1, gif, 'x.gif')).body).toEqual(notImage);
    const tooMany = await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 6, Buffer.alloc(2 * 1024 * 1024));
    expect(tooMany.body).toEqual({ ret: UploadRet.CoverTooLarge, msg: UploadTexts.CoverTooLarge, data: null });
    expect((await sendCoverChunk(server.app, user, info.uniqueFileName, 3, 2, clip)).body.ret).toBe(UploadRet.ChunkOutOfRange);
    expect((await sendCoverChunk(server.app, user, info.uniqueFileName, 1, 1, clip, '../x.jpg')).body.ret).toBe(UploadRet.FileNameInvalid);
    const other = await server.registerUser();
    expect((await sendCoverChunk(server.app, other, info.uniqueFileName, 1, 1, await coverImage())).body.ret).toBe(UploadRet.UploadNotFound);
  });
});

describe('CreateTrends', () => {
  it('publishes a saved video with text, labels, place and cover, once', async () => {
    const user = await server.registerUser({ nickName: '发布者' });
    const saved = await savedVideo(user);
    const place = SEED_PLACES[0]!;
    const location = { id: place.id, name: place.name, address: place.address, lat: place.lat, lng: place.lng };
    const chosen = [labelId('旅行'), labelId('美食')];
    const answer = await createTrends(user, saved, { contxt: '  外滩夜景\r\n第二行  ', labels: chosen }, { location });
    expect(answer.body.ret).toBe(Ret.Ok);
    expect(answer.body.data).toEqual({
      id: expect.any(Number),
      uid: user.id,
      nickName: '发布者',
      avatar: user.avatar,
      vipLevel: 0,
      contxt: '外滩夜景\n第二行',
      labels: [{ id: chosen[0], name: '旅行' }, { id: chosen[1], name: '美食' }],
      location,
      cover: saved.cover,
      videoUrl: `/uploads/videos/${saved.fileName}`,
      duration: 20,
      time: clock.now(),
      videoId: saved.info.id,
      likeCount: 0,
      liked: false,
    });
    const again = await createTrends(user, saved, { contxt: 'changed' });
    expect(again.body.data.id).toBe(answer.body.data.id);
    expect((await publishPoint(user)).body.data.usedToday).toBe(1);
    expect((await detail(answer.body.data.id)).body.data).toEqual(answer.body.data);
    // A cover is no longer replaced once posted.
    expect((await sendCoverChunk(server.app, user, saved.info.uniqueFileName, 1, 1, await coverImage())).body.ret).toBe(UploadRet.VideoAlreadySaved);
  });

  it('takes the app\'s form body (nested fields as JSON text, as PostsCalls.create encodes them) and still a JSON body (issue 20)', async () => {
    const user = await server.registerUser();
    const place = SEED_PLACES[1]!;
    const location = { id: place.id, name: place.name, address: place.address, lat: place.lat, lng: place.lng };
    const saved = await savedVideo(user);
    const form = encodeParams(PostsCalls.create, { trends: { contxt: '表单发布', labels: [labelId('美食')] }, location, videoId: saved.info.id, trendsDetails: [{ type: 'cover', filePath: saved.cover }] });
    expect(form).toEqual({
      trends: JSON.stringify({ contxt: '表单发布', labels: [labelId('美食')] }),
      location: JSON.stringify(location),
      videoId: saved.info.id,
      trendsDetails: JSON.stringify([{ type: 'cover', filePath: saved.cover }]),
    });
    const answer = await server.post<Post>(PostsCalls.create.path, { ...tokenParams(user.token), ...Object.fromEntries(Object.entries(form).map(([key, value]) => [key, String(value)])) });
    expect(answer.body.data).toMatchObject({ contxt: '表单发布', labels: [{ id: labelId('美食'), name: '美食' }], location, cover: saved.cover });
    const other = await savedVideo(user);
    const json = await postJson<Post>(server.app, PostsCalls.create.path, user, {
      trends: { contxt: 'JSON发布', labels: [] }, location: null, videoId: other.info.id, trendsDetails: [{ type: 'cover', filePath: other.cover }],
    });
    expect(json.body).toMatchObject({ ret: Ret.Ok, data: { contxt: 'JSON发布', location: null } });
  });

  it('refuses bad posts with a clear code', async () => {
    const user = await server.registerUser();
    const other = await server.registerUser();
    const saved = await savedVideo(user);
    const notSaved = { ret: UploadRet.VideoNotSaved, msg: UploadTexts.VideoNotSaved, data: null };
    expect((await createTrends(other, saved)).body).toEqual(notSaved);
    const { info } = await uploadVideo(server.app, user, clip);
    expect((await createTrends(user, { info, fileName: '', cover: '' }, {}, { trendsDetails: [] })).body).toEqual(notSaved);
    expect((await createTrends(user, saved, { labels: [99999] })).body.ret).toBe(UploadRet.LabelInvalid);
    expect((await createTrends(user, saved, { labels: 'x' })).body.ret).toBe(Ret.BadParam);
    expect((await createTrends(user, saved, { contxt: '长'.repeat(201) })).body.ret).toBe(UploadRet.DescriptionTooLong);
    expect((await createTrends(user, saved, {}, { trendsDetails: [{ type: 'cover', filePath: '/media/demo/poster-1.jpg' }] })).body.ret).toBe(Ret.BadParam);
    expect((await createTrends(user, saved, {}, { trendsDetails: [{ type: 'cover', filePath: '../../etc/passwd' }] })).body.ret).toBe(Ret.BadParam);
    expect((await createTrends(user, saved, {}, { location: { id: 'x', name: '', lat: 1, lng: 1 } })).body.ret).toBe(Ret.BadParam);
    expect((await createTrends(user, saved, {}, { location: { id: 'x', name: 'n', address: '', lat: 91, lng: 1 } })).body.ret).toBe(Ret.BadParam);
    expect((await createTrends(user, saved, {}, { videoId: 'abc' })).body.ret).toBe(Ret.BadParam);
    expect((await createTrends(user, saved, {}, { trends: '{"contxt": "x"' })).body).toEqual({ ret: Ret.BadParam, msg: '参数格式错误：trends', data: null });
    expect((await createTrends(user, saved, {}, { location: 'not json' })).body.ret).toBe(Ret.BadParam);
    expect((await createTrends(user, saved, {}, { trendsDetails: '[' })).body.ret).toBe(Ret.BadParam);
    const noTrends = await postJson(server.app, PostsCalls.create.path, user, { videoId: saved.info.id });
    expect(noTrends.body).toEqual({ ret: Ret.MissingParam, msg: '缺少参数：trends', data: null });
    expect((await postJson(server.app, PostsCalls.create.path, null, { videoId: saved.info.id })).body.ret).toBe(Ret.SessionInvalid);
    // Without a cover detail the post has no cover.
    const bare = await createTrends(user, saved, {}, { trendsDetails: [] });
    expect(bare.body.data.cover).toBe('');
  });
});

describe('lists, detail and delete', () => {
  let author: TestUser;
  let follower: TestUser;
  let posts: Post[];

  beforeAll(async () => {
    author = await server.registerUser({ nickName: '作者' });
    follower = await server.registerUser();
    posts = [];
    for (const contxt of ['第一条', '第二条', '第三条']) {
      clock.advance(MINUTE);
      posts.push(await publish(author, { contxt }));
    }
  });

  it('lists one\'s own posts newest first, paged, and another user\'s by uid', async () => {
    const mine = await myPosts(author, { page: '1', pageSize: '2' });
    expect(mine.body.data).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(mine.body.data.list.map((item) => item.contxt)).toEqual(['第三条', '第二条']);
    expect((await myPosts(author, { page: '2', pageSize: '2' })).body.data.list.map((item) => item.contxt)).toEqual(['第一条']);
    const theirs = await myPosts(follower, { uid: String(author.id) });
    expect(theirs.body.data.total).toBe(3);
    expect((await myPosts(follower)).body.data.total).toBe(0);
    expect((await myPosts(follower, { uid: '99999999' })).body.ret).toBe(Ret.UserNotFound);
    expect((await myPosts(follower, { pageSize: '51' })).body.ret).toBe(Ret.BadParam);
    expect((await myPosts(null)).body.ret).toBe(Ret.SessionInvalid);
    // A visitor sees another user's posts (their space).
    expect((await myPosts(null, { uid: String(author.id) })).body.data.list.map((item) => item.contxt)).toEqual(theirs.body.data.list.map((item) => item.contxt));
    expect((await myPosts(null, { uid: '99999999' })).body.ret).toBe(Ret.UserNotFound);
  });

  it('feeds everyone\'s posts to visitors, and the followed users\' posts to a follower, clearing newWorks', async () => {
    const all = await feed(null, 'all');
    expect(all.body.data.list[0]?.id).toBe(posts[2]!.id);
    expect((await feed(null, 'follow')).body.ret).toBe(Ret.SessionInvalid);
    expect((await feed(follower, 'mine')).body.ret).toBe(Ret.BadParam);

    expect((await feed(follower, 'follow')).body.data).toEqual({ list: [], page: 1, pageSize: 10, total: 0 });
    const follow = await call(follower, '/api/Video/FocusUPMaster', { userId: String(author.id) });
    expect(follow.body.ret).toBe(Ret.Ok);
    // Posts from before the follow are not new works.
    expect((await userInfo(follower)).body.data.newWorks).toBe(false);
    clock.advance(MINUTE);
    const fresh = await publish(author, { contxt: '关注后的新动态' });
    expect((await userInfo(follower)).body.data.newWorks).toBe(true);
    const followed = await feed(follower, 'follow');
    expect(followed.body.data.list.map((item) => item.id)).toEqual([fresh.id, posts[2]!.id, posts[1]!.id, posts[0]!.id]);
    expect((await userInfo(follower)).body.data.newWorks).toBe(false);
    const validated = await server.post<{ newWorks: boolean }>('/api/Login/Validates', tokenParams(follower.token));
    expect(validated.body.data.newWorks).toBe(false);
  });

  it('answers one post, 8103 for none', async () => {
    expect((await detail(posts[0]!.id)).body.data.contxt).toBe('第一条');
    expect((await detail(99999999)).body).toEqual({ ret: PostsRet.NotFound, msg: PostsTexts.NotFound, data: null });
    expect((await detail('x')).body.ret).toBe(Ret.BadParam);
  });

  it('likes hold under parallel taps: 20 users at once count 20; one user\'s 9 taps at once leave one like or none, and the count agrees', async () => {
    const target = posts[1]!;
    const like = (user: TestUser | null, id: number | string) => call<{ id: number; liked: boolean; likeCount: number }>(user, PostsCalls.like.path, { id: String(id) });
    const fans = await Promise.all(Array.from({ length: 20 }, () => server.registerUser()));
    const answers = await Promise.all(fans.map((fan) => like(fan, target.id)));
    expect(answers.map((answer) => [answer.body.ret, answer.body.data.liked])).toEqual(fans.map(() => [Ret.Ok, true]));
    // Each answer counts what was committed when it counted (on PostgreSQL a like still in flight is not seen); the
    // post's count afterwards is every like.
    expect(answers.every((answer) => answer.body.data.likeCount >= 1 && answer.body.data.likeCount <= 20)).toBe(true);
    expect((await detail(target.id)).body.data).toMatchObject({ likeCount: 20, liked: false });
    const taps = await Promise.all(Array.from({ length: 9 }, () => like(follower, target.id)));
    expect(taps.every((tap) => tap.body.ret === Ret.Ok)).toBe(true);
    const seen = (await call<Post>(follower, PostsCalls.post.path, { id: String(target.id) })).body.data;
    expect(seen.likeCount).toBe(seen.liked ? 21 : 20);
    const rows = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM post_likes WHERE post_id = $1 AND user_id = $2', [target.id, follower.id]);
    expect(Number(rows[0]?.n)).toBe(seen.liked ? 1 : 0);
    expect((await like(null, target.id)).body.ret).toBe(Ret.SessionInvalid);
    expect((await like(follower, 99999999)).body).toEqual({ ret: PostsRet.NotFound, msg: PostsTexts.NotFound, data: null });
    expect((await like(follower, '0')).body.ret).toBe(Ret.BadParam);
    expect((await like(follower, String(2 ** 31))).body.ret).toBe(Ret.BadParam);
  });

  it('deletes only one\'s own posts, with their files, freeing the quota', async () => {
    const target = posts[0]!;
    const del = (user: TestUser, id: number) => call<boolean>(user, PostsCalls.remove.path, { id: String(id) });
    expect((await del(follower, target.id)).body).toEqual({ ret: PostsRet.NotOwned, msg: PostsTexts.NotOwned, data: null });
    const usedBefore = (await publishPoint(author)).body.data.usedBytes;
    const videoFile = join(server.dir, 'uploads', 'videos', target.videoUrl.split('/').pop()!);
    const coverFile = join(server.dir, 'media', target.cover.replace(/^\/media\//, ''));
    expect(await exists(videoFile)).toBe(true);
    expect(await exists(coverFile)).toBe(true);
    expect((await del(author, target.id)).body).toEqual({ ret: Ret.Ok, msg: '成功', data: true });
    expect(await exists(videoFile)).toBe(false);
    expect(await exists(coverFile)).toBe(false);
    expect((await publishPoint(author)).body.data.usedBytes).toBe(usedBefore - clip.length);
    expect((await detail(target.id)).body.ret).toBe(PostsRet.NotFound);
    expect((await server.app.inject({ method: 'GET', url: target.videoUrl })).statusCode).toBe(404);
    expect((await del(author, target.id)).body.ret).toBe(PostsRet.NotFound);
  });
});

describe('video serving', () => {
  it('serves a saved video with ranges (206, 416), and nothing else under /uploads/videos', async () => {
    const user = await server.registerUser();
    const made = await publish(user);
    const whole = await server.app.inject({ method: 'GET', url: made.videoUrl });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await server.app.inject({ method: 'GET', url: made.videoUrl, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${clip.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(sha(part.rawPayload)).toBe(sha(clip.subarray(100, 200)));
    const beyond = await server.app.inject({ method: 'GET', url: made.videoUrl, headers: { range: `bytes=${clip.length + 10}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(JSON.parse(beyond.body).ret).toBe(Ret.MediaRangeInvalid);
    const head = await server.app.inject({ method: 'HEAD', url: made.videoUrl });
    expect(head.statusCode).toBe(200);
    for (const url of ['/uploads/videos/..%2F..%2Fetc%2Fpasswd', '/uploads/videos/xw-nosuchvideo1.mp4', '/uploads/videos/clip.txt']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body).ret).toBe(Ret.NotFound);
    }
  });
});

describe('SearchPlace', () => {
  const search = (fields: Record<string, string>) => call<{ list: Place[] }>(null, UploadCalls.placeSearch.path, fields);

  it('finds places by keyword, nearest first when a point is given', async () => {
    const bund = await search({ keyword: '外滩' });
    expect(bund.body.data.list.map((place) => place.id)).toEqual(['sh-bund']);
    expect(bund.body.data.list[0]).toEqual({ id: 'sh-bund', name: '外滩', address: '上海市黄浦区中山东一路', lat: 31.24, lng: 121.49 });
    const shanghai = await search({ keyword: '上海' });
    expect(shanghai.body.data.list.length).toBeGreaterThanOrEqual(5);
    const near = await search({ keyword: '', lat: '30.66', lng: '104.05' });
    const list = near.body.data.list;
    expect(list).toHaveLength(20);
    expect(list[0]?.id).toBe('cd-kuanzhai');
    expect(list.every((place, index) => index === 0 || (place.distanceM ?? 0) >= (list[index - 1]?.distanceM ?? 0))).toBe(true);
    expect(list[0]?.distanceM).toBeLessThan(1000);
    expect((await search({})).body.data.list).toHaveLength(20);
    expect((await search({ keyword: 'KUALA' })).body.data.list).toEqual([]);
    expect((await search({ keyword: '吉隆坡' })).body.data.list.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a keyword over 50 characters (8123) and a half or bad point (1002)', async () => {
    expect((await search({ keyword: '长'.repeat(51) })).body).toEqual({ ret: UploadRet.PlaceSearchInvalid, msg: UploadTexts.PlaceSearchInvalid, data: null });
    expect((await search({ keyword: 'a\u0001' })).body.ret).toBe(UploadRet.PlaceSearchInvalid);
    expect((await search({ lat: '30' })).body.ret).toBe(Ret.BadParam);
    expect((await search({ lat: '95', lng: '10' })).body.ret).toBe(Ret.BadParam);
    expect((await search({ lat: 'x', lng: '10' })).body.ret).toBe(Ret.BadParam);
  });
});
