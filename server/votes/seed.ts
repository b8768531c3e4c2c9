import { systemClock, type Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT } from '../db/seed.ts';
import { DEMO_POSTS } from '../posts/seed.ts';

/** The settings row that says the demo poll was made once (its owner may delete it afterwards). */
const SEEDED_KEY = 'seed:polls';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo poll: on 小遇's (demo2) tea post, 7 days from seeding, with 演示用户's (demo) vote for the second option. */
export const DEMO_POLL = {
  postText: DEMO_POSTS.find((post) => post.by === 'demo2')?.contxt ?? '',
  question: '下次喝茶去哪儿？',
  options: ['宽窄巷子', '人民公园鹤鸣茶社', '望江楼公园'],
  days: 7,
  demoChoice: 2,
} as const;

/**
 * Once, on a demo installation (after the demo posts): a poll on demo2's post with demo's vote, so the 投票 card and
 * /voteManage have something to show. Idempotent; nothing when the post or the accounts are missing.
 */
export async function seedPolls(db: Database, clock: Clock = systemClock): Promise<void> {
  const done = await db.query('SELECT 1 FROM settings WHERE key = $1', [SEEDED_KEY]);
  if (done.length > 0) return;
  const posts = await db.query<{ id: number; user_id: number }>(
    `SELECT p.id, p.user_id FROM posts p JOIN users u ON u.id = p.user_id WHERE lower(u.user_name) = lower($1) AND p.contxt = $2 ORDER BY p.id LIMIT 1`,
    [DEMO2_ACCOUNT.userName, DEMO_POLL.postText],
  );
  const demo = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [DEMO_ACCOUNT.userName]);
  const post = posts[0];
  const voter = demo[0]?.id;
  if (post === undefined || voter === undefined) return;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const claimed = await tx.query(`INSERT INTO settings (key, value) VALUES ($1, '1') ON CONFLICT (key) DO NOTHING RETURNING key`, [SEEDED_KEY]);
    if (claimed.length === 0) return;
    const made = await tx.query<{ id: number }>(
      `INSERT INTO polls (owner_id, post_id, question, multiple, ends_at, created_at) VALUES ($1, $2, $3, false, $4, $5)
       ON CONFLICT DO NOTHING RETURNING id`,
      [post.user_id, post.id, DEMO_POLL.question, new Date(now + DEMO_POLL.days * DAY_MS), new Date(now)],
    );
    const pollId = made[0]?.id;
    if (pollId === undefined) return;
    for (const [index, text] of DEMO_POLL.options.entries()) {
      await tx.query('INSERT INTO poll_options (poll_id, position, text) VALUES ($1, $2, $3)', [pollId, index + 1, text]);
    }
    await tx.query('INSERT INTO poll_ballots (poll_id, user_id, options, created_at) VALUES ($1, $2, $3::smallint[], $4)', [pollId, voter, [DEMO_POLL.demoChoice], new Date(now)]);
  });
}
