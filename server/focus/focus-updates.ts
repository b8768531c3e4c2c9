import type { Queryable } from '../db/database.ts';
import { listVideos } from '../catalogue/catalogue-repository.ts';
import { findPosts } from '../posts/posts-repository.ts';
import { FocusLimits, type FocusPost, type FocusSuggestion, type FocusUpdate, type FocusUpdatePage } from '../../src/core/focus/focus-protocol.ts';
import type { Post } from '../../src/core/posts/posts-protocol.ts';

/** The users `$1` follows (a block ends a follow both ways, so none of them is blocked). */
const FOLLOWED = 'SELECT followed_uid FROM user_follows WHERE follower_uid = $1';

/** Their catalogue videos and their posts, as (kind, key, time): one list to page through. */
const UPDATES = `SELECT 'video' AS kind, v.media_key AS key, v.updated_at AS at, v.id AS seq FROM videos v WHERE v.uploader_uid IN (${FOLLOWED})
  UNION ALL
  SELECT 'post' AS kind, p.id::text AS key, p.created_at AS at, p.id AS seq FROM posts p WHERE p.user_id IN (${FOLLOWED})`;

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

/** Uploaders with works, the most played first, that the user has not blocked nor been blocked by (not the user). */
async function suggestions(db: Queryable, userId: number): Promise<FocusSuggestion[]> {
  const rows = await db.query<{ uid: number; nick_name: string; avatar: string; introduce: string; works: number }>(
    `SELECT u.id AS uid, u.nick_name, u.avatar, coalesce(pr.introduce, '') AS introduce,
       ((SELECT count(*) FROM videos v WHERE v.uploader_uid = u.id) + (SELECT count(*) FROM posts p WHERE p.user_id = u.id))::int AS works
     FROM users u LEFT JOIN user_profiles pr ON pr.user_id = u.id
     WHERE u.id <> $1 AND u.deleted_at IS NULL
       AND (EXISTS (SELECT 1 FROM videos v WHERE v.uploader_uid = u.id) OR EXISTS (SELECT 1 FROM posts p WHERE p.user_id = u.id))
       AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_uid = $1 AND b.blocked_uid = u.id) OR (b.blocker_uid = u.id AND b.blocked_uid = $1))
     ORDER BY (SELECT coalesce(sum(v.play_count), 0) FROM videos v WHERE v.uploader_uid = u.id) DESC, u.id
     LIMIT $2`,
    [userId, FocusLimits.suggestions],
  );
  return rows.map((row) => ({ uid: row.uid, nickName: row.nick_name, avatar: row.avatar, introduce: row.introduce, works: Number(row.works) }));
}

/**
 * 更多关注: the videos and posts of the users `userId` follows, newest first, paged; how many they follow; and for one
 * who follows nobody, uploaders to follow (the first page only).
 */
export async function focusUpdates(db: Queryable, userId: number, page: number, pageSize: number, now: Date): Promise<FocusUpdatePage> {
  const [counted] = await db.query<{ follows: number; total: number }>(
    `SELECT (SELECT count(*) FROM user_follows WHERE follower_uid = $1)::int AS follows, (SELECT count(*) FROM (${UPDATES}) u)::int AS total`,
    [userId],
  );
  const follows = Number(counted?.follows ?? 0);
  const total = Number(counted?.total ?? 0);
  const keys = await db.query<{ kind: 'video' | 'post'; key: string }>(`SELECT kind, key FROM (${UPDATES}) u ORDER BY at DESC, kind, seq DESC LIMIT $2 OFFSET $3`, [
    userId,
    pageSize,
    (page - 1) * pageSize,
  ]);
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
