/**
 * Invitations' calls (邀请好友 and 填写邀请码), declared once (src/core/request/protocol.ts): the app's
 * InvitationService sends them, the reference server (server/invitation/routes.ts) serves them, the fake
 * (adapters/http/fake-invitation-api.ts) answers them; test/contract/invitation-protocol.test.ts holds both to it.
 */
import { call } from '../request/protocol.ts';

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

/** The caller's side as an invitee: may they still enter a code, and whose did they enter. */
export interface InviteeStatus {
  /** No code entered yet and still within the 7 days after registering. */
  canEnter: boolean;
  /** Unix ms until which a code may be entered (registration + 7 days). */
  deadline: number;
  /** The inviter's nickname once a code was entered, else null. */
  invitedBy: string | null;
}

/** GetInvitationInfo: the caller's code (made on first ask), the rewards, their totals and their invitee side. */
export interface InvitationInfo {
  code: string;
  /** How many accounts entered the code. */
  invitedCount: number;
  /** Gold earned from those invitations. */
  earnedGold: number;
  inviterReward: number;
  inviteeReward: number;
  windowDays: number;
  dailyRewardLimit: number;
  invitee: InviteeStatus;
}

/** One account the caller invited. */
export interface Invitee {
  userId: number;
  nickName: string;
  avatar: string;
  /** Unix ms the code was entered. */
  time: number;
  /** The caller's gold for this invitee (0: beyond the daily limit). */
  reward: number;
}

/** GetInvitedUsers: one page of the caller's invitees, newest first, with the totals. */
export interface InviteePage {
  list: Invitee[];
  page: number;
  pageSize: number;
  total: number;
  earnedGold: number;
}

/** InputInvitationCode: the code stands; both sides were rewarded. */
export interface InvitationEntered {
  /** The inviter's nickname. */
  inviter: string;
  /** The caller's gold reward. */
  reward: number;
  /** The caller's gold balance after it. */
  balance: number;
}

export const InvitationCalls = {
  /** The caller's code and totals; the code is made on the first call. Signed in only. */
  info: call<InvitationInfo>()({
    method: 'GET',
    path: '/api/user/GetInvitationInfo',
    carrier: 'query',
    params: {},
  }),
  /** The caller's invitees, paged (only the caller's own). Signed in only. */
  invitees: call<InviteePage>()({
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
  }),
  /**
   * Enters an invitation code (case-insensitive; spaces and dashes ignored): once per account, within 7 days of
   * registering, never one's own nor a circle; both sides rewarded once. Signed in only; rate-limited.
   */
  enter: call<InvitationEntered>()({
    method: 'POST',
    path: '/api/user/InputInvitationCode',
    carrier: 'form',
    params: {
      inviteCode: { kind: 'text', max: InvitationProtocolLimits.maxCodeInput, trim: true, badMessage: '邀请码格式不正确' },
    },
  }),
} as const;
