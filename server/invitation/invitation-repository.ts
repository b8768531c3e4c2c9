import { randomInt } from 'node:crypto';
import {
  INVITE_CODE_ALPHABET,
  InvitationRules,
  entryDeadline,
  entryRefusal,
  inviteCodeFrom,
  inviterRewardFor,
  isInviteCodeShape,
  normalizeInviteCode,
  type EntryRefusal,
} from '../../src/core/invitation/invitation-rules.ts';
import type { InvitationEntered, InviteePage, InviteeStatus } from '../../src/core/invitation/invitation-protocol.ts';
import { isUniqueViolation, type Database, type Queryable } from '../db/database.ts';
import { GoldReason, recordGoldChange } from '../gold/gold-repository.ts';

/** Tries at a fresh code when the one drawn is taken (about one in a billion per account already holding one). */
const CODE_TRIES = 8;
/** The longest chain of inviters followed up from a code's owner (there are no circles; this only bounds the walk). */
const MAX_CHAIN = 10_000;

const drawCode = (): string => inviteCodeFrom(Array.from({ length: InvitationRules.codeLength }, () => randomInt(INVITE_CODE_ALPHABET.length)));

/**
 * The user's invitation code, made on the first ask: a conditional UPDATE sets it only while there is none, so
 * parallel first asks agree on one code (the later ones find the first's); a code another account holds is drawn again.
 */
export async function ensureInviteCode(db: Queryable, userId: number): Promise<string> {
  for (let attempt = 0; attempt < CODE_TRIES; attempt += 1) {
    const existing = await db.query<{ invite_code: string | null }>('SELECT invite_code FROM users WHERE id = $1', [userId]);
    const current = existing[0]?.invite_code;
    if (current) return current;
    try {
      const set = await db.query<{ invite_code: string }>(
        'UPDATE users SET invite_code = $2 WHERE id = $1 AND invite_code IS NULL RETURNING invite_code',
        [userId, drawCode()],
      );
      if (set[0]) return set[0].invite_code;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`no free invitation code for user ${userId}`);
}

/** The caller's totals as an inviter: how many entered the code, and the gold it brought. */
export async function inviterTotals(db: Queryable, userId: number): Promise<{ invitedCount: number; earnedGold: number }> {
  const rows = await db.query<{ count: number; gold: number }>(
    'SELECT count(*)::int AS count, COALESCE(sum(inviter_reward), 0)::int AS gold FROM invitations WHERE inviter_id = $1',
    [userId],
  );
  return { invitedCount: Number(rows[0]?.count ?? 0), earnedGold: Number(rows[0]?.gold ?? 0) };
}

/** The caller's side as an invitee: whose code they entered, and whether they still may. */
export async function inviteeStatus(db: Queryable, userId: number, registeredAt: number, now: number): Promise<InviteeStatus> {
  const rows = await db.query<{ nick_name: string }>(
    'SELECT u.nick_name FROM invitations i JOIN users u ON u.id = i.inviter_id WHERE i.invitee_id = $1',
    [userId],
  );
  const invitedBy = rows[0]?.nick_name ?? null;
  const deadline = entryDeadline(registeredAt);
  return { canEnter: invitedBy === null && now <= deadline, deadline, invitedBy };
}

/** One page of the user's invitees, newest first, with the totals: the user's own only. */
export async function invitees(db: Queryable, userId: number, page: number, pageSize: number): Promise<InviteePage> {
  const rows = await db.query<{ id: number; nick_name: string; user_name: string; avatar: string; created_at: Date; inviter_reward: number }>(
    `SELECT u.id, u.nick_name, u.user_name, u.avatar, i.created_at, i.inviter_reward
       FROM invitations i JOIN users u ON u.id = i.invitee_id
      WHERE i.inviter_id = $1
      ORDER BY i.created_at DESC, i.id DESC
      LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  );
  const totals = await inviterTotals(db, userId);
  return {
    list: rows.map((row) => ({
      userId: row.id,
      nickName: row.nick_name || row.user_name,
      avatar: row.avatar,
      time: row.created_at.getTime(),
      reward: Number(row.inviter_reward),
    })),
    page,
    pageSize,
    total: totals.invitedCount,
    earnedGold: totals.earnedGold,
  };
}

export type EntryOutcome = { kind: 'entered'; entered: InvitationEntered } | { kind: 'refused'; refusal: EntryRefusal };

/** Thrown inside the entry's transaction to roll it back with the refusal. */
class EntryRefused extends Error {
  constructor(readonly refusal: EntryRefusal) {
    super(`invitation refused: ${refusal}`);
  }
}

/** Credits `amount` gold to the user and writes the ledger entry (in the entry's transaction). */
async function credit(tx: Queryable, userId: number, amount: number, note: string, at: number): Promise<number> {
  const rows = await tx.query<{ gold: number }>('UPDATE users SET gold = gold + $2 WHERE id = $1 RETURNING gold', [userId, amount]);
  const balance = Number(rows[0]?.gold ?? 0);
  await recordGoldChange(tx, { userId, amount, balanceAfter: balance, reason: GoldReason.Invitation, note, at });
  return balance;
}

/**
 * The caller enters `typed` (any case, spaces and dashes ignored), in one transaction that holds the invitations'
 * lock, so entries happen one at a time: no two parallel entries can each miss the other's row (two accounts
 * entering each other's codes at once would otherwise make a circle). The rules (invitation-rules.ts) decide on what
 * the database holds; the invitation row's unique invitee is the last guard of "once"; both rewards and their
 * ledger entries commit with the row or not at all.
 */
export async function enterInvitationCode(
  db: Database,
  caller: { id: number; registeredAt: number; nickName: string },
  typed: string,
  now: number,
): Promise<EntryOutcome> {
  const code = normalizeInviteCode(typed);
  try {
    const entered = await db.transaction(async (tx): Promise<InvitationEntered> => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('invitations'))");
      const mine = await tx.query<{ id: number }>('SELECT id FROM invitations WHERE invitee_id = $1', [caller.id]);
      const owners = isInviteCodeShape(code)
        ? await tx.query<{ id: number; nick_name: string; user_name: string }>(
            'SELECT id, nick_name, user_name FROM users WHERE invite_code = $1 AND deleted_at IS NULL',
            [code],
          )
        : [];
      const owner = owners[0] ?? null;
      const chain = owner
        ? await tx.query<{ id: number }>(
            `WITH RECURSIVE up (id, depth) AS (
               SELECT inviter_id, 1 FROM invitations WHERE invitee_id = $1
               UNION ALL
               SELECT i.inviter_id, up.depth + 1 FROM invitations i JOIN up ON i.invitee_id = up.id WHERE up.depth < $2
             )
             SELECT id FROM up`,
            [owner.id, MAX_CHAIN],
          )
        : [];
      const refusal = entryRefusal({
        callerId: caller.id,
        registeredAt: caller.registeredAt,
        now,
        hasInviter: mine.length > 0,
        ownerId: owner?.id ?? null,
        ownerChain: chain.map((row) => row.id),
      });
      if (refusal !== null || owner === null) throw new EntryRefused(refusal ?? 'not-found');

      const recent = await tx.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM invitations WHERE inviter_id = $1 AND inviter_reward > 0 AND created_at > $2',
        [owner.id, new Date(now - InvitationRules.rewardLimitWindowMs)],
      );
      const inviterReward = inviterRewardFor(Number(recent[0]?.count ?? 0));
      const inviteeReward = InvitationRules.inviteeReward;
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO invitations (inviter_id, invitee_id, code, inviter_reward, invitee_reward, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (invitee_id) DO NOTHING RETURNING id`,
        [owner.id, caller.id, code, inviterReward, inviteeReward, new Date(now)],
      );
      if (inserted.length === 0) throw new EntryRefused('already');
      const balance = await credit(tx, caller.id, inviteeReward, '填写邀请码奖励', now);
      if (inviterReward > 0) await credit(tx, owner.id, inviterReward, `邀请好友奖励（${caller.nickName}）`, now);
      return { inviter: owner.nick_name || owner.user_name, reward: inviteeReward, balance };
    });
    return { kind: 'entered', entered };
  } catch (error) {
    if (error instanceof EntryRefused) return { kind: 'refused', refusal: error.refusal };
    throw error;
  }
}
