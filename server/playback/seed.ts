import type { Database } from '../db/database.ts';
import { mediaFor, seedIndexOf } from './playback-media.ts';

/**
 * Gives every video without one its clip, episode count and intro/outro marks (see playback-media.ts).
 * Run after the catalogue seed. Idempotent: videos that have their media already are left alone.
 */
export async function seedPlayback(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const videos = await tx.query<{ id: number; media_key: string; category: string; kind: string | null }>(
      `SELECT v.id, v.media_key, v.category, c.kind FROM videos v LEFT JOIN catalogue_categories c ON c.key = v.category
       WHERE NOT EXISTS (SELECT 1 FROM video_media m WHERE m.video_id = v.id) ORDER BY v.id`,
    );
    for (const video of videos) {
      const media = mediaFor(video.category, seedIndexOf(video.media_key), video.kind === 'short');
      await tx.query(
        `INSERT INTO video_media (video_id, clip, live, episode_count, intro_end, outro_start) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (video_id) DO NOTHING`,
        [video.id, media.clip, media.live, media.episodeCount, media.introEnd, media.outroStart],
      );
    }
  });
}
