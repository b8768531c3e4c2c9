/**
 * Posts' calls, declared once (src/core/request/protocol.ts): the app's PostsService sends them, the reference server
 * (server/posts/routes.ts) serves them, the fake (adapters/http/fake-posts-api.ts) answers them, and
 * test/contract/posts-protocol.test.ts runs one suite against both. CreateTrends is the publisher's last step
 * (src/core/upload/publish-post.ts), which asks PostsService for it through its own one-method interface.
 */
import { object, type InferOutput } from 'valibot';
import type { Place } from '../ports/place-search.ts';
import { place } from '../shared-kernel/place-wire.ts';
import * as wire from '../request/answer-values.ts';
import { call, json } from '../request/protocol.ts';

const PostsLimits = {
  defaultPageSize: 10,
  maxPageSize: 50,
  maxPage: 1000,
} as const;

/** The answer codes of posts' calls that the app handles itself. */
export const PostsRet = {
  /** TrendsDetail, DelTrends: no such post (or deleted). */
  NotFound: 8103,
  /** DelTrends: another user's post. */
  NotOwned: 8104,
} as const;

/** A post's label: without an id it is left out. */
const postLabel = object({ id: wire.wholeId, name: wire.text });

export type PostLabel = InferOutput<typeof postLabel>;

/**
 * A published video post (a "dynamic"), as every posts call answers it: the cover's path or URL (resize it with the
 * display rules' image URLs), videoUrl /uploads/videos/<fileName> (served with HTTP ranges), duration in seconds,
 * time in Unix milliseconds, how many users like it and whether the caller does (false for a visitor). Without an id
 * it is unreadable; a place that does not read is none.
 */
const post = object({
  id: wire.wholeId,
  uid: wire.whole,
  nickName: wire.text,
  avatar: wire.text,
  vipLevel: wire.count,
  contxt: wire.text,
  labels: wire.items(postLabel),
  location: wire.orNull(place),
  cover: wire.text,
  videoUrl: wire.text,
  duration: wire.amount(),
  time: wire.whole,
  videoId: wire.whole,
  likeCount: wire.count,
  liked: wire.isTrue,
});

export type Post = InferOutput<typeof post>;

/** LikeTrends' answer: the post's likes after the caller's like or unlike. */
const postLiked = object({ id: wire.whole, liked: wire.isTrue, likeCount: wire.count });

export type PostLiked = InferOutput<typeof postLiked>;

/** One page of posts (unreadable ones left out; page and pageSize 0 when the answer gives none: the page asked for then). */
const postPage = object({ list: wire.items(post), page: wire.whole, pageSize: wire.whole, total: wire.count });

export type PostPage = InferOutput<typeof postPage>;

/** CreateTrends' `trends`: the description and the chosen label ids. */
export interface PostText {
  contxt: string;
  labels: readonly number[];
}

/** CreateTrends' `trendsDetails` entry: the cover UploadCover answered. */
export interface PostDetail {
  type: 'cover';
  filePath: string;
}

const paging = {
  page: { kind: 'int', min: 1, max: PostsLimits.maxPage, fallback: 1 },
  pageSize: { kind: 'int', min: 1, max: PostsLimits.maxPageSize, fallback: PostsLimits.defaultPageSize, rangeMessage: `每页数量为1-${PostsLimits.maxPageSize}` },
} as const;

export const PostsCalls = {
  /**
   * Publishes a saved video as a post; again for the same video answers the post made the first time. A form body
   * (spec §7); decided (issue 20): each nested field travels as one field of JSON text, location left out without a
   * place. Signed in only.
   */
  create: call({
    method: 'POST',
    path: '/api/Trends/CreateTrends',
    carrier: 'form',
    params: {
      trends: json<PostText>(),
      videoId: { kind: 'id' },
      trendsDetails: json<readonly PostDetail[]>({ optional: true }),
      location: json<Place>({ optional: true }),
    },
    // The new post's id is all the publisher reads: an answer without a readable post is none.
    answer: wire.orNull(post),
  }),
  /** The caller's posts, or `uid`'s (their space; visitors may ask), newest first. */
  myPosts: call({
    method: 'GET',
    path: '/api/Trends/MyListTrends',
    carrier: 'query',
    params: { ...paging, uid: { kind: 'id', optional: true } },
    answer: postPage,
  }),
  /** Decided: the discovery feed, every post (scope all) or the followed users' (follow: signed in; clears newWorks). */
  feed: call({
    method: 'GET',
    path: '/api/Trends/ListTrends',
    carrier: 'query',
    params: { ...paging, scope: { kind: 'text', max: 6, oneOf: ['all', 'follow'], optional: true } },
    answer: postPage,
  }),
  /** Decided: likes a post, or unlikes it when the caller already likes it (8103 for none). Signed in only. */
  like: call({
    method: 'GET',
    path: '/api/Trends/LikeTrends',
    carrier: 'query',
    outlivesPage: true,
    params: { id: { kind: 'id' } },
    answer: postLiked,
  }),
  /** Decided: one post. Visitors may ask. */
  post: call({
    method: 'GET',
    path: '/api/Trends/TrendsDetail',
    carrier: 'query',
    params: { id: { kind: 'id' } },
    answer: post,
  }),
  /** Decided: deletes one's own post with its video and cover (the quota they held is free again; data true, not read). */
  remove: call({
    method: 'GET',
    path: '/api/Trends/DelTrends',
    carrier: 'query',
    params: { id: { kind: 'id' } },
    answer: wire.isTrue,
  }),
} as const;
