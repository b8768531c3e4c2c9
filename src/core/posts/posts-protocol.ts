/**
 * Posts' calls, declared once (src/core/request/protocol.ts): the app's PostsService sends them, the reference server
 * (server/posts/routes.ts) serves them, the fake (adapters/http/fake-posts-api.ts) answers them, and
 * test/contract/posts-protocol.test.ts runs one suite against both. CreateTrends is the publisher's last step
 * (src/core/upload/publish-post.ts), which asks PostsService for it through its own one-method interface.
 */
import type { Place } from '../ports/place-search.ts';
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

export interface PostLabel {
  id: number;
  name: string;
}

/** A published video post (a "dynamic"), as every posts call answers it. */
export interface Post {
  id: number;
  uid: number;
  nickName: string;
  avatar: string;
  vipLevel: number;
  contxt: string;
  labels: PostLabel[];
  location: Place | null;
  /** The cover's path or URL (resize it with the display rules' image URLs). */
  cover: string;
  /** /uploads/videos/<fileName>, served with HTTP ranges. */
  videoUrl: string;
  /** Seconds. */
  duration: number;
  /** Unix milliseconds. */
  time: number;
  videoId: number;
  /** How many users like it. */
  likeCount: number;
  /** Whether the caller likes it (false for a visitor). */
  liked: boolean;
}

/** LikeTrends' answer: the post's likes after the caller's like or unlike. */
export interface PostLiked {
  id: number;
  liked: boolean;
  likeCount: number;
}

/** One page of posts. */
export interface PostPage {
  list: Post[];
  page: number;
  pageSize: number;
  total: number;
}

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
  create: call<Post>()({
    method: 'POST',
    path: '/api/Trends/CreateTrends',
    carrier: 'form',
    params: {
      trends: json<PostText>(),
      videoId: { kind: 'id' },
      trendsDetails: json<readonly PostDetail[]>({ optional: true }),
      location: json<Place>({ optional: true }),
    },
  }),
  /** The caller's posts, or `uid`'s (their space; visitors may ask), newest first. */
  myPosts: call<PostPage>()({
    method: 'GET',
    path: '/api/Trends/MyListTrends',
    carrier: 'query',
    params: { ...paging, uid: { kind: 'id', optional: true } },
  }),
  /** Decided: the discovery feed, every post (scope all) or the followed users' (follow: signed in; clears newWorks). */
  feed: call<PostPage>()({
    method: 'GET',
    path: '/api/Trends/ListTrends',
    carrier: 'query',
    params: { ...paging, scope: { kind: 'text', max: 6, oneOf: ['all', 'follow'], optional: true } },
  }),
  /** Decided: likes a post, or unlikes it when the caller already likes it (8103 for none). Signed in only. */
  like: call<PostLiked>()({
    method: 'GET',
    path: '/api/Trends/LikeTrends',
    carrier: 'query',
    outlivesPage: true,
    params: { id: { kind: 'id' } },
  }),
  /** Decided: one post. Visitors may ask. */
  post: call<Post>()({
    method: 'GET',
    path: '/api/Trends/TrendsDetail',
    carrier: 'query',
    params: { id: { kind: 'id' } },
  }),
  /** Decided: deletes one's own post with its video and cover (the quota they held is free again). */
  remove: call<true>()({
    method: 'GET',
    path: '/api/Trends/DelTrends',
    carrier: 'query',
    params: { id: { kind: 'id' } },
  }),
} as const;
