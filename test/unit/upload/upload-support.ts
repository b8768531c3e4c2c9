/** Shared setup of the upload and posts unit tests (not a test file itself). */
import { expect } from 'vitest';
import { installFakeUploadApi, type FakeUploadApiOptions } from '../../../adapters/http/fake-upload-api.ts';
import type { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import type { HttpRequest } from '../../../src/core/ports/http.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { PostDraftStore, type PostDraft } from '../../../src/core/upload/post-draft.ts';
import { PostsService } from '../../../src/core/posts/posts-service.ts';
import { PublishPost } from '../../../src/core/upload/publish-post.ts';

export const UID = 7;

/** Bytes that look like an MP4 (ftyp at offset 4), with a recognisable pattern after. */
export function mp4Bytes(size: number, seed = 1): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + seed * 7) & 0xff;
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d].slice(0, Math.min(12, size)), 0);
  return bytes;
}

export function jpegBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x42);
  bytes.set([0xff, 0xd8, 0xff, 0xe0].slice(0, Math.min(4, size)), 0);
  return bytes;
}

export interface UploadSetupOptions extends FakeUploadApiOptions {
  /** Log in as UID (default true). */
  loggedIn?: boolean;
}

/**
 * A headless core with the upload imitation on its FakeHttp. With chunkSize set, `publisher` is a PublishPost
 * that cuts chunks of that size (the imitation agrees); otherwise it is the container's.
 */
export function uploadSetup(options: UploadSetupOptions = {}) {
  const { container, world } = createHeadlessCore({ withFakeApi: false, path: '/publishDynamic' });
  const api = installFakeUploadApi(world.http, { now: () => world.clock.now(), ...options });
  const session = container.get(UserSession);
  if (options.loggedIn !== false) {
    const user = parseUser({ id: UID, nickName: '小遇', token: { uid: UID, token: 'tok', expire: 1, sign: 's' } });
    if (!user) throw new Error('bad user');
    session.signedIn(user);
  }
  const store = container.get(PostDraftStore);
  const publisher =
    options.chunkSize === undefined
      ? container.get(PublishPost)
      : new PublishPost(container.get(ApiClient), world.files, world.clock, store, session, container.get(PostsService), options.chunkSize);
  const progress: number[] = [];
  const drafts: PostDraft[] = [];
  store.subscribe((draft) => {
    drafts.push(draft);
    if (draft.progress > 0 && progress[progress.length - 1] !== draft.progress) progress.push(draft.progress);
  });
  const calls = (path: string): HttpRequest[] => world.http.requests.filter((r) => r.url.toLowerCase() === path.toLowerCase());
  /** Puts a video and a cover in the draft. */
  const fill = (videoSize: number, coverSize = 3000) => {
    const videoBytes = mp4Bytes(videoSize);
    const video = world.files.add('clip.mp4', videoBytes, 'video/mp4');
    const cover = world.files.add('cover.jpg', jpegBytes(coverSize), 'image/jpeg');
    expect(store.setVideo(video, 12.4)).toBeNull();
    expect(store.setCover(cover)).toBeNull();
    return { video, cover, videoBytes };
  };
  return { container, world, api, session, store, publisher, progress, drafts, calls, fill };
}

/** Runs a promise to its end, letting fake time pass (in 250 ms steps) whenever nothing else can happen. */
export async function drive<T>(clock: FakeClock, promise: Promise<T>, maxSteps = 2_000): Promise<T> {
  let done = false;
  void promise.finally(() => (done = true)).catch(() => {});
  for (let step = 0; step < maxSteps && !done; step += 1) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (!done) await clock.advanceAsync(250);
  }
  if (!done) throw new Error('the promise never settled');
  return promise;
}

/** Lets every pending callback run (no fake time passes). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}
