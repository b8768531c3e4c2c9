import type { Queryable } from '../db/database.ts';

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
