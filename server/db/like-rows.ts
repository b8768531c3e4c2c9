import type { Queryable } from './database.ts';

/** A likes table: one row per liked thing and user, with its time (video_comment_likes, post_likes). */
export interface LikeTable {
  table: 'video_comment_likes' | 'post_likes';
  /** The column naming the liked thing. */
  target: 'comment_id' | 'post_id';
}

/**
 * Likes the thing for the user, or unlikes it when they already do: a delete, else an insert that a parallel twin
 * cannot double (ON CONFLICT DO NOTHING). Answers whether the user likes it afterwards and its count. Run inside a
 * transaction.
 */
export async function toggleLikeRow(tx: Queryable, likes: LikeTable, targetId: number, userId: number, at: Date): Promise<{ liked: boolean; likeCount: number }> {
  const { table, target } = likes;
  const removed = await tx.query(`DELETE FROM ${table} WHERE ${target} = $1 AND user_id = $2 RETURNING ${target}`, [targetId, userId]);
  const liked = removed.length === 0;
  if (liked) await tx.query(`INSERT INTO ${table} (${target}, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [targetId, userId, at]);
  const count = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${target} = $1`, [targetId]);
  return { liked, likeCount: Number(count[0]?.n ?? 0) };
}
