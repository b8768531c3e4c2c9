/**
 * 更多关注 (/moreFocus): the updates of the users the caller follows, declared once (src/core/request/protocol.ts).
 * The app's FocusUpdatesService sends it, the reference server (server/focus/routes.ts) serves it, the fake
 * (adapters/http/fake-focus-api.ts) answers it; test/contract/focus-protocol.test.ts runs one suite against both.
 * Decided: the path is the app's own (the spec names the route, not its call).
 */
import { literal, object, pipe, transform, variant, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { pageEntries, withTotal } from '../shared-kernel/video.ts';
import { video } from '../shared-kernel/video-wire.ts';

export const FocusLimits = {
  defaultPageSize: 10,
  maxPageSize: 50,
  maxPage: 1000,
  /** 推荐关注 offers at most this many uploaders. */
  suggestions: 6,
} as const;

/**
 * A followed user's video post (a dynamic), as the feed shows it: its labels' names, its place's name (or ''), the
 * duration in seconds, the time in Unix ms and how many users like it. Without an id it is unreadable.
 */
const focusPost = object({
  id: wire.id,
  uid: wire.count,
  nickName: wire.text,
  avatar: wire.text,
  vipLevel: wire.count,
  contxt: wire.text,
  labels: wire.items(wire.word),
  place: wire.text,
  cover: wire.text,
  duration: wire.amount(),
  time: wire.amount(),
  likeCount: wire.count,
});

export type FocusPost = InferOutput<typeof focusPost>;

/**
 * One update: a video a followed uploader put in the catalogue, or a post they published; `time` orders them. An
 * update whose video or post does not read is left out.
 */
const focusUpdate = variant('kind', [
  object({ kind: literal('video'), time: wire.amount(), video }),
  object({ kind: literal('post'), time: wire.amount(), post: focusPost }),
]);

export type FocusUpdate = InferOutput<typeof focusUpdate>;

/** An uploader 推荐关注 offers when the caller follows nobody, with the number of their videos and posts (works). */
const focusSuggestion = object({ uid: wire.id, nickName: wire.text, avatar: wire.text, introduce: wire.text, works: wire.count });

export type FocusSuggestion = InferOutput<typeof focusSuggestion>;

/**
 * GetFocusUpdates: a page of updates, newest first; how many users the caller follows; and, on the first page of a
 * caller who follows nobody, uploaders to follow (else empty).
 */
const focusUpdatePage = pipe(object({ ...pageEntries(focusUpdate), follows: wire.count, suggestions: wire.items(focusSuggestion) }), transform(withTotal));

export type FocusUpdatePage = InferOutput<typeof focusUpdatePage>;

export const FocusCalls = {
  /** Signed in only. */
  updates: call({
    method: 'GET',
    path: '/api/User/GetFocusUpdates',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: FocusLimits.maxPage, fallback: 1 },
      pageSize: { kind: 'int', min: 1, max: FocusLimits.maxPageSize, fallback: FocusLimits.defaultPageSize, rangeMessage: `每页数量为1-${FocusLimits.maxPageSize}` },
    },
    answer: focusUpdatePage,
  }),
} as const;
