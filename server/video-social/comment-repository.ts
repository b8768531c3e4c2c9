import type { Queryable } from '../db/database.ts';
import { toggleLikeRow } from '../db/like-rows.ts';
import { isKefuSql } from '../user/listed-user-repository.ts';
import { levelFor } from '../../src/core/shared-kernel/levels.ts';
import type { CommentLiked, CommentSort, CommentView, CommentViewPage, ReplyViewPage } from '../../src/core/video-social/video-social-protocol.ts';
import { VideoSocialLimits } from '../../src/core/video-social/video-social-rules.ts';

interface CommentRow {
  id: number;
  parent_id: number | null;
  user_id: number;
  nick_name: string;
  avatar: string;
  vip_level: number;
  experience: number;
  big_v: boolean;
  kefu: boolean;
  content: string;
  created_at: Date;
  like_count: number;
  liked: boolean;
  reply_count: number;
  reply_to_uid: number | null;
  reply_to_nick: string | null;
}

/** Leaves out what the viewer's blocked users wrote (`c` the comment row, `viewer` the viewer's id parameter). */
const notBlockedBy = (viewer: string, alias = 'c'): string =>
  `NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_uid = ${viewer} AND b.blocked_uid = ${alias}.user_id)`;

/** The select list of a comment `c` seen by the viewer `$viewer` at the time `$now` (SQL parameter names). */
function commentSelect(viewer: string, now: string): string {
  return `c.id, c.parent_id, c.user_id, u.nick_name, u.avatar,
    CASE WHEN u.vip_level > 0 AND u.vip_expire IS NOT NULL AND u.vip_expire > ${now} THEN u.vip_level ELSE 0 END AS vip_level,
    u.experience,
    coalesce(p.big_v, false) AS big_v,
    ${isKefuSql('u.id')} AS kefu,
    c.content, c.created_at,
    (SELECT count(*)::int FROM video_comment_likes l WHERE l.comment_id = c.id) AS like_count,
    EXISTS (SELECT 1 FROM video_comment_likes l WHERE l.comment_id = c.id AND l.user_id = ${viewer}) AS liked,
    (SELECT count(*)::int FROM video_comments r WHERE r.parent_id = c.id AND ${notBlockedBy(viewer, 'r')}) AS reply_count,
    c.reply_to_uid, t.nick_name AS reply_to_nick`;
}

const COMMENT_FROM = `video_comments c JOIN users u ON u.id = c.user_id LEFT JOIN user_profiles p ON p.user_id = u.id
  LEFT JOIN users t ON t.id = c.reply_to_uid`;

function toView(row: CommentRow, replies: CommentView[] = []): CommentView {
  return {
    id: row.id,
    parentId: row.parent_id ?? 0,
    uid: row.user_id,
    nickName: row.nick_name,
    avatar: row.avatar,
    vipLevel: Number(row.vip_level),
    level: levelFor(Number(row.experience)),
    bigV: row.big_v,
    kefu: row.kefu,
    content: row.content,
    time: row.created_at.getTime(),
    likeCount: Number(row.like_count),
    liked: row.liked,
    replyCount: row.parent_id === null ? Number(row.reply_count) : 0,
    replyTo: row.reply_to_uid === null ? null : { uid: row.reply_to_uid, nickName: row.reply_to_nick ?? '' },
    replies,
  };
}

const ORDER: Record<CommentSort, string> = {
  new: 'c.created_at DESC, c.id DESC',
  hot: 'like_count DESC, c.created_at DESC, c.id DESC',
};

/** One page of a video's comments (newest or most liked first), each with its first replies (oldest first). */
export async function pageOfComments(
  db: Queryable,
  videoId: number,
  viewer: number,
  sort: CommentSort,
  page: number,
  pageSize: number,
  now: Date,
): Promise<CommentViewPage> {
  const rows = await db.query<CommentRow>(
    `SELECT ${commentSelect('$2', '$3')} FROM ${COMMENT_FROM}
     WHERE c.video_id = $1 AND c.parent_id IS NULL AND ${notBlockedBy('$2')} ORDER BY ${ORDER[sort]} LIMIT $4 OFFSET $5`,
    [videoId, viewer, now, pageSize, (page - 1) * pageSize],
  );
  const previews = new Map<number, CommentView[]>();
  if (rows.length > 0) {
    const replyRows = await db.query<CommentRow & { rank: number }>(
      `SELECT * FROM (
         SELECT ${commentSelect('$2', '$3')}, row_number() OVER (PARTITION BY c.parent_id ORDER BY c.created_at, c.id)::int AS rank
         FROM ${COMMENT_FROM} WHERE c.parent_id = ANY($1::int[]) AND ${notBlockedBy('$2')}
       ) x WHERE x.rank <= $4 ORDER BY x.parent_id, x.rank`,
      [rows.map((row) => row.id), viewer, now, VideoSocialLimits.previewReplies],
    );
    for (const reply of replyRows) {
      const parent = reply.parent_id ?? 0;
      previews.set(parent, [...(previews.get(parent) ?? []), toView(reply)]);
    }
  }
  const counts = await db.query<{ total: number; all: number }>(
    `SELECT count(*) FILTER (WHERE parent_id IS NULL)::int AS total, count(*)::int AS all FROM video_comments c
     WHERE video_id = $1 AND ${notBlockedBy('$2')}`,
    [videoId, viewer],
  );
  return {
    list: rows.map((row) => toView(row, previews.get(row.id) ?? [])),
    page,
    pageSize,
    total: counts[0]?.total ?? 0,
    commentCount: counts[0]?.all ?? 0,
  };
}

/** One page of a comment's replies, oldest first. */
export async function pageOfReplies(
  db: Queryable,
  parentId: number,
  viewer: number,
  page: number,
  pageSize: number,
  now: Date,
): Promise<ReplyViewPage> {
  const rows = await db.query<CommentRow>(
    `SELECT ${commentSelect('$2', '$3')} FROM ${COMMENT_FROM}
     WHERE c.parent_id = $1 AND ${notBlockedBy('$2')} ORDER BY c.created_at, c.id LIMIT $4 OFFSET $5`,
    [parentId, viewer, now, pageSize, (page - 1) * pageSize],
  );
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM video_comments c WHERE parent_id = $1 AND ${notBlockedBy('$2')}`,
    [parentId, viewer],
  );
  return { list: rows.map((row) => toView(row)), page, pageSize, total: count[0]?.total ?? 0 };
}

/** One comment or reply as the viewer sees it (with its first replies when it is a comment), or null. */
export async function findComment(db: Queryable, id: number, viewer: number, now: Date): Promise<CommentView | null> {
  const rows = await db.query<CommentRow>(`SELECT ${commentSelect('$2', '$3')} FROM ${COMMENT_FROM} WHERE c.id = $1`, [id, viewer, now]);
  const row = rows[0];
  if (!row) return null;
  if (row.parent_id !== null) return toView(row);
  const replies = await pageOfReplies(db, row.id, viewer, 1, VideoSocialLimits.previewReplies, now);
  return toView(row, replies.list);
}

export interface CommentRef {
  id: number;
  videoId: number;
  userId: number;
  parentId: number | null;
}

/** The essentials of a comment (its video, author and parent), or null. Locks the row when `forUpdate`. */
export async function commentRef(db: Queryable, id: number, forUpdate = false): Promise<CommentRef | null> {
  const rows = await db.query<{ id: number; video_id: number; user_id: number; parent_id: number | null }>(
    `SELECT id, video_id, user_id, parent_id FROM video_comments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  return row ? { id: row.id, videoId: row.video_id, userId: row.user_id, parentId: row.parent_id } : null;
}

/** Whether the user wrote the comment `rootId` or one of its replies. */
export async function isInThread(db: Queryable, rootId: number, userId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM video_comments WHERE (id = $1 OR parent_id = $1) AND user_id = $2 LIMIT 1', [rootId, userId]);
  return rows.length > 0;
}

/**
 * Takes the user's posting slot: answers false when they posted less than `intervalMs` ago. One statement,
 * so two parallel posts cannot both pass. Run inside the posting transaction (a failed post gives it back).
 */
export async function takePostingSlot(tx: Queryable, userId: number, now: Date, intervalMs: number): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO video_comment_posters (user_id, last_posted_at) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET last_posted_at = EXCLUDED.last_posted_at
     WHERE video_comment_posters.last_posted_at <= $3
     RETURNING user_id`,
    [userId, now, new Date(now.getTime() - intervalMs)],
  );
  return rows.length > 0;
}

export interface NewComment {
  videoId: number;
  userId: number;
  parentId: number | null;
  replyToUid: number | null;
  content: string;
  videoType: string;
  at: Date;
}

export async function insertComment(tx: Queryable, comment: NewComment): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO video_comments (video_id, user_id, parent_id, reply_to_uid, content, video_type, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [comment.videoId, comment.userId, comment.parentId, comment.replyToUid, comment.content, comment.videoType, comment.at],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('comment insert returned no id');
  return id;
}

/** Deletes a comment (its replies and likes go with it); answers how many comments went. */
export async function deleteComment(tx: Queryable, id: number): Promise<number> {
  const replies = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM video_comments WHERE parent_id = $1', [id]);
  const removed = await tx.query('DELETE FROM video_comments WHERE id = $1 RETURNING id', [id]);
  return removed.length === 0 ? 0 : 1 + (replies[0]?.n ?? 0);
}

/** Likes or unlikes a comment; answers whether the user likes it afterwards and the count. Run inside a transaction. */
export function toggleCommentLike(tx: Queryable, commentId: number, userId: number, now: Date): Promise<CommentLiked> {
  return toggleLikeRow(tx, { table: 'video_comment_likes', target: 'comment_id' }, commentId, userId, now);
}
