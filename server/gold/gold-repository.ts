import type { Database, Queryable } from '../db/database.ts';
import type { GoldRecordPage, PaidVideo } from '../../src/core/gold/gold-protocol.ts';

/** Why a balance changed (gold_ledger.reason). */
export const GoldReason = {
  /** The daily sign-in reward. */
  SignIn: 'sign_in',
  /** A video unlocked with gold (the entry names the video). */
  Unlock: 'unlock',
  /** Gold given by the house (the demo account's starting gold). */
  Grant: 'grant',
  /** A claimed task's reward (the task centre). */
  Task: 'task',
  /** An invitation's reward, to the inviter or to the new account that entered the code. */
  Invitation: 'invitation',
} as const;
export type GoldReason = (typeof GoldReason)[keyof typeof GoldReason];

export interface GoldChange {
  userId: number;
  /** Signed: positive credits, negative debits. */
  amount: number;
  /** users.gold right after the change. */
  balanceAfter: number;
  reason: GoldReason;
  /** The video an unlock bought. */
  videoId?: number | null;
  /** Free text kept with the entry (a grant's occasion). */
  note?: string;
  /** Unix milliseconds. */
  at: number;
}

/**
 * Writes one ledger entry. Call it with the transaction that changed users.gold, so the entry and the
 * balance commit or roll back together.
 */
export async function recordGoldChange(tx: Queryable, change: GoldChange): Promise<void> {
  await tx.query(
    `INSERT INTO gold_ledger (user_id, amount, balance_after, reason, video_id, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [change.userId, change.amount, change.balanceAfter, change.reason, change.videoId ?? null, change.note ?? '', new Date(change.at)],
  );
}

/** A video's price in gold (0 = free) and whether the user may play it (free, or bought by them). */
export interface VideoAccess {
  price: number;
  unlocked: boolean;
}

/**
 * Whether `userId` (null for a visitor) may play the video. GetPlayAddress and VideoDetails ask this;
 * the gold feature owns the prices and purchases. An unknown video reads as free (the caller has
 * already answered "no such video").
 */
export async function videoAccess(db: Queryable, userId: number | null, videoId: number): Promise<VideoAccess> {
  const rows = await db.query<{ price: number; bought: boolean }>(
    `SELECT v.gold_price AS price,
            EXISTS (SELECT 1 FROM gold_purchases p WHERE p.video_id = v.id AND p.user_id = $2) AS bought
       FROM videos v WHERE v.id = $1`,
    [videoId, userId],
  );
  const row = rows[0];
  const price = row ? Number(row.price) : 0;
  return { price, unlocked: price === 0 || row?.bought === true };
}

/** The paid videos among `mediaKeys` (free and unknown keys are left out), in the order asked. */
export async function paidVideos(db: Queryable, mediaKeys: readonly string[], userId: number | null): Promise<PaidVideo[]> {
  const rows = await db.query<{ media_key: string; price: number; bought: boolean; cover: string }>(
    `SELECT v.media_key, v.gold_price AS price, v.cover,
            EXISTS (SELECT 1 FROM gold_purchases p WHERE p.video_id = v.id AND p.user_id = $2) AS bought
       FROM videos v WHERE v.media_key = ANY($1::text[]) AND v.gold_price > 0`,
    [mediaKeys, userId],
  );
  const byKey = new Map(rows.map((row) => [row.media_key, row]));
  return mediaKeys.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [{ mediaKey: key, price: Number(row.price), unlocked: row.bought === true, cover: row.cover }] : [];
  });
}

export async function goldBalance(db: Queryable, userId: number): Promise<number> {
  const rows = await db.query<{ gold: number }>('SELECT gold FROM users WHERE id = $1', [userId]);
  return Number(rows[0]?.gold ?? 0);
}

export type PayOutcome =
  /** The price was debited now. */
  | { kind: 'paid'; price: number; balance: number }
  /** Bought before: nothing debited. */
  | { kind: 'already'; price: number; balance: number }
  /** The balance is below the price: nothing debited. */
  | { kind: 'insufficient'; price: number; balance: number }
  /** The video costs nothing. */
  | { kind: 'free' };

/** Thrown inside the payment transaction to roll back the purchase row. */
class InsufficientGold extends Error {
  constructor(readonly price: number, readonly balance: number) {
    super('insufficient gold');
  }
}

/**
 * Unlocks a video for a user with gold, at most once per user and video, in one transaction: the purchase
 * row goes in first (its unique key (user, video) makes a concurrent second payment wait for the first and
 * then find the row, so it debits nothing), then a conditional UPDATE debits only while the balance covers
 * the price (never below zero, even with payments for other videos in flight), then the ledger entry.
 * An insufficient balance rolls the purchase row back.
 */
export async function payForVideo(db: Database, userId: number, videoId: number, at: number): Promise<PayOutcome> {
  try {
    return await db.transaction(async (tx): Promise<PayOutcome> => {
      const prices = await tx.query<{ price: number }>('SELECT gold_price AS price FROM videos WHERE id = $1', [videoId]);
      const price = Number(prices[0]?.price ?? 0);
      if (price <= 0) return { kind: 'free' };
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO gold_purchases (user_id, video_id, price, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, video_id) DO NOTHING RETURNING id`,
        [userId, videoId, price, new Date(at)],
      );
      if (inserted.length === 0) {
        const bought = await tx.query<{ price: number }>('SELECT price FROM gold_purchases WHERE user_id = $1 AND video_id = $2', [userId, videoId]);
        return { kind: 'already', price: Number(bought[0]?.price ?? price), balance: await goldBalance(tx, userId) };
      }
      const debited = await tx.query<{ gold: number }>(
        'UPDATE users SET gold = gold - $1 WHERE id = $2 AND gold >= $1 RETURNING gold',
        [price, userId],
      );
      const after = debited[0];
      if (!after) throw new InsufficientGold(price, await goldBalance(tx, userId));
      const balance = Number(after.gold);
      await recordGoldChange(tx, { userId, amount: -price, balanceAfter: balance, reason: GoldReason.Unlock, videoId, at });
      return { kind: 'paid', price, balance };
    });
  } catch (error) {
    if (error instanceof InsufficientGold) return { kind: 'insufficient', price: error.price, balance: error.balance };
    throw error;
  }
}

/** The user's ledger, newest first, with the current balance. */
export async function goldRecords(db: Queryable, userId: number, page: number, pageSize: number): Promise<GoldRecordPage> {
  const rows = await db.query<{
    id: number;
    amount: number;
    balance_after: number;
    reason: string;
    note: string;
    created_at: Date;
    media_key: string | null;
    title: string | null;
  }>(
    `SELECT l.id, l.amount, l.balance_after, l.reason, l.note, l.created_at, v.media_key, v.title
       FROM gold_ledger l LEFT JOIN videos v ON v.id = l.video_id
      WHERE l.user_id = $1
      ORDER BY l.created_at DESC, l.id DESC
      LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const count = await db.query<{ total: number }>('SELECT count(*)::int AS total FROM gold_ledger WHERE user_id = $1', [userId]);
  return {
    balance: await goldBalance(db, userId),
    list: rows.map((row) => ({
      id: row.id,
      amount: Number(row.amount),
      balance: Number(row.balance_after),
      reason: row.reason,
      mediaKey: row.media_key,
      videoTitle: row.title,
      note: row.note,
      time: row.created_at.getTime(),
    })),
    page,
    pageSize,
    total: Number(count[0]?.total ?? 0),
  };
}
