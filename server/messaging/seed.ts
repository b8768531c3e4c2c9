import type { PasswordHasher } from '../auth/password.ts';
import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { DEMO_ACCOUNT, DEMO2_ACCOUNT, KEFU_ACCOUNT } from '../db/seed.ts';
import { DEMO_AVATAR_URLS } from '../media/demo-images.ts';

/** The customer-service account's password on a demo installation (a person answers the kefu chat). */
export const KEFU_PASSWORD = 'kefu123456';

/** vip-seed's unusable hash: the account cannot log in until this seed gives it a password. */
const NO_PASSWORD = '!';

/** The demo conversation (all read): [sender is demo2, text]. */
const DEMO_CONVERSATION: readonly (readonly [boolean, string])[] = [
  [true, '你好呀，我是小遇～'],
  [false, '你好！最近在看什么剧？'],
  [true, '在追一部悬疑剧，晚点推荐给你'],
];

const MINUTE_MS = 60 * 1000;

export interface SeedMessagingOptions {
  passwords: PasswordHasher;
  clock?: Clock;
}

async function uidOf(db: Database, userName: string): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1)', [userName]);
  return rows[0]?.id;
}

/**
 * Idempotent, and only on a demo installation (the demo account exists): creates demo2 (小遇) when missing,
 * a short conversation between demo and demo2 (already read, so it adds no unread count) when they have none,
 * and gives the customer-service account its password while it still has none.
 */
export async function seedMessaging(db: Database, options: SeedMessagingOptions): Promise<void> {
  const demoUid = await uidOf(db, DEMO_ACCOUNT.userName);
  if (demoUid === undefined) return;
  const clock = options.clock ?? systemClock;

  let demo2Uid = await uidOf(db, DEMO2_ACCOUNT.userName);
  if (demo2Uid === undefined) {
    const passwordHash = await options.passwords.hash(DEMO2_ACCOUNT.password);
    await db.query(
      `INSERT INTO users (user_name, password_hash, nick_name, region, avatar, email) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
      [DEMO2_ACCOUNT.userName, passwordHash, DEMO2_ACCOUNT.nickName, DEMO_ACCOUNT.region, DEMO_AVATAR_URLS[1] ?? DEMO_ACCOUNT.avatar, DEMO2_ACCOUNT.email],
    );
    demo2Uid = await uidOf(db, DEMO2_ACCOUNT.userName);
  } else {
    await db.query(`UPDATE users SET email = $2 WHERE id = $1 AND email = ''`, [demo2Uid, DEMO2_ACCOUNT.email]);
  }

  if (demo2Uid !== undefined) {
    const start = clock.now() - (DEMO_CONVERSATION.length + 1) * 10 * MINUTE_MS;
    await db.transaction(async (tx) => {
      const existing = await tx.query(
        `SELECT 1 FROM private_messages WHERE (from_uid = $1 AND to_uid = $2) OR (from_uid = $2 AND to_uid = $1) LIMIT 1`,
        [demoUid, demo2Uid],
      );
      if (existing.length > 0) return;
      for (const [index, [fromDemo2, content]] of DEMO_CONVERSATION.entries()) {
        const at = new Date(start + index * 10 * MINUTE_MS);
        await tx.query(
          `INSERT INTO private_messages (from_uid, to_uid, type, content, created_at, delivered_at, read_at)
           VALUES ($1, $2, 0, $3, $4, $4, $4)`,
          [fromDemo2 ? demo2Uid : demoUid, fromDemo2 ? demoUid : demo2Uid, content, at],
        );
      }
    });
  }

  const kefuUid = await uidOf(db, KEFU_ACCOUNT.userName);
  if (kefuUid !== undefined) {
    const rows = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [kefuUid]);
    if (rows[0]?.password_hash === NO_PASSWORD) {
      const passwordHash = await options.passwords.hash(KEFU_PASSWORD);
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1 AND password_hash = $3', [kefuUid, passwordHash, NO_PASSWORD]);
    }
  }
}
