/**
 * 更多关注 (/moreFocus): the updates of the users the caller follows, declared once (src/core/request/protocol.ts).
 * The app's FocusUpdatesService sends it, the reference server (server/focus/routes.ts) serves it, the fake
 * (adapters/http/fake-focus-api.ts) answers it; test/contract/focus-protocol.test.ts runs one suite against both.
 * Decided: the path is the app's own (the spec names the route, not its call).
 */
import { call } from '../request/protocol.ts';
import type { WireVideo } from '../shared-kernel/video-wire.ts';

export const FocusLimits = {
  defaultPageSize: 10,
  maxPageSize: 50,
  maxPage: 1000,
  /** 推荐关注 offers at most this many uploaders. */
  suggestions: 6,
} as const;

/** A followed user's video post (a dynamic), as the feed shows it. */
export interface FocusPost {
  id: number;
  uid: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  contxt: string;
  /** The labels' names. */
  labels: string[];
  /** The place's name, or ''. */
  place: string;
  cover: string;
  /** Seconds. */
  duration: number;
  /** Unix ms. */
  time: number;
  /** How many users like it. */
  likeCount: number;
}

/** One update: a video a followed uploader put in the catalogue, or a post they published; `time` orders them. */
export type FocusUpdate = { kind: 'video'; time: number; video: WireVideo } | { kind: 'post'; time: number; post: FocusPost };

/** An uploader 推荐关注 offers when the caller follows nobody. */
export interface FocusSuggestion {
  uid: number;
  nickName: string;
  avatar: string;
  introduce: string;
  /** Their videos and posts. */
  works: number;
}

/**
 * GetFocusUpdates: a page of updates, newest first; how many users the caller follows; and, on the first page of a
 * caller who follows nobody, uploaders to follow (else empty).
 */
export interface FocusUpdatePage {
  list: FocusUpdate[];
  page: number;
  pageSize: number;
  total: number;
  follows: number;
  suggestions: FocusSuggestion[];
}

export const FocusCalls = {
  /** Signed in only. */
  updates: call<FocusUpdatePage>()({
    method: 'GET',
    path: '/api/User/GetFocusUpdates',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: FocusLimits.maxPage, fallback: 1 },
      pageSize: { kind: 'int', min: 1, max: FocusLimits.maxPageSize, fallback: FocusLimits.defaultPageSize, rangeMessage: `每页数量为1-${FocusLimits.maxPageSize}` },
    },
  }),
} as const;
