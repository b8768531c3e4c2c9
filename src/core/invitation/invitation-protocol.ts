/**
 * Invitations' calls (邀请好友 and 填写邀请码), declared once (src/core/request/protocol.ts): the app's
 * InvitationService sends them, the reference server (server/invitation/routes.ts) serves them, the fake
 * (adapters/http/fake-invitation-api.ts) answers them; test/contract/invitation-protocol.test.ts holds both to it.
 */
import { object, pipe, transform, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { pageEntries, withTotal } from '../shared-kernel/video.ts';

export const InvitationProtocolLimits = {
  defaultPageSize: 20,
  maxPageSize: 50,
  maxPage: 10_000,
  /** The longest code as typed (spaces and dashes are dropped before it is read). */
  maxCodeInput: 32,
} as const;

/** The answer codes of InputInvitationCode's refusals. */
export const InvitationRet = {
  /** No account has that code (or it cannot be a code). */
  CodeNotFound: 6401,
  /** The caller's own code. */
  OwnCode: 6402,
  /** The caller entered a code before (one per account). */
  AlreadyEntered: 6403,
  /** The caller registered more than 7 days ago. */
  WindowClosed: 6404,
  /** The code's owner was invited, directly or down a chain, by the caller. */
  Circle: 6405,
} as const;

/**
 * The caller's side as an invitee: whether they may still enter a code (none entered yet, within the 7 days after
 * registering), until when (Unix ms: registration + 7 days), and the inviter's nickname once a code was entered (else
 * null).
 */
const inviteeStatus = object({
  canEnter: wire.flag,
  deadline: wire.amount(),
  invitedBy: wire.lenientAnswer((value) => (typeof value === 'string' ? value : null)),
});

export type InviteeStatus = InferOutput<typeof inviteeStatus>;

/**
 * GetInvitationInfo: the caller's code (made on first ask), how many accounts entered it, the gold earned from them,
 * the rewards and rules, their totals and their invitee side.
 */
const invitationInfo = object({
  code: wire.text,
  invitedCount: wire.count,
  earnedGold: wire.amount(),
  inviterReward: wire.amount(),
  inviteeReward: wire.amount(),
  windowDays: wire.amount(),
  dailyRewardLimit: wire.amount(),
  invitee: inviteeStatus,
});

export type InvitationInfo = InferOutput<typeof invitationInfo>;

/** One account the caller invited: when the code was entered (Unix ms) and the caller's gold for it (0: beyond the daily limit). */
const invitee = object({ userId: wire.id, nickName: wire.text, avatar: wire.text, time: wire.amount(), reward: wire.amount() });

export type Invitee = InferOutput<typeof invitee>;

/** GetInvitedUsers: one page of the caller's invitees, newest first, with the totals. */
const inviteePage = pipe(object({ ...pageEntries(invitee), earnedGold: wire.amount() }), transform(withTotal));

export type InviteePage = InferOutput<typeof inviteePage>;

/** InputInvitationCode: the code stands; both sides were rewarded: the inviter's nickname, the caller's gold reward and balance after it. */
const invitationEntered = object({ inviter: wire.text, reward: wire.amount(), balance: wire.amount() });

export type InvitationEntered = InferOutput<typeof invitationEntered>;

export const InvitationCalls = {
  /** The caller's code and totals; the code is made on the first call. Signed in only. */
  info: call({
    method: 'GET',
    path: '/api/user/GetInvitationInfo',
    carrier: 'query',
    params: {},
    answer: invitationInfo,
  }),
  /** The caller's invitees, paged (only the caller's own). Signed in only. */
  invitees: call({
    method: 'GET',
    path: '/api/user/GetInvitedUsers',
    carrier: 'query',
    params: {
      page: { kind: 'int', min: 1, max: InvitationProtocolLimits.maxPage, fallback: 1 },
      pageSize: {
        kind: 'int',
        min: 1,
        max: InvitationProtocolLimits.maxPageSize,
        fallback: InvitationProtocolLimits.defaultPageSize,
        rangeMessage: `每页数量为1-${InvitationProtocolLimits.maxPageSize}`,
      },
    },
    answer: inviteePage,
  }),
  /**
   * Enters an invitation code (case-insensitive; spaces and dashes ignored): once per account, within 7 days of
   * registering, never one's own nor a circle; both sides rewarded once. Signed in only; rate-limited.
   */
  enter: call({
    method: 'POST',
    path: '/api/user/InputInvitationCode',
    carrier: 'form',
    params: {
      inviteCode: { kind: 'text', max: InvitationProtocolLimits.maxCodeInput, trim: true, badMessage: '邀请码格式不正确' },
    },
    answer: invitationEntered,
  }),
} as const;
