import { FocusCalls, FocusLimits, type FocusPost, type FocusSuggestion, type FocusUpdate, type FocusUpdatePage } from '../../src/core/focus/focus-protocol.ts';
import type { WireVideo } from '../../src/core/shared-kernel/video-wire.ts';
import { fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read. */
export interface FakeFocusState {
  /** Whom each user follows. */
  readonly follows: Map<number, Set<number>>;
  /** The catalogue's videos by uploaders (uploader set). */
  readonly videos: WireVideo[];
  readonly posts: FocusPost[];
  /** The uploaders 推荐关注 may offer, most played first. */
  readonly uploaders: FocusSuggestion[];
}

export interface FakeFocusOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: (call: FakeHttpCall) => number | null;
}

/**
 * An in-memory imitation of the reference server's GetFocusUpdates, answering what focus-protocol.ts declares
 * (test/contract/focus-protocol.test.ts runs one suite against it and the real server).
 */
export function installFakeFocusApi(http: FakeHttp, options: FakeFocusOptions): FakeFocusState {
  const state: FakeFocusState = { follows: new Map(), videos: [], posts: [], uploaders: [] };
  fakeApi(http, { caller: options.caller }).serve(FocusCalls.updates, 'required', (input, uid) => {
    const followed = state.follows.get(uid) ?? new Set<number>();
    const all: FocusUpdate[] = [
      ...state.videos.filter((v) => v.uploader !== null && followed.has(v.uploader.uid)).map((video): FocusUpdate => ({ kind: 'video', time: video.updatedAt, video })),
      ...state.posts.filter((p) => followed.has(p.uid)).map((post): FocusUpdate => ({ kind: 'post', time: post.time, post })),
    ].sort((a, b) => b.time - a.time);
    const data: FocusUpdatePage = {
      list: all.slice((input.page - 1) * input.pageSize, input.page * input.pageSize),
      page: input.page,
      pageSize: input.pageSize,
      total: all.length,
      follows: followed.size,
      suggestions: followed.size === 0 && input.page === 1 ? state.uploaders.filter((u) => u.uid !== uid).slice(0, FocusLimits.suggestions) : [],
    };
    return ok(data);
  });
  return state;
}
