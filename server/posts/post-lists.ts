/** Posts' reading use cases (a user's posts, their space; the discovery feed; one post) and a post's like. */
import type { Post, PostLiked, PostPage } from '../../src/core/posts/posts-protocol.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, loginRequired } from '../http/api-error.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { userExists } from '../social/social-repository.ts';
import { findPost, markFeedSeen, pageOfPosts, postExists, togglePostLike } from './posts-repository.ts';

interface Paging {
  page: number;
  pageSize: number;
}

/** The caller's posts, or `uid`'s (a visitor may ask for another user's: their space), newest first; 201 / 1006. */
export async function userPosts(db: Queryable, caller: number | undefined, input: Paging & { uid?: number }, at: Date): Promise<PostPage> {
  const uid = input.uid ?? caller;
  if (uid === undefined) throw loginRequired();
  if (uid !== caller && !(await userExists(db, uid))) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
  return pageOfPosts(db, { kind: 'user', uid }, input.page, input.pageSize, at, caller ?? 0);
}

/** Everyone's posts (scope all), or the followed users' (scope follow: signed in only; marks them seen). */
export async function feed(db: Queryable, caller: number | undefined, input: Paging & { scope?: string }, at: Date): Promise<PostPage> {
  if (input.scope !== 'follow') return pageOfPosts(db, { kind: 'all', viewer: caller ?? 0 }, input.page, input.pageSize, at, caller ?? 0);
  if (caller === undefined) throw loginRequired();
  const result = await pageOfPosts(db, { kind: 'follow', viewer: caller }, input.page, input.pageSize, at, caller);
  await markFeedSeen(db, caller, at);
  return result;
}

/** One post as the caller sees it (8103 when there is none). */
export async function onePost(db: Queryable, caller: number | undefined, id: number, at: Date): Promise<Post> {
  const post = await findPost(db, id, at, caller ?? 0);
  if (post === undefined) throw new ApiError(Ret.PostNotFound, RetMessage.PostNotFound);
  return post;
}

/** Likes a post, or unlikes it (8103 when there is none). */
export async function likeOrUnlikePost(db: Database, me: number, id: number, at: Date): Promise<PostLiked> {
  return db.transaction(async (tx) => {
    if (!(await postExists(tx, id))) throw new ApiError(Ret.PostNotFound, RetMessage.PostNotFound);
    return togglePostLike(tx, id, me, at);
  });
}
