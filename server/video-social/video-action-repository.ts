import type { Queryable } from '../db/database.ts';
import { Vote, type Rating, type RatingBucket, type VoteCounts } from '../../src/core/video-social/video-social-protocol.ts';
import { VideoSocialLimits, averageScore } from '../../src/core/video-social/video-social-rules.ts';

const VOTE_VALUE = { [Vote.Like]: 1, [Vote.Dislike]: -1 } as const;

export async function voteCounts(db: Queryable, videoId: number, viewer: number): Promise<VoteCounts> {
  const rows = await db.query<{ likes: number; dislikes: number; mine: number | null }>(
    `SELECT count(*) FILTER (WHERE vote = 1)::int AS likes, count(*) FILTER (WHERE vote = -1)::int AS dislikes,
       max(CASE WHEN user_id = $2 THEN vote END)::int AS mine
     FROM video_votes WHERE video_id = $1`,
    [videoId, viewer],
  );
  const row = rows[0];
  const mine = row?.mine ?? null;
  return {
    likes: row?.likes ?? 0,
    dislikes: row?.dislikes ?? 0,
    myVote: mine === 1 ? Vote.Like : mine === -1 ? Vote.Dislike : Vote.None,
  };
}

/**
 * Taps 赞 or 踩: the same vote again clears it, the other vote replaces it. Answers the counts afterwards.
 * Run inside a transaction.
 */
export async function toggleVote(tx: Queryable, videoId: number, userId: number, tapped: typeof Vote.Like | typeof Vote.Dislike, now: Date): Promise<VoteCounts> {
  const value = VOTE_VALUE[tapped];
  const removed = await tx.query('DELETE FROM video_votes WHERE video_id = $1 AND user_id = $2 AND vote = $3 RETURNING video_id', [videoId, userId, value]);
  if (removed.length === 0) {
    await tx.query(
      `INSERT INTO video_votes (video_id, user_id, vote, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (video_id, user_id) DO UPDATE SET vote = EXCLUDED.vote, created_at = EXCLUDED.created_at`,
      [videoId, userId, value, now],
    );
  }
  return voteCounts(tx, videoId, userId);
}

export async function ratingOf(db: Queryable, videoId: number, viewer: number): Promise<Rating> {
  const rows = await db.query<{ stars: number; n: number }>('SELECT stars::int AS stars, count(*)::int AS n FROM video_ratings WHERE video_id = $1 GROUP BY stars', [videoId]);
  const mine = await db.query<{ stars: number }>('SELECT stars::int AS stars FROM video_ratings WHERE video_id = $1 AND user_id = $2', [videoId, viewer]);
  const distribution: RatingBucket[] = [];
  for (let stars = VideoSocialLimits.maxStars; stars >= VideoSocialLimits.minStars; stars -= 1) {
    distribution.push({ stars, count: rows.find((row) => row.stars === stars)?.n ?? 0 });
  }
  return {
    score: averageScore(distribution),
    ratingCount: distribution.reduce((sum, bucket) => sum + bucket.count, 0),
    distribution,
    myRating: mine[0]?.stars ?? 0,
  };
}

/**
 * The catalogue's score (lists, VideoDetails) is the same average, kept in `videos.score_tenths` (0 without ratings);
 * set from the rows after every rating and by the seed.
 */
async function updateCatalogueScore(db: Queryable, videoId: number): Promise<void> {
  await db.query(
    `UPDATE videos SET score_tenths = COALESCE((SELECT round(avg(stars) * 20)::int FROM video_ratings WHERE video_id = $1), 0) WHERE id = $1`,
    [videoId],
  );
}

/** Rates the video (a second rating replaces the first) and keeps the catalogue's score the ratings' average. */
export async function rate(db: Queryable, videoId: number, userId: number, stars: number, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO video_ratings (video_id, user_id, stars, rated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (video_id, user_id) DO UPDATE SET stars = EXCLUDED.stars, rated_at = EXCLUDED.rated_at`,
    [videoId, userId, stars, now],
  );
  await updateCatalogueScore(db, videoId);
}

export async function isCollected(db: Queryable, videoId: number, viewer: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM collections WHERE user_id = $1 AND video_id = $2', [viewer, videoId])).length > 0;
}

export async function shareCount(db: Queryable, videoId: number): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM video_shares WHERE video_id = $1', [videoId]);
  return rows[0]?.n ?? 0;
}

export async function recordShare(db: Queryable, videoId: number, userId: number | null, now: Date): Promise<void> {
  await db.query('INSERT INTO video_shares (video_id, user_id, created_at) VALUES ($1, $2, $3)', [videoId, userId, now]);
}

export async function commentCount(db: Queryable, videoId: number): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM video_comments WHERE video_id = $1', [videoId]);
  return rows[0]?.n ?? 0;
}
