/**
 * Invitations' rules, one copy for the app, the reference server and the fake: what a code looks like, the rewards,
 * the 7-day entry period and which entries are refused (and in what order).
 */

const DAY_MS = 86_400_000;

/** The characters of an invitation code: A-Z and 2-9 without I, O, 0 and 1 (nothing to mistake for another). */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const InvitationRules = {
  codeLength: 6,
  /** Gold to the inviter for each new account that enters the code (within the daily limit). */
  inviterReward: 100,
  /** Gold to the new account that enters a code. */
  inviteeReward: 50,
  /** A code may be entered within this many days of registering. */
  entryDays: 7,
  entryPeriodMs: 7 * DAY_MS,
  /** The inviter is rewarded for at most this many invitees within {@link InvitationRules.rewardLimitWindowMs}. */
  dailyRewardLimit: 10,
  rewardLimitWindowMs: DAY_MS,
} as const;

/** Why an entry is refused, in the order they are checked. */
export type EntryRefusal = 'already' | 'too-late' | 'not-found' | 'own' | 'circle';

/** What the server knows when an account enters a code. */
export interface EntryFacts {
  callerId: number;
  /** Unix ms the caller registered. */
  registeredAt: number;
  now: number;
  /** The caller entered a code before. */
  hasInviter: boolean;
  /** The account the code belongs to, or null when no account has it. */
  ownerId: number | null;
  /** Who invited the owner, who invited them, and so on up (nearest first). */
  ownerChain: readonly number[];
}

/** A code as typed: spaces and dashes dropped, upper-cased (entry is case-insensitive). */
export function normalizeInviteCode(raw: string): string {
  return raw.replace(/[\s-]+/g, '').toUpperCase();
}

/** A normalized code that could be an account's (right length, only the code's characters). */
export function isInviteCodeShape(code: string): boolean {
  return code.length === InvitationRules.codeLength && [...code].every((char) => INVITE_CODE_ALPHABET.includes(char));
}

/** A code from random whole numbers (one per character; each taken modulo the alphabet's 32 characters). */
export function inviteCodeFrom(randoms: readonly number[]): string {
  if (randoms.length !== InvitationRules.codeLength) throw new Error(`an invitation code takes ${InvitationRules.codeLength} randoms`);
  return randoms.map((n) => INVITE_CODE_ALPHABET[Math.abs(Math.trunc(n)) % INVITE_CODE_ALPHABET.length]).join('');
}

/** The last moment (Unix ms) an account registered at `registeredAt` may enter a code. */
export function entryDeadline(registeredAt: number): number {
  return registeredAt + InvitationRules.entryPeriodMs;
}

/**
 * Whether the entry is refused, and why: a second entry, then past the 7-day entry period, then a code nobody has, then
 * one's own code, then a circle (the caller is somewhere up the owner's chain of inviters: A invited B, so B's code
 * cannot be A's inviter, nor can the code of anyone B invited). Null: the entry stands.
 */
export function entryRefusal(facts: EntryFacts): EntryRefusal | null {
  if (facts.hasInviter) return 'already';
  if (facts.now > entryDeadline(facts.registeredAt)) return 'too-late';
  if (facts.ownerId === null) return 'not-found';
  if (facts.ownerId === facts.callerId) return 'own';
  if (facts.ownerChain.includes(facts.callerId)) return 'circle';
  return null;
}

/** The inviter's gold for one more invitee, given how many were rewarded within the limit's 24 hours. */
export function inviterRewardFor(rewardedInWindow: number): number {
  return rewardedInWindow < InvitationRules.dailyRewardLimit ? InvitationRules.inviterReward : 0;
}

/** The invitation link: the app's /register with the code, which registering through records. */
export function invitationLink(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/register?inviteCode=${encodeURIComponent(code)}`;
}

/** The rules as /invitation states them. */
export function invitationRulesText(): string[] {
  const { inviterReward, inviteeReward, entryDays, dailyRewardLimit } = InvitationRules;
  return [
    `好友通过你的邀请链接注册，或注册后${entryDays}天内填写你的邀请码，你可获得${inviterReward}金币，好友可获得${inviteeReward}金币。`,
    `每个账号只能填写一次邀请码，注册超过${entryDays}天后无法填写。`,
    '不能填写自己的邀请码，也不能填写自己邀请的好友的邀请码。',
    `每24小时内最多获得${dailyRewardLimit}位好友的邀请奖励，超出部分不再奖励金币。`,
    '奖励金币即时到账，可在我的金币中查看，用于解锁付费视频。',
  ];
}
