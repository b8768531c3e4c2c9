import { VIDEO_COLUMNS, VIDEO_FROM, toVideoView, type VideoRow, type VideoView } from '../catalogue/catalogue-repository.ts';
import { LIVE_CATEGORY } from '../../src/core/playback/playback-protocol.ts';
import type { Queryable } from '../db/database.ts';
import { DEMO_CLIP_SECONDS } from '../db/seed.ts';
import { isClipName, mediaFor, seedIndexOf, type VideoMedia } from './playback-media.ts';

/** A video with what playing it needs. */
export interface PlayableVideo {
  id: number;
  view: VideoView;
  media: VideoMedia;
}

interface MediaColumns {
  m_clip: string | null;
  m_live: boolean | null;
  m_episode_count: number | null;
  m_intro_end: number | null;
  m_outro_start: number | null;
  category_kind: string | null;
}

const PLAYABLE_COLUMNS = `${VIDEO_COLUMNS}, m.clip AS m_clip, m.live AS m_live, m.episode_count AS m_episode_count,
  m.intro_end AS m_intro_end, m.outro_start AS m_outro_start, c.kind AS category_kind`;
const PLAYABLE_FROM = `${VIDEO_FROM} LEFT JOIN video_media m ON m.video_id = v.id LEFT JOIN catalogue_categories c ON c.key = v.category`;

/** The stored media of a video, or (no row: a video added after the seed) the default of its category. */
function mediaOf(row: VideoRow & MediaColumns): VideoMedia {
  if (row.m_clip !== null && isClipName(row.m_clip)) {
    return {
      clip: row.m_clip,
      live: row.m_live ?? false,
      episodeCount: row.m_episode_count ?? 1,
      introEnd: row.m_intro_end ?? 0,
      outroStart: row.m_outro_start ?? 0,
    };
  }
  return mediaFor(row.category, seedIndexOf(row.media_key), row.category_kind === 'short');
}

export async function findPlayableVideo(db: Queryable, mediaKey: string): Promise<PlayableVideo | null> {
  const rows = await db.query<VideoRow & MediaColumns>(`SELECT ${PLAYABLE_COLUMNS} FROM ${PLAYABLE_FROM} WHERE v.media_key = $1`, [mediaKey]);
  const row = rows[0];
  return row ? { id: row.id, view: toVideoView(row), media: mediaOf(row) } : null;
}

/** Whether the operator allows the video to be downloaded (AppDownload). */
export async function downloadAllowed(db: Queryable, videoId: number): Promise<boolean> {
  const rows = await db.query<{ download_allowed: boolean }>('SELECT download_allowed FROM videos WHERE id = $1', [videoId]);
  return rows[0]?.download_allowed === true;
}

/** The media of a live channel by its media key, or null when there is no such live channel. */
export async function findLiveChannel(db: Queryable, mediaKey: string): Promise<VideoMedia | null> {
  const video = await findPlayableVideo(db, mediaKey);
  return video !== null && (video.media.live || video.view.category === LIVE_CATEGORY) ? { ...video.media, live: true } : null;
}

export async function videoViews(db: Queryable, where: string, params: readonly unknown[], order: string, limit: number): Promise<VideoView[]> {
  const rows = await db.query<VideoRow>(`SELECT ${VIDEO_COLUMNS} FROM ${VIDEO_FROM} WHERE ${where} ORDER BY ${order} LIMIT ${limit}`, params);
  return rows.map(toVideoView);
}

/** The user's play record of a video (episode and progress), or null. */
export async function playRecordOf(db: Queryable, userId: number, videoId: number): Promise<{ episode: number; progress: number } | null> {
  const rows = await db.query<{ episode: number; progress_seconds: number }>(
    'SELECT episode, progress_seconds FROM play_records WHERE user_id = $1 AND video_id = $2',
    [userId, videoId],
  );
  const row = rows[0];
  return row ? { episode: row.episode, progress: row.progress_seconds } : null;
}

/** The user's recent plays, newest first, with the episode, its progress and its real length (seconds; 0 for live). */
export async function watchingOf(
  db: Queryable,
  userId: number,
  limit: number,
): Promise<(VideoView & { progress: number; episode: number; episodeDuration: number })[]> {
  const rows = await db.query<VideoRow & { progress_seconds: number; episode: number }>(
    `SELECT ${VIDEO_COLUMNS}, p.progress_seconds, p.episode FROM play_records p JOIN ${VIDEO_FROM} ON v.id = p.video_id
     WHERE p.user_id = $1 ORDER BY p.played_at DESC, v.id LIMIT ${limit}`,
    [userId],
  );
  return rows.map((row) => {
    const episodeDuration = row.category === LIVE_CATEGORY ? 0 : DEMO_CLIP_SECONDS;
    // Progress never reads past the end of what plays.
    const progress = episodeDuration > 0 ? Math.min(row.progress_seconds, episodeDuration) : row.progress_seconds;
    return { ...toVideoView(row), progress, episode: row.episode, episodeDuration };
  });
}
