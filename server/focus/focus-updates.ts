import type { Queryable } from '../db/database.ts';
import { listVideos } from '../catalogue/catalogue-repository.ts';
import { findPosts } from '../posts/posts-repository.ts';
import { countUpdates, suggestedUploaders, updateKeys } from './focus-repository.ts';
import { FocusLimits, type FocusPost, type FocusSuggestion, type FocusUpdate, type FocusUpdatePage } from '../../src/core/focus/focus-protocol.ts';
import type { Post } from '../../src/core/posts/posts-protocol.ts';

function toFocusPost(post: Post): FocusPost {
  return {
    id: post.id,
    uid: post.uid,
    nickName: post.nickName,
    avatar: post.avatar,
    vipLevel: post.vipLevel,
    contxt: post.contxt,
    labels: post.labels.map((label) => label.name),
    place: post.location?.name ?? '',
    cover: post.cover,
    duration: post.duration,
    time: post.time,
    likeCount: post.likeCount,
  };
}

/** Uploaders to follow (the user's first page while they follow nobody). */
async function suggestions(db: Queryable, userId: number): Promise<FocusSuggestion[]> {
  const rows = await suggestedUploaders(db, userId, FocusLimits.suggestions);
  return rows.map((row) => ({ uid: row.uid, nickName: row.nick_name, avatar: row.avatar, introduce: row.introduce, works: Number(row.works) }));
}

/**
 * 更多关注: the videos and posts of the users `userId` follows, newest first, paged; how many they follow; and for one
 * who follows nobody, uploaders to follow (the first page only).
 */
export async function focusUpdates(db: Queryable, userId: number, page: number, pageSize: number, now: Date): Promise<FocusUpdatePage> {
  const { follows, total } = await countUpdates(db, userId);
  const keys = await updateKeys(db, userId, pageSize, (page - 1) * pageSize);
  const mediaKeys = keys.filter((k) => k.kind === 'video').map((k) => k.key);
  const postIds = keys.filter((k) => k.kind === 'post').map((k) => Number(k.key));
  const [videos, posts] = await Promise.all([
    mediaKeys.length === 0 ? [] : listVideos(db, 'v.media_key = ANY($1::text[])', [mediaKeys], 'v.id', mediaKeys.length),
    findPosts(db, postIds, now, userId),
  ]);
  const list = keys.flatMap((k): FocusUpdate[] => {
    if (k.kind === 'video') {
      const video = videos.find((v) => v.mediaKey === k.key);
      return video ? [{ kind: 'video', time: video.updatedAt, video }] : [];
    }
    const post = posts.find((p) => p.id === Number(k.key));
    return post ? [{ kind: 'post', time: post.time, post: toFocusPost(post) }] : [];
  });
  return { list, page, pageSize, total, follows, suggestions: follows === 0 && page === 1 ? await suggestions(db, userId) : [] };
}
