import type { Database } from '../db/database.ts';
import { mediaFor, seedIndexOf } from './playback-media.ts';

/** The demo videos the operator does not allow to be downloaded (AppDownload answers 1034 该视频暂不支持下载). */
export const SEED_DOWNLOAD_REFUSED: readonly string[] = ['music-03', 'drama-04'];

/**
 * Gives every video without one its clip, episode count and intro/outro marks (see playback-media.ts).
 * Run after the catalogue seed; turns downloading off for {@link SEED_DOWNLOAD_REFUSED}. Idempotent: videos that
 * have their media already are left alone.
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
    await tx.query('UPDATE videos SET download_allowed = false WHERE media_key = ANY($1::text[]) AND download_allowed', [SEED_DOWNLOAD_REFUSED]);
  });
}
