import { systemClock, type Clock } from '../clock.ts';
import type { Database, Queryable } from '../db/database.ts';
import { DEMO_AVATAR_URLS } from '../media/demo-images.ts';

/** Viewers who sent the demo barrages (accounts that cannot log in: their password hash matches nothing). */
export const BARRAGE_VIEWERS = [
  { userName: 'viewer_xingxing', nickName: '星星点灯' },
  { userName: 'viewer_ajie', nickName: '阿杰' },
  { userName: 'viewer_momo', nickName: '默默看剧' },
  { userName: 'viewer_tiantian', nickName: '甜甜圈' },
] as const;

/** The demo uploader whose barrages a journey can block (catalogue seed: 老周玩游戏). */
export const BLOCKABLE_SENDER = 'up_laozhou';

/** A keyword some demo barrages contain, for blocking by keyword. */
export const SEED_BLOCK_KEYWORD = '剧透';

const PHRASES: readonly string[] = [
  '前排占座', '画面好美', '这里好燃', '哈哈哈哈哈', '太好看了吧', '名场面来了', '演技炸裂', '配乐绝了',
  '泪目了', '弹幕护体', '第一次看', '二刷打卡', '这个镜头厉害', 'awsl', '导演yyds', '笑死我了',
  '前方高能', '高能预警！', '好有质感', '这段看了十遍', '主角好帅', '女主好美', '氛围感拉满', '细节满分',
  '已三连', '终于等到了', '经典永流传', '此处应有掌声', '有人一起看吗', '2024年还在看', '太真实了', '全体起立',
];
const SPOILERS: readonly string[] = ['前方剧透预警', '剧透：结局很意外', '别剧透啊喂', '有剧透，慎看弹幕'];
const LAOZHOU: readonly string[] = ['老周来打卡', '老周路过，点个赞', '老周觉得这段不错'];

const SECOND_MS = 1000;
/** Every episode plays a 20 s clip: the demo barrages fly over its first 20 seconds. */
const SPREAD_MS = 20 * SECOND_MS;

async function ensureViewers(db: Queryable): Promise<number[]> {
  for (const [index, viewer] of BARRAGE_VIEWERS.entries()) {
    await db.query(
      `INSERT INTO users (user_name, password_hash, nick_name, avatar) VALUES ($1, '!', $2, $3) ON CONFLICT DO NOTHING`,
      [viewer.userName, viewer.nickName, DEMO_AVATAR_URLS[index % DEMO_AVATAR_URLS.length]],
    );
  }
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM users WHERE lower(user_name) = ANY($1::text[]) ORDER BY id',
    [BARRAGE_VIEWERS.map((viewer) => viewer.userName.toLowerCase())],
  );
  return rows.map((row) => row.id);
}

/** The demo barrages of one video: 40 to 80, spread over 0–20 s, some with 剧透, a few from 老周. */
function seedBarrages(videoIndex: number, viewers: readonly number[], laozhou: number | null): { timeMs: number; content: string; uid: number }[] {
  const count = 40 + ((videoIndex * 7) % 41);
  const list: { timeMs: number; content: string; uid: number }[] = [];
  for (let i = 0; i < count; i++) {
    const timeMs = Math.min(SPREAD_MS, Math.floor((i * SPREAD_MS) / count) + ((i * 137 + videoIndex * 31) % 300));
    let content = PHRASES[(i * 5 + videoIndex) % PHRASES.length] as string;
    let uid = viewers[(i + videoIndex) % viewers.length] as number;
    if (i % 9 === 4) content = SPOILERS[(i + videoIndex) % SPOILERS.length] as string;
    else if (laozhou !== null && i % 8 === 6) {
      content = LAOZHOU[(i + videoIndex) % LAOZHOU.length] as string;
      uid = laozhou;
    }
    list.push({ timeMs, content, uid });
  }
  return list;
}

/**
 * Demo barrages on episode 1 of every seeded video (run after the catalogue seed). Idempotent: a video that
 * already has its seeded barrages gets none, so restarting adds nothing.
 */
export async function seedBarrageDemo(db: Database, clock: Clock = systemClock): Promise<void> {
  await db.transaction(async (tx) => {
    const viewers = await ensureViewers(tx);
    if (viewers.length === 0) return;
    const up = await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [BLOCKABLE_SENDER]);
    const laozhou = up[0]?.id ?? null;
    const videos = await tx.query<{ id: number }>(
      `SELECT v.id FROM videos v WHERE NOT EXISTS (SELECT 1 FROM barrages b WHERE b.video_id = v.id AND b.seeded) ORDER BY v.id`,
    );
    if (videos.length === 0) return;
    const videoIds: number[] = [];
    const times: number[] = [];
    const contents: string[] = [];
    const uids: number[] = [];
    const created: string[] = [];
    const now = clock.now();
    for (const video of videos) {
      for (const [i, barrage] of seedBarrages(video.id, viewers, laozhou).entries()) {
        videoIds.push(video.id);
        times.push(barrage.timeMs);
        contents.push(barrage.content);
        uids.push(barrage.uid);
        created.push(new Date(now - (i + 1) * 60 * SECOND_MS).toISOString());
      }
    }
    await tx.query(
      `INSERT INTO barrages (video_id, episode, time_ms, content, user_id, seeded, created_at)
       SELECT v, 1, t, c, u, true, a FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::timestamptz[]) AS x(v, t, c, u, a)`,
      [videoIds, times, contents, uids, created],
    );
  });
}
