import { BARRAGE_VIEWERS } from '../barrage/seed.ts';
import { systemClock, type Clock } from '../clock.ts';
import { DEMO_UPLOADERS, SEED_VIDEOS } from '../catalogue/seed.ts';
import type { Database, Queryable } from '../db/database.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT } from '../db/seed.ts';
import { insertRows } from '../db/insert-rows.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** The settings row that says the demo comments were written once (users may delete them afterwards). */
const SEEDED_KEY = 'seed:video-social';

/** Who writes: the two demo uploaders, demo2 (小遇) and demo (演示用户). */
type Author = 'xiaoyu' | 'laozhou' | 'demo2' | 'demo';

interface SeedReply {
  by: Author;
  ago: number;
  text: string;
  likedBy?: readonly Author[];
}

interface SeedComment extends SeedReply {
  replies?: readonly SeedReply[];
}

/**
 * The demo comments, per media key. Ages spread over 刚刚, N小时前, N天前 and dates. movie-03 and movie-08 are
 * the comments journey's videos; a comment there has more than 2 replies (查看全部N条回复).
 */
const COMMENTS: Readonly<Record<string, readonly SeedComment[]>> = {
  'movie-03': [
    {
      by: 'demo2', ago: 12 * MINUTE_MS, text: '这部片子的配乐太好听了！', likedBy: ['xiaoyu', 'laozhou'],
      replies: [{ by: 'xiaoyu', ago: 8 * MINUTE_MS, text: '同感，片尾曲循环了一整天' }],
    },
    { by: 'laozhou', ago: 5 * HOUR_MS, text: '老城区的故事总是让人感动，想起了小时候住的胡同。', likedBy: ['demo2'] },
    {
      by: 'xiaoyu', ago: 2 * DAY_MS + 3 * HOUR_MS, text: '三代人的戏份都很扎实，强烈推荐全家一起看。', likedBy: ['demo2', 'laozhou', 'demo'],
      replies: [
        { by: 'demo2', ago: 2 * DAY_MS, text: '奶奶那段我看哭了' },
        { by: 'laozhou', ago: 1 * DAY_MS + 20 * HOUR_MS, text: '导演很会拍生活细节', likedBy: ['xiaoyu'] },
        { by: 'demo2', ago: 1 * DAY_MS + 2 * HOUR_MS, text: '已经二刷了' },
      ],
    },
    { by: 'demo2', ago: 20 * DAY_MS, text: '第二遍看了，还是被结尾打动。' },
  ],
  'movie-08': [
    { by: 'laozhou', ago: 30 * MINUTE_MS, text: '毕业前夜那场戏太真实了哈哈哈', likedBy: ['demo2'] },
    {
      by: 'demo2', ago: 9 * HOUR_MS, text: '适合和老同学一起看的喜剧。',
      replies: [{ by: 'xiaoyu', ago: 7 * HOUR_MS, text: '已经约了室友周末一起看' }],
    },
    { by: 'xiaoyu', ago: 12 * DAY_MS, text: '青春片里难得的不狗血。', likedBy: ['laozhou', 'demo2'] },
  ],
  'movie-01': [
    { by: 'xiaoyu', ago: 3 * HOUR_MS, text: '大漠的镜头拍得太壮观了。', likedBy: ['demo2'] },
    { by: 'demo2', ago: 4 * DAY_MS, text: '历史感很足，值得一看。' },
  ],
  'drama-01': [
    {
      by: 'demo2', ago: 40 * MINUTE_MS, text: '弄堂里的烟火气，看得人好想去上海。',
      replies: [{ by: 'laozhou', ago: 20 * MINUTE_MS, text: '第一集就入坑了' }],
    },
    { by: 'xiaoyu', ago: 1 * DAY_MS + 5 * HOUR_MS, text: '服化道很用心。' },
  ],
  'games-02': [
    { by: 'demo2', ago: 2 * HOUR_MS, text: '无伤通关太强了，求攻略！', likedBy: ['laozhou'] },
    { by: 'xiaoyu', ago: 6 * DAY_MS, text: '这个 Boss 我打了三十次。' },
  ],
};

/** Ratings (stars) written as they are on the comments journey's videos, and votes, so the actions bar shows counts. */
const RATINGS: Readonly<Record<string, readonly (readonly [Author, number])[]>> = {
  'movie-03': [['xiaoyu', 5], ['laozhou', 4], ['demo2', 5]],
  'movie-08': [['xiaoyu', 4], ['laozhou', 3]],
};
const VOTES: Readonly<Record<string, readonly (readonly [Author, 1 | -1])[]>> = {
  'movie-03': [['xiaoyu', 1], ['laozhou', 1]],
  'movie-08': [['xiaoyu', 1], ['laozhou', -1]],
};

/** The settings row that says the catalogue's scores were set from the rating rows once (old installations too). */
const SCORES_KEY = 'seed:scores-from-ratings';

/** Catalogue score the demo ratings of the n-th (0-based) seeded video aim at, out of 10 (6.0–9.8). */
const targetScore = (n: number): number => (60 + (((n + 1) * 17) % 39)) / 10;

/**
 * Stars of `raters` demo ratings averaging about `score` (out of 10): the total of stars rounded, spread evenly, then
 * (as real ratings are) some pairs moved one star apart each way, which keeps the total; `seed` picks the pairs.
 */
export function demoStars(score: number, raters: number, seed = 0): number[] {
  const total = Math.min(5 * raters, Math.max(raters, Math.round((score / 2) * raters)));
  const base = Math.floor(total / raters);
  const stars = Array.from({ length: raters }, (_, index) => (index < total - base * raters ? base + 1 : base));
  for (let pair = 0; 2 * pair + 1 < raters; pair += 1) {
    const [up, down] = [2 * pair, 2 * pair + 1];
    if ((seed + pair) % 3 !== 0 && (stars[up] ?? 5) < 5 && (stars[down] ?? 1) > 1) {
      stars[up] = (stars[up] ?? 0) + 1;
      stars[down] = (stars[down] ?? 0) - 1;
    }
  }
  return stars;
}

/**
 * Demo ratings for every seeded video that is neither live nor in RATINGS, by 3–7 of the demo accounts that cannot
 * log in (uploaders, barrage viewers) and demo2, so each score shown stands beside the count of its real ratings.
 */
function demoRatings(videos: ReadonlyMap<string, number>, raters: readonly number[], rated: Date): unknown[][] {
  if (raters.length === 0) return [];
  return SEED_VIDEOS.flatMap((video, n) => {
    const id = videos.get(video.mediaKey);
    if (id === undefined || video.category === 'tvlive' || RATINGS[video.mediaKey] !== undefined) return [];
    const count = Math.min(raters.length, 3 + ((n * 7) % 5));
    const first = n % raters.length;
    return demoStars(targetScore(n), count, n).map((stars, index) => [id, raters[(first + index) % raters.length], stars, rated]);
  });
}

/**
 * Once, on a demo installation (the demo accounts, uploaders and videos exist): comments with replies and likes on
 * several videos, a few ratings and votes. A settings row remembers it, so deleted demo comments stay deleted.
 * A handful of statements in all (every start runs it; the settings row makes later runs one statement).
 */
export async function seedVideoSocial(db: Database, clock: Clock = systemClock): Promise<void> {
  const names: Record<Author, string> = {
    xiaoyu: DEMO_UPLOADERS[0].userName,
    laozhou: DEMO_UPLOADERS[1].userName,
    demo2: DEMO2_ACCOUNT.userName,
    demo: DEMO_ACCOUNT.userName,
  };
  const done = await db.query('SELECT 1 FROM settings WHERE key = $1', [SEEDED_KEY]);
  if (done.length > 0) return scoresFromRatings(db);
  const users = await db.query<{ id: number; name: string }>('SELECT id, lower(user_name) AS name FROM users WHERE lower(user_name) = ANY($1::text[])', [
    Object.values(names).map((name) => name.toLowerCase()),
  ]);
  const authors = new Map<Author, number>();
  for (const [author, name] of Object.entries(names) as [Author, string][]) {
    const id = users.find((user) => user.name === name.toLowerCase())?.id;
    if (id === undefined) return;
    authors.set(author, id);
  }
  const uid = (author: Author): number => authors.get(author) ?? 0;
  const keys = [...new Set([...Object.keys(COMMENTS), ...Object.keys(RATINGS), ...Object.keys(VOTES), ...SEED_VIDEOS.map((video) => video.mediaKey)])];
  const videos = new Map(
    (await db.query<{ id: number; media_key: string }>('SELECT id, media_key FROM videos WHERE media_key = ANY($1::text[])', [keys])).map((row) => [row.media_key, row.id]),
  );
  const viewers = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = ANY($1::text[]) ORDER BY id', [
    BARRAGE_VIEWERS.map((viewer) => viewer.userName.toLowerCase()),
  ]);
  const raters = [uid('xiaoyu'), uid('laozhou'), uid('demo2'), ...viewers.map((row) => row.id)];
  const now = clock.now();
  const at = (ago: number) => new Date(now - ago);
  await db.transaction(async (tx) => {
    const claimed = await tx.query(`INSERT INTO settings (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [SEEDED_KEY]);
    if (claimed.length === 0) return;
    const commentsOf = Object.entries(COMMENTS).filter(([key]) => videos.has(key));
    const head = 'INSERT INTO video_comments (video_id, user_id, parent_id, content, created_at)';
    // The seed's texts are all different: they name the rows RETURNING gives back.
    const ids = new Map<string, number>();
    const remember = (rows: { id: number; content: string }[]) => rows.forEach((row) => ids.set(row.content, row.id));
    remember(await insertRows(tx, head, commentsOf.flatMap(([key, list]) => list.map((c) => [videos.get(key), uid(c.by), null, c.text, at(c.ago)])), 'RETURNING id, content'));
    remember(await insertRows(tx, head, commentsOf.flatMap(([key, list]) =>
      list.flatMap((c) => (c.replies ?? []).map((r) => [videos.get(key), uid(r.by), ids.get(c.text), r.text, at(r.ago)]))), 'RETURNING id, content'));
    const all: SeedReply[] = commentsOf.flatMap(([, list]) => list.flatMap((c) => [c, ...(c.replies ?? [])]));
    await insertRows(tx, 'INSERT INTO video_comment_likes (comment_id, user_id, created_at)',
      all.flatMap((c) => (c.likedBy ?? []).map((author) => [ids.get(c.text), uid(author), at(c.ago / 2)])), 'ON CONFLICT DO NOTHING');
    await insertRows(tx, 'INSERT INTO video_ratings (video_id, user_id, stars, rated_at)',
      [
        ...Object.entries(RATINGS).filter(([key]) => videos.has(key)).flatMap(([key, list]) => list.map(([author, stars]) => [videos.get(key), uid(author), stars, at(DAY_MS)])),
        ...demoRatings(videos, raters, at(3 * DAY_MS)),
      ],
      'ON CONFLICT DO NOTHING');
    await insertRows(tx, 'INSERT INTO video_votes (video_id, user_id, vote, created_at)',
      Object.entries(VOTES).filter(([key]) => videos.has(key)).flatMap(([key, list]) => list.map(([author, vote]) => [videos.get(key), uid(author), vote, at(DAY_MS)])),
      'ON CONFLICT DO NOTHING');
    await setScoresFromRatings(tx);
  });
}

/**
 * Once on installations seeded before the demo ratings (a new one does it with its ratings): every video's catalogue score becomes the average of
 * its rating rows, 0 (暂无评分) without any. RateVideo keeps it so afterwards.
 */
async function scoresFromRatings(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const claimed = await tx.query(`INSERT INTO settings (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [SCORES_KEY]);
    if (claimed.length === 0) return;
    await setScoresFromRatings(tx);
  });
}

async function setScoresFromRatings(db: Queryable): Promise<void> {
  await db.query(`UPDATE videos v SET score_tenths = COALESCE((SELECT round(avg(r.stars) * 20)::int FROM video_ratings r WHERE r.video_id = v.id), 0)`);
}
