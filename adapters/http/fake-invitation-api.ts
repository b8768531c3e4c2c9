import {
  InvitationCalls,
  InvitationRet,
  type InvitationEntered,
  type InvitationInfo,
  type Invitee,
  type InviteePage,
} from '../../src/core/invitation/invitation-protocol.ts';
import { InvitationTexts } from '../../src/core/invitation/invitation-texts.ts';
import {
  InvitationRules,
  entryDeadline,
  entryRefusal,
  inviteCodeFrom,
  inviterRewardFor,
  isInviteCodeShape,
  normalizeInviteCode,
  type EntryRefusal,
} from '../../src/core/invitation/invitation-rules.ts';
import { fail, fakeApi, ok, type FakeCaller } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer } from './fake-http.ts';

/** An account as the imitation knows it. */
interface FakeInvitationAccount {
  nickName: string;
  avatar: string;
  /** Unix ms. */
  registeredAt: number;
}

/** One entered code. */
interface FakeInvitation {
  inviter: number;
  invitee: number;
  inviterReward: number;
  inviteeReward: number;
  time: number;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeInvitationState {
  /** Accounts by user id (a caller the imitation does not know registered now, nicknamed 用户<id>). */
  readonly accounts: Map<number, FakeInvitationAccount>;
  /** Each account's code, once asked for. */
  readonly codes: Map<number, string>;
  /** Entered codes, oldest first. */
  readonly invitations: FakeInvitation[];
  /** Gold per user id (only what invitations gave). */
  readonly gold: Map<number, number>;
  /** Entries per user id counted against the hourly limit (never reset: a test's hour). */
  readonly attempts: Map<number, number>;
}

export interface FakeInvitationApiOptions {
  /** Who is calling: a user id, or null for a visitor. */
  caller: FakeCaller;
  /** Unix milliseconds; Date.now when left out. */
  now?: () => number;
}

/** Entries one account may make in an hour (the server's INVITE_ENTRIES_PER_USER). */
const MAX_ATTEMPTS = 10;

const REFUSALS: Record<EntryRefusal, FakeHttpAnswer> = {
  'already': fail(InvitationRet.AlreadyEntered, InvitationTexts.AlreadyEntered),
  'too-late': fail(InvitationRet.WindowClosed, InvitationTexts.WindowClosed),
  'not-found': fail(InvitationRet.CodeNotFound, InvitationTexts.CodeNotFound),
  'own': fail(InvitationRet.OwnCode, InvitationTexts.OwnCode),
  'circle': fail(InvitationRet.Circle, InvitationTexts.Circle),
};

/**
 * An in-memory imitation of the reference server's invitation calls, answering what invitation-protocol.ts declares
 * with the same rules (invitation-rules.ts); test/contract/invitation-protocol.test.ts runs one suite against it and
 * against the real server.
 */
export function installFakeInvitationApi(http: FakeHttp, options: FakeInvitationApiOptions): FakeInvitationState {
  const state: FakeInvitationState = { accounts: new Map(), codes: new Map(), invitations: [], gold: new Map(), attempts: new Map() };
  const now = options.now ?? (() => Date.now());
  const { serve } = fakeApi(http, { caller: options.caller });
  let seed = 7;

  const account = (uid: number): FakeInvitationAccount => {
    let found = state.accounts.get(uid);
    if (!found) {
      found = { nickName: `用户${uid}`, avatar: '/assets/avatar-default.svg', registeredAt: now() };
      state.accounts.set(uid, found);
    }
    return found;
  };
  const codeOf = (uid: number): string => {
    let code = state.codes.get(uid);
    while (code === undefined || [...state.codes.entries()].some(([other, taken]) => other !== uid && taken === code)) {
      code = inviteCodeFrom(Array.from({ length: InvitationRules.codeLength }, () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) >> 16));
    }
    state.codes.set(uid, code);
    return code;
  };
  const mine = (uid: number) => state.invitations.filter((invitation) => invitation.inviter === uid);
  const earned = (uid: number) => mine(uid).reduce((sum, invitation) => sum + invitation.inviterReward, 0);
  const inviterOf = (uid: number) => state.invitations.find((invitation) => invitation.invitee === uid)?.inviter ?? null;
  const addGold = (uid: number, amount: number): number => {
    const balance = (state.gold.get(uid) ?? 0) + amount;
    state.gold.set(uid, balance);
    return balance;
  };

  serve(InvitationCalls.info, 'required', (_input, uid) => {
    const inviter = inviterOf(uid);
    const deadline = entryDeadline(account(uid).registeredAt);
    const info: InvitationInfo = {
      code: codeOf(uid),
      invitedCount: mine(uid).length,
      earnedGold: earned(uid),
      inviterReward: InvitationRules.inviterReward,
      inviteeReward: InvitationRules.inviteeReward,
      windowDays: InvitationRules.entryDays,
      dailyRewardLimit: InvitationRules.dailyRewardLimit,
      invitee: { canEnter: inviter === null && now() <= deadline, deadline, invitedBy: inviter === null ? null : account(inviter).nickName },
    };
    return ok(info);
  });

  serve(InvitationCalls.invitees, 'required', ({ page, pageSize }, uid) => {
    const all = mine(uid).reverse();
    const list: Invitee[] = all.slice((page - 1) * pageSize, page * pageSize).map((invitation) => {
      const invitee = account(invitation.invitee);
      return { userId: invitation.invitee, nickName: invitee.nickName, avatar: invitee.avatar, time: invitation.time, reward: invitation.inviterReward };
    });
    return ok({ list, page, pageSize, total: all.length, earnedGold: earned(uid) } satisfies InviteePage);
  });

  serve(InvitationCalls.enter, 'required', ({ inviteCode }, uid) => {
    const code = normalizeInviteCode(inviteCode);
    if (code === '') return fail(1001, InvitationTexts.CodeMissing);
    const attempts = (state.attempts.get(uid) ?? 0) + 1;
    state.attempts.set(uid, attempts);
    if (attempts > MAX_ATTEMPTS) return fail(1005, InvitationTexts.TooManyAttempts);
    const ownerEntry = isInviteCodeShape(code) ? [...state.codes.entries()].find(([, taken]) => taken === code) : undefined;
    const ownerId = ownerEntry?.[0] ?? null;
    const chain: number[] = [];
    for (let up = ownerId === null ? null : inviterOf(ownerId); up !== null && !chain.includes(up); up = inviterOf(up)) chain.push(up);
    const refusal = entryRefusal({ callerId: uid, registeredAt: account(uid).registeredAt, now: now(), hasInviter: inviterOf(uid) !== null, ownerId, ownerChain: chain });
    if (refusal !== null || ownerId === null) return REFUSALS[refusal ?? 'not-found'];
    const recent = mine(ownerId).filter((invitation) => invitation.inviterReward > 0 && invitation.time > now() - InvitationRules.rewardLimitWindowMs).length;
    const inviterReward = inviterRewardFor(recent);
    state.invitations.push({ inviter: ownerId, invitee: uid, inviterReward, inviteeReward: InvitationRules.inviteeReward, time: now() });
    if (inviterReward > 0) addGold(ownerId, inviterReward);
    const balance = addGold(uid, InvitationRules.inviteeReward);
    return ok({ inviter: account(ownerId).nickName, reward: InvitationRules.inviteeReward, balance } satisfies InvitationEntered, InvitationTexts.Entered);
  });

  return state;
}
