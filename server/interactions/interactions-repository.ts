import type { Queryable } from '../db/database.ts';
import {
  InteractionsLimits,
  LikedKind,
  ReplyKind,
  type InteractionActor,
  type InteractionKind,
  type InteractionPage,
  type InteractionUnread,
  type LikeGroup,
  type ReceivedReply,
} from '../../src/core/interactions/interactions-protocol.ts';

/**
 * The received interactions, read from the tables the comment and barrage features write. `$1` is always the
 * recipient. Left out everywhere: what the recipient did themselves, and what users the recipient blocked did.
 */
const notBlocked = (actor: string): string => `NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_uid = $1 AND b.blocked_uid = ${actor})`;

/** When the recipient last read a kind: `-infinity` without a marker (nothing read). */
const readAt = (kind: InteractionKind): string =>
  `coalesce((SELECT read_at FROM interaction_reads WHERE user_id = $1 AND kind = '${kind}'), '-infinity'::timestamptz)`;

/** Every like of the recipient's comments, barrages and posts by someone else: (kind, target_id, actor, created_at). */
const LIKE_EVENTS = `
  SELECT '${LikedKind.Comment}'::text AS kind, c.id AS target_id, l.user_id AS actor, l.created_at
    FROM video_comment_likes l JOIN video_comments c ON c.id = l.comment_id
   WHERE c.user_id = $1 AND l.user_id <> $1 AND ${notBlocked('l.user_id')}
  UNION ALL
  SELECT '${LikedKind.Barrage}'::text, g.id, l.user_id, l.created_at
    FROM barrage_likes l JOIN barrages g ON g.id = l.barrage_id
   WHERE g.user_id = $1 AND l.user_id <> $1 AND ${notBlocked('l.user_id')}
  UNION ALL
  SELECT '${LikedKind.Post}'::text, p.id, l.user_id, l.created_at
    FROM post_likes l JOIN posts p ON p.id = l.post_id
   WHERE p.user_id = $1 AND l.user_id <> $1 AND ${notBlocked('l.user_id')}`;

/**
 * Every comment someone else wrote that concerns the recipient, once, with why (a reply first, then a comment on
 * their video, then a mention): a reply answering the recipient inside a thread (reply_to_uid), or a reply in the
 * thread of the recipient's comment answering the comment itself; a top-level comment on a video the recipient
 * uploaded; an @mention. Each branch is found from its own index.
 */
const REPLY_EVENTS = `
  SELECT DISTINCT ON (e.id) e.id, e.kind, e.created_at FROM (
    SELECT r.id, '${ReplyKind.Reply}' AS kind, 1 AS rank, r.created_at, r.user_id
      FROM video_comments r WHERE r.reply_to_uid = $1
    UNION ALL
    SELECT r.id, '${ReplyKind.Reply}', 1, r.created_at, r.user_id
      FROM video_comments p JOIN video_comments r ON r.parent_id = p.id AND r.reply_to_uid IS NULL
     WHERE p.user_id = $1 AND p.parent_id IS NULL
    UNION ALL
    SELECT r.id, '${ReplyKind.VideoComment}', 2, r.created_at, r.user_id
      FROM videos v JOIN video_comments r ON r.video_id = v.id AND r.parent_id IS NULL
     WHERE v.uploader_uid = $1
    UNION ALL
    SELECT r.id, '${ReplyKind.Mention}', 3, r.created_at, r.user_id
      FROM comment_mentions m JOIN video_comments r ON r.id = m.comment_id
     WHERE m.user_id = $1
  ) e
  WHERE e.user_id <> $1 AND ${notBlocked('e.user_id')}
  ORDER BY e.id, e.rank`;

interface LikeGroupRow {
  kind: LikedKind;
  target_id: number;
  liker_count: number;
  last_at: Date;
  unread: boolean;
  total: number;
  content: string;
  media_key: string;
  title: string;
  thread_id: number;
  reply_id: number;
  episode: number;
  post_id: number;
  likers: InteractionActor[];
}

/** 收到的赞: one page of liked comments, barrages and posts, latest like first, each with its latest likers. */
export async function likeGroupPage(db: Queryable, uid: number, page: number, pageSize: number): Promise<InteractionPage<LikeGroup>> {
  const rows = await db.query<LikeGroupRow>(
    `WITH events AS (${LIKE_EVENTS}),
          groups AS (
            SELECT kind, target_id, count(*)::int AS liker_count, max(created_at) AS last_at
              FROM events GROUP BY kind, target_id),
          paged AS (
            SELECT g.*, count(*) OVER ()::int AS total FROM groups g
             ORDER BY last_at DESC, kind, target_id DESC LIMIT $2 OFFSET $3)
     SELECT g.kind, g.target_id, g.liker_count, g.last_at, g.total, g.last_at > ${readAt('like')} AS unread,
            coalesce(c.content, bg.content, pt.contxt, '') AS content,
            coalesce(v.media_key, '') AS media_key, coalesce(v.title, '') AS title, coalesce(pt.id, 0) AS post_id,
            coalesce(coalesce(c.parent_id, c.id), 0) AS thread_id,
            CASE WHEN c.parent_id IS NULL THEN 0 ELSE c.id END AS reply_id,
            coalesce(bg.episode, 1) AS episode,
            (SELECT coalesce(json_agg(json_build_object('uid', u.id, 'nickName', u.nick_name, 'avatar', u.avatar) ORDER BY e.created_at DESC, e.actor DESC), '[]'::json)
               FROM (SELECT * FROM events e WHERE e.kind = g.kind AND e.target_id = g.target_id
                      ORDER BY e.created_at DESC, e.actor DESC LIMIT ${InteractionsLimits.latestLikers}) e
               JOIN users u ON u.id = e.actor) AS likers
       FROM paged g
       LEFT JOIN video_comments c ON g.kind = '${LikedKind.Comment}' AND c.id = g.target_id
       LEFT JOIN barrages bg ON g.kind = '${LikedKind.Barrage}' AND bg.id = g.target_id
       LEFT JOIN posts pt ON g.kind = '${LikedKind.Post}' AND pt.id = g.target_id
       LEFT JOIN videos v ON v.id = coalesce(c.video_id, bg.video_id)
      WHERE v.id IS NOT NULL OR pt.id IS NOT NULL
      ORDER BY g.last_at DESC, g.kind, g.target_id DESC`,
    [uid, pageSize, (page - 1) * pageSize],
  );
  const total = rows[0]?.total ?? (page > 1 ? await likeGroupCount(db, uid) : 0);
  const list = rows.map((row): LikeGroup => ({
    kind: row.kind,
    id: row.target_id,
    content: row.content,
    likerCount: row.liker_count,
    latestLikers: row.likers.map((liker) => ({ uid: Number(liker.uid), nickName: liker.nickName, avatar: liker.avatar })),
    time: row.last_at.getTime(),
    unread: row.unread,
    target: {
      mediaKey: row.media_key,
      title: row.title,
      commentId: Number(row.thread_id),
      replyId: Number(row.reply_id),
      episode: Number(row.episode),
      postId: Number(row.post_id),
    },
  }));
  return { list, page, pageSize, total };
}

async function likeGroupCount(db: Queryable, uid: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT DISTINCT kind, target_id FROM (${LIKE_EVENTS}) e) g`, [uid]);
  return row?.n ?? 0;
}

interface ReplyRow {
  id: number;
  kind: ReplyKind;
  created_at: Date;
  unread: boolean;
  total: number;
  user_id: number;
  nick_name: string;
  avatar: string;
  content: string;
  original: string | null;
  media_key: string;
  title: string;
  parent_id: number | null;
  episode: number;
}

/** 评论和回复: one page of comments concerning the recipient, newest first, each with what it answers. */
export async function replyPage(db: Queryable, uid: number, page: number, pageSize: number): Promise<InteractionPage<ReceivedReply>> {
  const rows = await db.query<ReplyRow>(
    `WITH events AS (${REPLY_EVENTS}),
          paged AS (SELECT e.*, count(*) OVER ()::int AS total FROM events e ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3)
     SELECT e.id, e.kind, e.created_at, e.total, e.created_at > ${readAt('reply')} AS unread,
            r.user_id, u.nick_name, u.avatar, r.content, r.parent_id, v.media_key, v.title,
            CASE WHEN e.kind = '${ReplyKind.Reply}' THEN
              CASE WHEN r.reply_to_uid = $1 THEN
                coalesce((SELECT m.content FROM video_comments m
                           WHERE m.parent_id = r.parent_id AND m.user_id = $1 AND (m.created_at, m.id) < (r.created_at, r.id)
                           ORDER BY m.created_at DESC, m.id DESC LIMIT 1),
                         (SELECT p.content FROM video_comments p WHERE p.id = r.parent_id AND p.user_id = $1))
              ELSE (SELECT p.content FROM video_comments p WHERE p.id = r.parent_id) END
            END AS original
       FROM paged e
       JOIN video_comments r ON r.id = e.id
       JOIN users u ON u.id = r.user_id
       JOIN videos v ON v.id = r.video_id
      ORDER BY e.created_at DESC, e.id DESC`,
    [uid, pageSize, (page - 1) * pageSize],
  );
  const total = rows[0]?.total ?? (page > 1 ? await replyCount(db, uid) : 0);
  const list = rows.map((row): ReceivedReply => ({
    kind: row.kind,
    id: row.id,
    author: { uid: row.user_id, nickName: row.nick_name, avatar: row.avatar },
    content: row.content,
    original: row.original ?? row.title,
    time: row.created_at.getTime(),
    unread: row.unread,
    target: { mediaKey: row.media_key, title: row.title, commentId: row.parent_id ?? row.id, replyId: row.parent_id === null ? 0 : row.id, episode: 1, postId: 0 },
  }));
  return { list, page, pageSize, total };
}

async function replyCount(db: Queryable, uid: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${REPLY_EVENTS}) e`, [uid]);
  return row?.n ?? 0;
}

/** The two entries' unread counts: likes and comments after each list was last opened. */
export async function unreadCounts(db: Queryable, uid: number): Promise<InteractionUnread> {
  const [row] = await db.query<{ likes: number; replies: number }>(
    `SELECT (SELECT count(*)::int FROM (${LIKE_EVENTS}) e WHERE e.created_at > ${readAt('like')}) AS likes,
            (SELECT count(*)::int FROM (${REPLY_EVENTS}) e WHERE e.created_at > ${readAt('reply')}) AS replies`,
    [uid],
  );
  return { likes: row?.likes ?? 0, replies: row?.replies ?? 0 };
}

/** Marks a kind read up to `at`; a marker never moves back (parallel or late calls keep the latest). */
export async function markRead(db: Queryable, uid: number, kind: InteractionKind, at: Date): Promise<void> {
  await db.query(
    `INSERT INTO interaction_reads (user_id, kind, read_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, kind) DO UPDATE SET read_at = greatest(interaction_reads.read_at, EXCLUDED.read_at)`,
    [uid, kind, at],
  );
}

/** Records that the comment mentions each nickname exactly one user has, never its author. */
export async function insertMentions(tx: Queryable, commentId: number, nicknames: readonly string[], authorUid: number): Promise<void> {
  await tx.query(
    `INSERT INTO comment_mentions (comment_id, user_id)
     SELECT $1, min(u.id) FROM users u WHERE u.nick_name = ANY($2::text[]) GROUP BY u.nick_name
     HAVING count(*) = 1 AND min(u.id) <> $3
     ON CONFLICT DO NOTHING`,
    [commentId, nicknames, authorUid],
  );
}

/** The users who did not block `actor` (SQL over `x.uid`, actor as `$2`). */
const NOT_BLOCKING = 'NOT EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_uid = x.uid AND b.blocked_uid = $2)';

/** Whom a new comment concerns: the one it answers, the video's uploader, the mentioned; never its author. */
export async function commentRecipients(db: Queryable, commentId: number, author: number): Promise<number[]> {
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
export async function likedAuthor(db: Queryable, kind: LikedKind, id: number, liker: number): Promise<number[]> {
  const table = LIKED_TABLE[kind];
  const rows = await db.query<{ uid: number }>(
    `SELECT x.uid FROM (SELECT user_id AS uid FROM ${table} WHERE id = $1) x WHERE x.uid <> $2 AND ${NOT_BLOCKING}`,
    [id, liker],
  );
  return rows.map((row) => row.uid);
}
