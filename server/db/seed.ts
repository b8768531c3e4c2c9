import type { PasswordHasher } from '../auth/password.ts';
import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';
import { DEMO_ACCOUNT_AVATAR } from '../media/demo-images.ts';
import type { Database } from './database.ts';

export const DEMO_ACCOUNT = {
  userName: 'demo',
  password: 'demo123456',
  nickName: '演示用户',
  vipLevel: 1,
  vipDays: 30,
  region: 'CN',
  avatar: DEMO_ACCOUNT_AVATAR,
} as const;

/**
 * The second demo account (小遇, made by the messaging seed), so a person can try the chat between two accounts; its
 * email is bound, so password recovery can be tried on a demo installation (the code goes to the outbox).
 */
export const DEMO2_ACCOUNT = { userName: 'demo2', password: 'demo123456', nickName: '小遇', email: 'demo2@qiyu.example' } as const;

/**
 * The customer-service account for manual payment (made by the VIP seed; a name registration cannot produce: it has a
 * dash). The messaging seed gives it a password on a demo installation.
 */
export const KEFU_ACCOUNT = { userName: 'kefu-service', nickName: '官方客服' } as const;

/**
 * Every demo clip of demo-media/ (scripts/make-media.sh) lasts this long, in seconds: what the seeded videos and posts
 * say they last, and what playback plays (episode durations, progress and marks fit inside it).
 */
export const DEMO_CLIP_SECONDS = 20;

/** The column default of users.avatar (migration 001). */
const DEFAULT_AVATAR = '/assets/avatar-default.svg';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedOptions {
  passwords: PasswordHasher;
  clock?: Clock;
}

/**
 * On a database without any user, creates the demo account (VIP level 1 for 30 days, a demo
 * avatar from /media/demo). Idempotent: does nothing once any account exists, except giving the
 * demo account the demo avatar while it still has the default one. Returns whether it created the account.
 */
export async function seed(db: Database, options: SeedOptions): Promise<boolean> {
  const existing = await db.query('SELECT 1 FROM users LIMIT 1');
  if (existing.length > 0) {
    await db.query('UPDATE users SET avatar = $1 WHERE lower(user_name) = lower($2) AND avatar = $3', [
      DEMO_ACCOUNT.avatar, DEMO_ACCOUNT.userName, DEFAULT_AVATAR,
    ]);
    return false;
  }
  const clock = options.clock ?? systemClock;
  const passwordHash = await options.passwords.hash(DEMO_ACCOUNT.password);
  const vipExpire = new Date(clock.now() + DEMO_ACCOUNT.vipDays * DAY_MS);
  const inserted = await db.query(
    `INSERT INTO users (user_name, password_hash, nick_name, vip_level, vip_category_id, vip_type_name, vip_expire, region, avatar)
     SELECT $1, $2, $3, $4, 1, 'VIP会员', $5, $6, $7
     WHERE NOT EXISTS (SELECT 1 FROM users)
     ON CONFLICT DO NOTHING
     RETURNING id`,
    [DEMO_ACCOUNT.userName, passwordHash, DEMO_ACCOUNT.nickName, DEMO_ACCOUNT.vipLevel, vipExpire, DEMO_ACCOUNT.region, DEMO_ACCOUNT.avatar],
  );
  return inserted.length > 0;
}
