import { access, copyFile, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/database.ts';
import { insertRows } from '../db/insert-rows.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT, DEMO_CLIP_SECONDS } from '../db/seed.ts';
import { demoPostCoverUrl } from '../media/demo-images.ts';
import { DEMO_MEDIA_DIR } from '../playback/media-serving.ts';
import { MP4_CLIP } from '../playback/playback-media.ts';
import { storedVideoName } from '../upload/upload-files.ts';
import { SEED_PLACES, seedPlaces } from './places.ts';

/** The labels GetLabel offers, in display order. */
export const SEED_LABELS: readonly string[] = ['搞笑', '生活', '美食', '旅行', '萌宠', '音乐', '舞蹈', '游戏', '运动', '影视', '知识', '日常'];

/** The settings row that says the demo posts were made once (users may delete them afterwards). */
const SEEDED_KEY = 'seed:posts';

/** Upload names of the demo posts (their videos are copies of demo-media/clip-d.mp4). */
const DEMO_UPLOAD_PREFIX = 'demo-post-';

/** The demo posts' video. */
const DEMO_VIDEO = join(DEMO_MEDIA_DIR, MP4_CLIP);

const HOUR_MS = 60 * 60 * 1000;

interface DemoPost {
  by: 'demo' | 'demo2';
  ago: number;
  contxt: string;
  labels: readonly string[];
  placeId: string | null;
}

/** The demo posts: two by 演示用户 (demo), one by 小遇 (demo2). */
export const DEMO_POSTS: readonly DemoPost[] = [
  { by: 'demo', ago: 2 * HOUR_MS, contxt: '周末去外滩走了走，江边的风好舒服～', labels: ['旅行', '生活'], placeId: 'sh-bund' },
  { by: 'demo', ago: 26 * HOUR_MS, contxt: '新学的一道家常菜，味道还不错！', labels: ['美食'], placeId: null },
  { by: 'demo2', ago: 3 * 24 * HOUR_MS, contxt: '和朋友在宽窄巷子喝茶聊天', labels: ['日常', '旅行'], placeId: 'cd-kuanzhai' },
];

export interface SeedPostsOptions {
  /** UPLOAD_DIR (the demo videos go to its videos/ folder). */
  uploadDir: string;
  clock?: Clock;
}

async function seedLabels(db: Queryable): Promise<void> {
  await insertRows(db, 'INSERT INTO post_labels (name, sort)', SEED_LABELS.map((name, index) => [name, index + 1]), 'ON CONFLICT (name) DO NOTHING');
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Once, on a demo installation: demo2 follows demo, and the demo posts with their uploads. */
async function seedDemoPosts(db: Database, clock: Clock, videoBytes: number): Promise<void> {
  const done = await db.query('SELECT 1 FROM settings WHERE key = $1', [SEEDED_KEY]);
  if (done.length > 0) return;
  const users = await db.query<{ id: number; name: string }>(
    'SELECT id, lower(user_name) AS name FROM users WHERE lower(user_name) = ANY($1::text[])',
    [[DEMO_ACCOUNT.userName.toLowerCase(), DEMO2_ACCOUNT.userName.toLowerCase()]],
  );
  const uidOf = (by: DemoPost['by']) => users.find((user) => user.name === (by === 'demo' ? DEMO_ACCOUNT.userName : DEMO2_ACCOUNT.userName).toLowerCase())?.id;
  const demo = uidOf('demo');
  const demo2 = uidOf('demo2');
  if (demo === undefined || demo2 === undefined) return;
  const labels = new Map((await db.query<{ id: number; name: string }>('SELECT id, name FROM post_labels')).map((row) => [row.name, row.id]));
  const now = clock.now();
  await db.transaction(async (tx) => {
    const claimed = await tx.query(`INSERT INTO settings (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [SEEDED_KEY]);
    if (claimed.length === 0) return;
    // The follower journey: demo2 sees demo's new posts (those made after this, not the seeded ones).
    await tx.query('INSERT INTO user_follows (follower_uid, followed_uid, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [demo2, demo, new Date(now)]);
    for (const [index, post] of DEMO_POSTS.entries()) {
      const at = new Date(now - post.ago);
      const uid = post.by === 'demo' ? demo : demo2;
      const labelIds = post.labels.map((name) => labels.get(name)).filter((id): id is number => id !== undefined);
      const place = SEED_PLACES.find((candidate) => candidate.id === post.placeId);
      const uploads = await tx.query<{ id: number }>(
        `INSERT INTO video_uploads (user_id, unique_file_name, original_name, file_size, chunks, duration, extension,
           completed_at, saved_at, contxt, label_ids, category, cover_path, created_at)
         VALUES ($1, $2, $3, $4, 1, $5, 'mp4', $6, $6, $7, $8::integer[], '0,7', $9, $6)
         ON CONFLICT (unique_file_name) DO NOTHING RETURNING id`,
        [uid, `${DEMO_UPLOAD_PREFIX}${index + 1}`, MP4_CLIP, videoBytes, DEMO_CLIP_SECONDS, at, post.contxt, labelIds, demoPostCoverUrl(index + 1)],
      );
      const uploadId = uploads[0]?.id;
      if (uploadId === undefined) continue;
      await tx.query(
        `INSERT INTO posts (user_id, upload_id, contxt, label_ids, location, cover, created_at)
         VALUES ($1, $2, $3, $4::integer[], $5::jsonb, $6, $7)`,
        [uid, uploadId, post.contxt, labelIds,
          place ? JSON.stringify({ id: place.id, name: place.name, address: place.address, lat: place.lat, lng: place.lng }) : null,
          demoPostCoverUrl(index + 1), at],
      );
    }
  });
}

/** Copies demo-media/clip-d.mp4 to the demo posts' video files that are missing. */
async function ensureDemoVideos(db: Queryable, uploadDir: string): Promise<void> {
  const rows = await db.query<{ unique_file_name: string }>(
    `SELECT unique_file_name FROM video_uploads WHERE unique_file_name LIKE '${DEMO_UPLOAD_PREFIX}%' AND extension = 'mp4'`,
  );
  if (rows.length === 0) return;
  const videos = join(uploadDir, 'videos');
  await mkdir(videos, { recursive: true });
  for (const row of rows) {
    const target = join(videos, storedVideoName(row.unique_file_name, 'mp4'));
    if (!(await exists(target))) await copyFile(DEMO_VIDEO, target);
  }
}

/**
 * Idempotent: the labels and places (missing ones added), and once on a demo installation the demo posts (their
 * videos copied from demo-media/clip-d.mp4, covers from the demo posters) and demo2 following demo. Every start
 * copies a demo video back if its file is missing.
 */
export async function seedPosts(db: Database, options: SeedPostsOptions): Promise<void> {
  await seedLabels(db);
  await seedPlaces(db);
  await seedDemoPosts(db, options.clock ?? systemClock, (await stat(DEMO_VIDEO)).size);
  await ensureDemoVideos(db, options.uploadDir);
}
