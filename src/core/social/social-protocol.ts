/**
 * Follow, block and report: the calls declared once (src/core/request/protocol.ts). The app's SocialService sends
 * them, the reference server (server/social/routes.ts) serves them, the fake (adapters/http/fake-social-api.ts)
 * answers them; test/contract/social-protocol.test.ts runs one suite against both.
 */
import { object, type InferOutput } from 'valibot';
import * as wire from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';
import { listedUser, userPage } from '../shared-kernel/listed-user.ts';

/** preventUser's status: 1 block, 0 unblock (the server answers the resulting status). */
export const BlockStatus = { Unblocked: 0, Blocked: 1 } as const;
export type BlockStatus = (typeof BlockStatus)[keyof typeof BlockStatus];

/** Report reasons offered on /complaint (single choice); the server accepts only these. */
export const REPORT_REASONS = ['色情低俗', '政治敏感', '违法犯罪', '垃圾广告', '人身攻击', '其他'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Answer codes of the social calls. */
export const SocialRet = {
  FollowSelf: 8020,
  FollowBlockedUser: 8021,
  BlockSelf: 8022,
  ReportSelf: 8023,
  FollowBlockedByUser: 8024,
  TooManyReports: 1005,
} as const;

export const SocialProtocolLimits = {
  defaultPageSize: 20,
  maxPageSize: 50,
  /** Pages beyond this are refused (1002) rather than scanned. */
  maxPage: 10_000,
  /** A reason's length the server accepts at most. */
  reportReasonMax: 20,
  /** A report's description, in characters (code points); its own check (reportContentProblem) names the refusal. */
  reportContentMax: 200,
} as const;

/** FocusUPMaster: whether the caller follows the user afterwards. */
const followToggled = object({ selected: wire.flag });

export type FollowToggled = InferOutput<typeof followToggled>;

/** preventUser: the status the caller's block of the user has now (1 blocked; anything else unblocked). */
const blockSet = object({ status: wire.lenientAnswer((value): BlockStatus => (Number(value) === BlockStatus.Blocked ? BlockStatus.Blocked : BlockStatus.Unblocked)) });

export type BlockSet = InferOutput<typeof blockSet>;

const paging = {
  page: { kind: 'int', min: 1, max: SocialProtocolLimits.maxPage, fallback: 1 },
  pageSize: {
    kind: 'int',
    min: 1,
    max: SocialProtocolLimits.maxPageSize,
    fallback: SocialProtocolLimits.defaultPageSize,
    rangeMessage: `每页数量为1-${SocialProtocolLimits.maxPageSize}`,
  },
} as const;

export const SocialCalls = {
  /** Follows the user, or unfollows one already followed (msg 关注成功 / 已取消关注). Signed in only. */
  follow: call({ method: 'GET', path: '/api/Video/FocusUPMaster', carrier: 'query', params: { userId: { kind: 'id' } }, answer: followToggled }),
  /** status 1 blocks (follows end both ways), 0 unblocks (msg 已拉黑 / 已移出黑名单). Signed in only. */
  block: call({
    method: 'GET',
    path: '/api/User/preventUser',
    carrier: 'query',
    params: { uid: { kind: 'id' }, status: { kind: 'int', min: BlockStatus.Unblocked, max: BlockStatus.Blocked, rangeMessage: 'status只能为0或1' } },
    answer: blockSet,
  }),
  /** The caller's blacklist, newest first. Signed in only. */
  blackList: call({ method: 'GET', path: '/api/User/GetBlackList', carrier: 'query', params: paging, answer: userPage }),
  /** The caller's fans, newest first. Signed in only. */
  fansList: call({ method: 'GET', path: '/api/User/GetUserFansList', carrier: 'query', params: paging, answer: userPage }),
  /** Whom the caller follows, newest first. Signed in only. */
  focusList: call({ method: 'GET', path: '/api/User/GetFocusList', carrier: 'query', params: paging, answer: userPage }),
  /** A user as the caller sees them (a visitor: every flag 0), null when unreadable; 1006 for no such user. */
  relation: call({ method: 'GET', path: '/api/User/GetUserRelation', carrier: 'query', params: { uid: { kind: 'id' } }, answer: wire.orNull(listedUser) }),
  /** Reports a user with one of the offered reasons and an optional description (msg 已收到您的举报). Signed in only. */
  report: call({
    method: 'GET',
    path: '/api/Video/ReportUserReq',
    carrier: 'query',
    params: {
      uid: { kind: 'id' },
      reason: { kind: 'text', max: SocialProtocolLimits.reportReasonMax, trim: true, oneOf: REPORT_REASONS, badMessage: '请选择举报原因' },
      // Two UTF-16 units at most per character: the description's own check counts characters and names its refusal.
      content: { kind: 'text', max: SocialProtocolLimits.reportContentMax * 2, trim: true, optional: true, badMessage: `描述最多${SocialProtocolLimits.reportContentMax}个字` },
    },
    answer: wire.none,
  }),
} as const;
