import { systemClock } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { DEMO2_ACCOUNT } from '../db/seed.ts';
import { GoldReason, recordGoldChange } from './gold-repository.ts';

/** The paid demo videos and their prices in gold (a series unlocks all its episodes). */
export const SEED_GOLD_PRICES: Readonly<Record<string, number>> = {
  'movie-02': 30,
  'movie-05': 50,
  'drama-03': 20,
};

/** The demo account that holds gold to try unlocking (demo itself starts at 0 and earns by signing in). */
export const GOLD_DEMO_ACCOUNT = { userName: DEMO2_ACCOUNT.userName, gold: 100, note: '新用户体验金币' } as const;

/**
 * Idempotent: prices the paid demo videos (only while they are still free) and gives demo2 its 100 starting
 * gold once, with its ledger entry (not again once a grant is on its ledger).
 */
export async function seedGold(db: Database, clock: Clock = systemClock): Promise<void> {
  for (const [mediaKey, price] of Object.entries(SEED_GOLD_PRICES)) {
    await db.query('UPDATE videos SET gold_price = $2 WHERE media_key = $1 AND gold_price = 0', [mediaKey, price]);
  }
  await db.transaction(async (tx) => {
    const users = await tx.query<{ id: number }>('SELECT id FROM users WHERE lower(user_name) = lower($1) FOR UPDATE', [GOLD_DEMO_ACCOUNT.userName]);
    const userId = users[0]?.id;
    if (userId === undefined) return;
    const granted = await tx.query('SELECT 1 FROM gold_ledger WHERE user_id = $1 AND reason = $2 LIMIT 1', [userId, GoldReason.Grant]);
    if (granted.length > 0) return;
    const rows = await tx.query<{ gold: number }>('UPDATE users SET gold = gold + $1 WHERE id = $2 RETURNING gold', [GOLD_DEMO_ACCOUNT.gold, userId]);
    await recordGoldChange(tx, {
      userId,
      amount: GOLD_DEMO_ACCOUNT.gold,
      balanceAfter: Number(rows[0]?.gold ?? GOLD_DEMO_ACCOUNT.gold),
      reason: GoldReason.Grant,
      note: GOLD_DEMO_ACCOUNT.note,
      at: clock.now(),
    });
  });
}
