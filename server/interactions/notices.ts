import type { AppServices } from '../app-services.ts';
import type { Queryable } from '../db/database.ts';
import { LikedKind } from '../../src/core/interactions/interactions-protocol.ts';

type Services = Pick<AppServices, 'db' | 'realtime'>;

/** The users who did not block `actor` (SQL over `x.uid`, actor as `$2`). */
const NOT_BLOCKING = 'NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_uid = x.uid AND b.blocked_uid = $2)';

/** Whom a new comment concerns: the one it answers, the video's uploader, the mentioned; never its author. */
async function commentRecipients(db: Queryable, commentId: number, author: number): Promise<number[]> {
  const rows = await db.query<{ uid: number }>(
    `SELECT DISTINCT x.uid FROM (
       SELECT coalesce(r.reply_to_uid, p.user_id) AS uid
         FROM video_comments r JOIN video_comments p ON p.id = r.parent_id WHERE r.id = $1
       UNION ALL
       SELECT v.uploader_uid FROM video_comments r JOIN videos v ON v.id = r.video_id WHERE r.id = $1 AND r.parent_id IS NULL
       UNION ALL
       SELECT m.user_id FROM comment_mentions m WHERE m.comment_id = $1
     ) x WHERE x.uid IS NOT NULL AND x.uid <> $2 AND ${NOT_BLOCKING}`,
    [commentId, author],
  );
  return rows.map((row) => row.uid);
}

const LIKED_TABLE: Record<LikedKind, string> = { [LikedKind.Comment]: 'video_comments', [LikedKind.Barrage]: 'barrages', [LikedKind.Post]: 'posts' };

/** The author of a liked comment, barrage or post, unless it is the liker or blocked the liker. */
async function likedAuthor(db: Queryable, kind: LikedKind, id: number, liker: number): Promise<number[]> {
  const table = LIKED_TABLE[kind];
  const rows = await db.query<{ uid: number }>(
    `SELECT x.uid FROM (SELECT user_id AS uid FROM ${table} WHERE id = $1) x WHERE x.uid <> $2 AND ${NOT_BLOCKING}`,
    [id, liker],
  );
  return rows.map((row) => row.uid);
}

/**
 * Tells the users a new comment or like concerns, over the socket, that their 收到的赞 / 评论和回复 counts changed
 * (the app fetches them again). Fire and forget: a failure here never fails the comment or the like.
 */
export function announceComment(services: Services, commentId: number, author: number): void {
  void commentRecipients(services.db, commentId, author)
    .then((uids) => services.realtime.interactionNotice(uids))
    .catch(() => undefined);
}

export function announceLike(services: Services, kind: LikedKind, id: number, liker: number): void {
  void likedAuthor(services.db, kind, id, liker)
    .then((uids) => services.realtime.interactionNotice(uids))
    .catch(() => undefined);
}
