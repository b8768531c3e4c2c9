/** Shared setup of the posting view-model tests (not a test file itself). */
import { BrowserLocalFiles } from '../../../adapters/local-files/browser-local-files.ts';
import type { FakeClock } from '../../../adapters/clock/fake-clock.ts';
import { installFakeUploadApi, type FakeUploadApiOptions } from '../../../adapters/http/fake-upload-api.ts';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import type { LocalFile } from '../../../src/core/ports/local-files.ts';
import { PostsService } from '../../../src/core/posts/posts-service.ts';
import { ApiClient } from '../../../src/core/request/api-client.ts';
import { UserSession } from '../../../src/core/shared-kernel/user-session.ts';
import { parseUser } from '../../../src/core/shared-kernel/user.ts';
import { PostDraftStore } from '../../../src/core/upload/post-draft.ts';
import { PublishPost } from '../../../src/core/upload/publish-post.ts';
import { SessionModel } from '../../../src/ui/app/session-model.ts';
import type { CropRect, PostingMedia } from '../../../src/ui/posting/posting-media.ts';
import { DraftModel, PostingUiState } from '../../../src/ui/posting/posting-state.ts';
import type { PostingDeps } from '../../../src/ui/posting/publish-view-model.ts';

export const UID = 7;

/** Bytes that look like an MP4 (ftyp at offset 4). */
export function mp4Bytes(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 31 + 7) & 0xff;
  bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d], 0);
  return bytes;
}

export function jpegBlob(size = 2000): Blob {
  const bytes = new Uint8Array(size).fill(0x42);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return new Blob([bytes], { type: 'image/jpeg' });
}

export function videoFile(size = 5000, name = 'clip.mp4', type = 'video/mp4'): File {
  return new File([mp4Bytes(size)], name, { type });
}

/**
 * The browser's media, imitated: files are kept by a real BrowserLocalFiles (Blob slices work in Node), durations
 * come from `durations` by file name (12 s by default), frames are made-up URLs, crops and first frames are JPEG blobs.
 */
export class FakePostingMedia implements PostingMedia {
  readonly files = new BrowserLocalFiles();
  readonly durations = new Map<string, number>();
  /** File names whose duration cannot be read (not a video the browser can open). */
  readonly undecodable = new Set<string>();
  framesFail = false;
  firstFrameFail = false;
  readonly crops: Array<{ source: string; rect: CropRect }> = [];
  firstFrames = 0;
  framesAsked = 0;
  private previews = 0;

  adopt(file: Blob, name?: string): LocalFile {
    return this.files.adopt(file, name);
  }

  urlOf(file: LocalFile): string {
    return `blob:fake/${file.id}`;
  }

  previewUrl(): string {
    this.previews += 1;
    return `blob:fake/album-${this.previews}`;
  }

  releaseUrl(): void {}

  async duration(file: LocalFile): Promise<number> {
    if (this.undecodable.has(file.name)) throw new Error('not a video');
    return this.durations.get(file.name) ?? 12;
  }

  async frames(file: LocalFile, count: number): Promise<string[]> {
    this.framesAsked += 1;
    if (this.framesFail) throw new Error('no frames');
    return Array.from({ length: count }, (_, index) => `blob:fake/${file.id}-frame-${index}`);
  }

  async firstFrame(): Promise<LocalFile> {
    if (this.firstFrameFail) throw new Error('no frame');
    this.firstFrames += 1;
    return this.adopt(jpegBlob(), 'cover.jpg');
  }

  async crop(source: string, rect: CropRect): Promise<LocalFile> {
    this.crops.push({ source, rect });
    return this.adopt(jpegBlob(3000), 'cover.jpg');
  }
}

/**
 * A headless core with the upload imitation on its FakeHttp and a PublishPost reading the fake media's files,
 * plus everything a posting view-model is given.
 */
export function postingSetup(options: FakeUploadApiOptions & { loggedIn?: boolean; path?: string } = {}) {
  const { container, world } = createHeadlessCore({ withFakeApi: false, path: options.path ?? '/publishDynamic' });
  const api = installFakeUploadApi(world.http, { now: () => world.clock.now(), ...options });
  const userSession = container.get(UserSession);
  if (options.loggedIn !== false) {
    const user = parseUser({ id: UID, nickName: '小遇', token: { uid: UID, token: 'tok', expire: 1, sign: 's' } });
    if (!user) throw new Error('bad user');
    userSession.signedIn(user);
  }
  const media = new FakePostingMedia();
  const store = container.get(PostDraftStore);
  const publisher = new PublishPost(container.get(ApiClient), media.files, world.clock, store, userSession, container.get(PostsService));
  const session = new SessionModel(userSession);
  const ui = new PostingUiState();
  const deps: PostingDeps & { ui: PostingUiState } = {
    store,
    draft: new DraftModel(store),
    media,
    navigator: world.navigator,
    notifier: world.notifier,
    ui,
  };
  const posts = container.get(PostsService);
  const toasts = () => world.notifier.toasts.map((toast) => toast.message);
  return { container, world, api, media, store, publisher, session, ui, deps, posts, toasts, userSession };
}

/** Lets pending promise callbacks run. */
export async function settle(turns = 5): Promise<void> {
  for (let i = 0; i < turns; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Runs a promise to its end, letting fake time pass (250 ms steps) whenever nothing else can happen. */
export async function drive<T>(clock: FakeClock, promise: Promise<T>, maxSteps = 2_000): Promise<T> {
  let done = false;
  void promise.finally(() => (done = true)).catch(() => {});
  for (let step = 0; step < maxSteps && !done; step += 1) {
    await settle(1);
    if (!done) await clock.advanceAsync(250);
  }
  if (!done) throw new Error('the promise never settled');
  return promise;
}
