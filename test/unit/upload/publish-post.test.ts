import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../../../src/core/ports/http.ts';
import { PostsCalls } from '../../../src/core/posts/posts-protocol.ts';
import { UploadCalls, UploadChunkCalls, UploadConstants, UploadRet } from '../../../src/core/upload/upload-protocol.ts';
import { UploadTexts } from '../../../src/core/upload/upload-texts.ts';
import { drive, flush, jpegBytes, mp4Bytes, UID, uploadSetup } from './upload-support.ts';

const SMALL = 1024;
const place = { id: 'p-bund', name: '外滩', address: '上海市黄浦区中山东一路', lat: 31.24, lng: 121.49 };

const chunkOf = (request: HttpRequest) => Number((request.body as Record<string, unknown>).chunk);

describe('PublishPost: a fresh publish', () => {
  it('creates the file, sends every 2 MB chunk, saves, sends the cover and posts — progress 1 → 80 → 90 → 95 → 100', async () => {
    const { publisher, store, world, api, calls, progress, fill } = uploadSetup();
    const size = 2 * UploadConstants.chunkSize + 12_345;
    const { videoBytes } = fill(size);
    store.toggleLabel({ id: 1, name: '搞笑' });
    store.toggleLabel({ id: 3, name: '美食' });
    store.setDescription('外滩的夜景');
    store.setLocation(place);

    const outcome = await drive(world.clock, publisher.publish());
    expect(outcome.kind).toBe('published');
    const post = api.state.posts[0];
    expect(outcome).toEqual({ kind: 'published', postId: post?.id });

    const [create] = calls(UploadCalls.createFile.path);
    expect(create?.params).toMatchObject({ fileName: 'clip.mp4', fileSize: size, duration: '12', chunks: 3 }); // duration: decimal seconds, declared as text

    const chunks = calls(UploadChunkCalls.videoChunk.path);
    expect(chunks.map(chunkOf)).toEqual([1, 2, 3]);
    const unique = api.state.uploads.values().next().value?.uniqueFileName;
    for (const request of chunks) {
      expect(request.bodyEncoding).toBe('multipart');
      expect(request.body).toMatchObject({ renamemode: 'Format', prefix: 'xw-', chunks: 3, uid: UID, uniqueFileID: unique });
      expect(Object.keys(request.files ?? {})).toEqual(['file']);
    }
    expect(chunks.map((r) => r.files?.file?.bytes.length)).toEqual([UploadConstants.chunkSize, UploadConstants.chunkSize, 12_345]);
    const stored = api.state.uploads.get(unique ?? '')?.stored;
    expect(stored && Buffer.compare(stored, videoBytes)).toBe(0);

    const [save] = calls(UploadCalls.saveVideo.path);
    expect(save?.bodyEncoding).toBe('form');
    expect(save?.body).toMatchObject({
      LID: 1,
      ID: 501,
      CID: '0,7',
      UID: String(UID),
      Labels: '1,3',
      Contxt: '外滩的夜景',
      Corver: '',
      UploadedFileName: `xw-${unique}.mp4`,
      ServerID: '1',
    });

    const covers = calls(UploadChunkCalls.coverChunk.path);
    expect(covers).toHaveLength(1);
    expect(covers[0]?.body).toMatchObject({ chunk: 1, chunks: 1, uniqueFileID: unique });
    expect(Object.keys(covers[0]?.files ?? {})).toEqual(['formFile']);

    // CreateTrends is form-encoded like every POST; its nested fields travel as JSON text (issue 20).
    const [create2] = calls(PostsCalls.create.path);
    expect(create2?.method).toBe('POST');
    expect(create2?.bodyEncoding).toBe('form');
    expect(create2?.params).toBeUndefined();
    expect(create2?.body).toMatchObject({
      trends: JSON.stringify({ contxt: '外滩的夜景', labels: [1, 3] }),
      location: JSON.stringify(place),
      videoId: 501, // form-encoded as text, like every number
      trendsDetails: JSON.stringify([{ type: 'cover', filePath: `/media/uploads/covers/${unique}.jpg` }]),
    });

    expect(progress).toEqual([1, 27, 54, 80, 90, 95, 100]);
    expect(store.draft).toMatchObject({ phase: 'published', progress: 100, publishedPostId: post?.id, uploadError: false, uploadedFileName: `xw-${unique}.mp4` });
    expect(post).toMatchObject({ contxt: '外滩的夜景', labels: [{ id: 1, name: '搞笑' }, { id: 3, name: '美食' }], location: place, videoUrl: `/uploads/videos/xw-${unique}.mp4` });
    // The upload calls never toast: the screens show the outcome.
    expect(world.notifier.toasts ?? []).toEqual([]);
  });

  it('leaves Labels out of SaveVideo when none is chosen, and sends the common params before the fields', async () => {
    const { publisher, world, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(SMALL + 5);
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    const save = calls(UploadCalls.saveVideo.path)[0]?.body as Record<string, unknown>;
    expect('Labels' in save && save.Labels !== undefined).toBe(false);
    const chunk = calls(UploadChunkCalls.videoChunk.path)[0]?.body as Record<string, unknown>;
    const keys = Object.keys(chunk);
    expect(keys.indexOf('login_uid')).toBeLessThan(keys.indexOf('chunk'));
  });

  it('sends one publish however often it is asked while one runs', async () => {
    const { publisher, world, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(3 * SMALL);
    const first = publisher.publish();
    const second = publisher.publish();
    expect(second).toBe(first);
    expect(publisher.isRunning()).toBe(true);
    await drive(world.clock, first);
    expect(publisher.isRunning()).toBe(false);
    expect(calls(UploadCalls.createFile.path)).toHaveLength(1);
    // A published draft answers published again without sending anything.
    expect(await publisher.publish()).toEqual(await first);
    expect(calls(UploadCalls.createFile.path)).toHaveLength(1);
  });
});

describe('PublishPost: what stops it before it starts', () => {
  it('refuses without a video, without a cover, or without a user, sending nothing', async () => {
    const { publisher, store, world } = uploadSetup({ chunkSize: SMALL });
    expect(publisher.problems().map((p) => p.message)).toEqual([UploadTexts.chooseVideo, UploadTexts.chooseCover]);
    expect(await publisher.publish()).toEqual({ kind: 'refused', message: UploadTexts.chooseVideo });
    store.setVideo(world.files.add('a.mp4', mp4Bytes(10), 'video/mp4'), 3);
    expect(await publisher.publish()).toEqual({ kind: 'refused', message: UploadTexts.chooseCover });
    expect(world.http.requests).toHaveLength(0);

    const visitor = uploadSetup({ chunkSize: SMALL, loggedIn: false });
    visitor.fill(10);
    expect(visitor.publisher.problems()).toEqual([{ field: 'session', message: UploadTexts.loginFirst }]);
    expect(await visitor.publisher.publish()).toEqual({ kind: 'refused', message: UploadTexts.loginFirst });
  });

  it('gives back CreateVideoFile refusals (the daily limit) without starting: the draft stays editable', async () => {
    const { publisher, store, world, api, calls, fill } = uploadSetup({ chunkSize: SMALL, dailyLimit: 1 });
    api.state.postsToday.set(UID, 1);
    fill(2 * SMALL);
    expect(await drive(world.clock, publisher.publish())).toEqual({ kind: 'refused', message: UploadTexts.PublishLimitReached });
    expect(store.draft).toMatchObject({ phase: 'editing', progress: 0, fileInfo: null, uploadError: false });
    expect(calls(UploadChunkCalls.videoChunk.path)).toHaveLength(0);
    expect(world.notifier.toasts ?? []).toEqual([]);
  });

  it('reads the publish point and the labels', async () => {
    const { publisher, world, api } = uploadSetup({ dailyLimit: 5 });
    api.state.postsToday.set(UID, 2);
    const point = await drive(world.clock, publisher.publishPoint());
    expect(point).toMatchObject({ dailyLimit: 5, usedToday: 2, remaining: 3, canPublish: true, maxVideoBytes: UploadConstants.maxVideoBytes });
    expect((await drive(world.clock, publisher.labels())).map((l) => l.name)).toContain('美食');
  });
});

describe('PublishPost: transport failures and refusals', () => {
  it('tries a chunk again after 1 s and 2 s (Clock) when the network drops it, then goes on', async () => {
    const { publisher, world, api, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(3 * SMALL);
    let failures = 0;
    const times: number[] = [];
    api.fault = (call) => {
      if (call.path.toLowerCase() !== UploadChunkCalls.videoChunk.path.toLowerCase() || call.body.chunk !== '2') return null;
      times.push(world.clock.now());
      return failures++ < 2 ? 'network-before' : null;
    };
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    expect(calls(UploadChunkCalls.videoChunk.path).map(chunkOf)).toEqual([1, 2, 2, 2, 3]);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
    expect(times[1]! - times[0]!).toBeLessThan(1250);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(2000);
    expect(times[2]! - times[1]!).toBeLessThan(2250);
    expect(api.state.chunkLog.map((c) => c.chunk)).toEqual([1, 2, 3]);
  });

  it('gives up after the last retry: failed, uploadError, 上传失败 — and a resume sends only the missing chunks', async () => {
    const { publisher, store, world, api, calls, progress, fill } = uploadSetup({ chunkSize: SMALL });
    fill(4 * SMALL);
    api.fault = (call) => (call.path.toLowerCase() === UploadChunkCalls.videoChunk.path.toLowerCase() && call.body.chunk === '3' ? 'network-before' : null);
    expect(await drive(world.clock, publisher.publish())).toEqual({ kind: 'failed', message: UploadTexts.uploadFailed });
    expect(calls(UploadChunkCalls.videoChunk.path).map(chunkOf)).toEqual([1, 2, 3, 3, 3, 3]);
    expect(store.draft).toMatchObject({ phase: 'failed', uploadError: true, errorMessage: UploadTexts.uploadFailed, progress: 41 });
    expect(store.draft.fileInfo).not.toBeNull();

    api.fault = null;
    const before = world.http.requests.length;
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    const after = world.http.requests.slice(before);
    expect(after[0]?.url).toBe(UploadCalls.heldChunks.path);
    expect(after.filter((r) => r.url === UploadChunkCalls.videoChunk.path).map(chunkOf)).toEqual([3, 4]);
    expect(after.filter((r) => r.url === UploadCalls.createFile.path)).toHaveLength(0);
    expect(progress).toEqual([1, 21, 41, 60, 80, 90, 95, 100]);
    expect(store.draft.uploadError).toBe(false);
  });

  it('does not retry a refusal: failed at once with the server message', async () => {
    const { publisher, store, world, api, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(2 * SMALL);
    api.fault = (call) =>
      call.path.toLowerCase() === UploadChunkCalls.videoChunk.path.toLowerCase() ? { ret: UploadRet.NotAVideo, msg: UploadTexts.NotAVideo } : null;
    expect(await drive(world.clock, publisher.publish())).toEqual({ kind: 'failed', message: UploadTexts.NotAVideo });
    expect(calls(UploadChunkCalls.videoChunk.path)).toHaveLength(1);
    expect(store.draft).toMatchObject({ phase: 'failed', uploadError: true, errorMessage: UploadTexts.NotAVideo });
  });

  it('times out a chunk the server never answers (30 s) and counts it as a transport failure', async () => {
    const { publisher, world, api, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(2 * SMALL);
    let hung = false;
    api.fault = (call) => {
      if (call.path.toLowerCase() !== UploadChunkCalls.videoChunk.path.toLowerCase() || hung) return null;
      hung = true;
      return 'hang';
    };
    expect((await drive(world.clock, publisher.publish(), 5_000)).kind).toBe('published');
    expect(calls(UploadChunkCalls.videoChunk.path).map(chunkOf)).toEqual([1, 1, 2]);
  });

  it('re-sends a chunk whose answer was lost; the server takes the repeat and the file is whole', async () => {
    const { publisher, world, api, fill } = uploadSetup({ chunkSize: SMALL });
    const { videoBytes } = fill(3 * SMALL - 7);
    let lost = false;
    api.fault = (call) => {
      if (call.path.toLowerCase() !== UploadChunkCalls.videoChunk.path.toLowerCase() || call.body.chunk !== '2' || lost) return null;
      lost = true;
      return 'network-after';
    };
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    expect(api.state.chunkLog.map((c) => c.chunk)).toEqual([1, 2, 2, 3]);
    expect([...api.state.uploads.values()][0]?.stored).toEqual(videoBytes);
  });

  it('resumes after a failed save without sending chunks again, and after a failed post without saving again', async () => {
    const { publisher, store, world, api, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(2 * SMALL);
    api.fault = (call) => (call.path.toLowerCase() === UploadCalls.saveVideo.path.toLowerCase() ? 'network-before' : null);
    expect((await drive(world.clock, publisher.publish())).kind).toBe('failed');
    expect(calls(UploadCalls.saveVideo.path)).toHaveLength(4);
    expect(store.draft.progress).toBe(80);

    api.fault = (call) => (call.path.toLowerCase() === PostsCalls.create.path.toLowerCase() ? { ret: 500, msg: '服务器繁忙' } : null);
    expect(await drive(world.clock, publisher.publish())).toEqual({ kind: 'failed', message: '服务器繁忙' });
    expect(calls(UploadChunkCalls.videoChunk.path)).toHaveLength(2);
    expect(calls(UploadCalls.saveVideo.path)).toHaveLength(5);
    expect(calls(UploadChunkCalls.coverChunk.path)).toHaveLength(3);
    expect(store.draft.progress).toBe(95);

    api.fault = null;
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    expect(calls(UploadChunkCalls.videoChunk.path)).toHaveLength(2);
    expect(calls(UploadCalls.saveVideo.path)).toHaveLength(5);
    expect(calls(UploadChunkCalls.coverChunk.path)).toHaveLength(3);
    expect(calls(PostsCalls.create.path)).toHaveLength(2);
    expect(api.state.posts).toHaveLength(1);
  });

  it('tries CreateTrends again when its answer is lost (the server answers the same post for the video)', async () => {
    const { publisher, world, api, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(SMALL);
    let dropped = 0;
    api.fault = (call) => (call.path.toLowerCase() === PostsCalls.create.path.toLowerCase() && dropped++ < 1 ? 'network-before' : null);
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    expect(calls(PostsCalls.create.path)).toHaveLength(2);
  });

  it('sends a safe name for a picked file whose name the server would refuse', async () => {
    const { publisher, store, world, calls } = uploadSetup({ chunkSize: SMALL });
    store.setVideo(world.files.add('my..clip\u0001.mp4', mp4Bytes(SMALL), 'video/mp4'), 3);
    store.setCover(world.files.add('a/b.jpg', jpegBytes(10), 'image/jpeg'));
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    expect(calls(UploadCalls.createFile.path)[0]?.params?.fileName).toBe('my.clip.mp4');
    expect(calls(UploadChunkCalls.videoChunk.path)[0]?.files?.file?.fileName).toBe('my.clip.mp4');
    expect(calls(UploadChunkCalls.coverChunk.path)[0]?.files?.formFile?.fileName).toBe('a_b.jpg');
  });

  it('starts afresh on the next publish when the server no longer knows the upload (8110)', async () => {
    const { publisher, store, world, api, calls, fill } = uploadSetup({ chunkSize: SMALL });
    fill(3 * SMALL);
    api.fault = (call) => (call.path.toLowerCase() === UploadChunkCalls.videoChunk.path.toLowerCase() && call.body.chunk === '2' ? 'network-before' : null);
    expect((await drive(world.clock, publisher.publish())).kind).toBe('failed');
    api.state.uploads.clear();
    api.fault = null;
    expect(await drive(world.clock, publisher.publish())).toEqual({ kind: 'failed', message: UploadTexts.UploadNotFound });
    expect(store.draft.fileInfo).toBeNull();
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    expect(calls(UploadCalls.createFile.path)).toHaveLength(2);
  });

  it('fails when the picked file can no longer be read', async () => {
    const { publisher, store, world, fill } = uploadSetup({ chunkSize: SMALL });
    const { video } = fill(2 * SMALL);
    world.files.remove(video);
    expect(await drive(world.clock, publisher.publish())).toEqual({ kind: 'failed', message: UploadTexts.uploadFailed });
    expect(store.draft.phase).toBe('failed');
  });
});

describe('PublishPost: cancel', () => {
  it('aborts the chunk in flight, resets the draft and ends cancelled; nothing is sent after', async () => {
    const { publisher, store, world, api, fill } = uploadSetup({ chunkSize: SMALL });
    fill(3 * SMALL);
    api.fault = (call) => (call.path.toLowerCase() === UploadChunkCalls.videoChunk.path.toLowerCase() && call.body.chunk === '2' ? 'hang' : null);
    const outcome = publisher.publish();
    await flush();
    const inFlight = world.http.requests[world.http.requests.length - 1];
    expect(inFlight?.url).toBe(UploadChunkCalls.videoChunk.path);
    publisher.cancel();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(inFlight?.signal?.aborted).toBe(true);
    expect(store.draft).toMatchObject({ video: null, cover: null, progress: 0, fileInfo: null, phase: 'editing', uploadError: false });
    const sent = world.http.requests.length;
    await world.clock.advanceAsync(60_000);
    await flush();
    expect(world.http.requests).toHaveLength(sent);
    expect(publisher.isRunning()).toBe(false);
  });

  it('cancels while waiting to retry (the timer is dropped)', async () => {
    const { publisher, store, world, api, fill } = uploadSetup({ chunkSize: SMALL });
    fill(2 * SMALL);
    api.fault = () => 'network-before';
    const outcome = publisher.publish();
    await flush();
    publisher.cancel();
    expect(await outcome).toEqual({ kind: 'cancelled' });
    expect(store.draft.video).toBeNull();
    expect(world.clock.pendingTimers()).toBe(0);
  });

  it('resets the draft when nothing runs', () => {
    const { publisher, store, fill } = uploadSetup({ chunkSize: SMALL });
    fill(10);
    store.setDescription('x');
    publisher.cancel();
    expect(store.draft.video).toBeNull();
    expect(store.draft.description).toBe('');
  });
});

describe('PublishPost: uploadedFileName', () => {
  it('keeps the first non-empty file name the server gave', async () => {
    const { publisher, store, world, api, fill } = uploadSetup({ chunkSize: SMALL });
    fill(2 * SMALL);
    api.fault = (call) => (call.path.toLowerCase() === UploadCalls.saveVideo.path.toLowerCase() ? { ret: 500, msg: 'x' } : null);
    await drive(world.clock, publisher.publish());
    const unique = [...api.state.uploads.keys()][0];
    expect(store.draft.uploadedFileName).toBe(`xw-${unique}.mp4`);
  });
});

describe('cover chunks', () => {
  it('sends a cover larger than a chunk in chunks and takes the path from the last answer', async () => {
    const { publisher, world, api, calls, store } = uploadSetup({ chunkSize: SMALL });
    store.setVideo(world.files.add('v.webm', (() => { const b = new Uint8Array(SMALL); b.set([0x1a, 0x45, 0xdf, 0xa3]); return b; })(), 'video/webm'), 5);
    store.setCover(world.files.add('c.jpg', jpegBytes(2 * SMALL + 1), 'image/jpeg'));
    expect((await drive(world.clock, publisher.publish())).kind).toBe('published');
    expect(calls(UploadChunkCalls.coverChunk.path).map(chunkOf)).toEqual([1, 2, 3]);
    const upload = [...api.state.uploads.values()][0];
    expect(upload?.cover?.length).toBe(2 * SMALL + 1);
    expect(upload?.storedName.endsWith('.webm')).toBe(true);
  });
});
