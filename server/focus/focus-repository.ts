import type { Queryable } from '../db/database.ts';

/** The users `$1` follows (a block ends a follow both ways, so none of them is blocked). */
const FOLLOWED = 'SELECT followed_uid FROM user_follows WHERE follower_uid = $1';

/** Their catalogue videos and their posts, as (kind, key, time): one list to page through. */
const UPDATES = `SELECT 'video' AS kind, v.media_key AS key, v.updated_at AS at, v.id AS seq FROM videos v WHERE v.uploader_uid IN (${FOLLOWED})
  UNION ALL
  SELECT 'post' AS kind, p.id::text AS key, p.created_at AS at, p.id AS seq FROM posts p WHERE p.user_id IN (${FOLLOWED})`;

/** An update of a followed user: a catalogue video (its media key) or a post (its id). */
export interface UpdateKey {
  kind: 'video' | 'post';
  key: string;
}

/** How many users `userId` follows, and how many updates they have. */
export async function countUpdates(db: Queryable, userId: number): Promise<{ follows: number; total: number }> {
  const [counted] = await db.query<{ follows: number; total: number }>(
    `SELECT (SELECT count(*) FROM user_follows WHERE follower_uid = $1)::int AS follows, (SELECT count(*) FROM (${UPDATES}) u)::int AS total`,
    [userId],
  );
  return { follows: Number(counted?.follows ?? 0), total: Number(counted?.total ?? 0) };
}

/** A page of the updates of the users `userId` follows, newest first. */
export async function updateKeys(db: Queryable, userId: number, limit: number, offset: number): Promise<UpdateKey[]> {
  return db.query<UpdateKey>(`SELECT kind, key FROM (${UPDATES}) u ORDER BY at DESC, kind, seq DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]);
}

/** An uploader to follow, with how many works they have. */
export interface SuggestionRow {
  uid: number;
  nick_name: string;
  avatar: string;
  introduce: string;
  works: number;
}

/** Uploaders with works, the most played first, that the user has not blocked nor been blocked by (not the user). */
export async function suggestedUploaders(db: Queryable, userId: number, limit: number): Promise<SuggestionRow[]> {
  return db.query<SuggestionRow>(
    `SELECT u.id AS uid, u.nick_name, u.avatar, coalesce(pr.introduce, '') AS introduce,
       ((SELECT count(*) FROM videos v WHERE v.uploader_uid = u.id) + (SELECT count(*) FROM posts p WHERE p.user_id = u.id))::int AS works
     FROM users u LEFT JOIN user_profiles pr ON pr.user_id = u.id
     WHERE u.id <> $1 AND u.deleted_at IS NULL
       AND (EXISTS (SELECT 1 FROM videos v WHERE v.uploader_uid = u.id) OR EXISTS (SELECT 1 FROM posts p WHERE p.user_id = u.id))
       AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_uid = $1 AND b.blocked_uid = u.id) OR (b.blocker_uid = u.id AND b.blocked_uid = $1))
     ORDER BY (SELECT coalesce(sum(v.play_count), 0) FROM videos v WHERE v.uploader_uid = u.id) DESC, u.id
     LIMIT $2`,
    [userId, limit],
  );
}
