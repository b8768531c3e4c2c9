import { SocialLimits, isReportReason, reportContentProblem, textLength } from '../../src/core/social/social-rules.ts';
import { findListedUser } from '../user/listed-user.ts';
import { userFacts } from '../messaging/user-facts.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import {
  block,
  isBlocking,
  pageOfUsers,
  toggleFollow,
  unblock,
  userExists,
  type UserListKind,
} from './social-repository.ts';
import { reportUser } from './report-user.ts';

/** Pages beyond this are refused (1002) rather than scanned. */
const MAX_PAGE = 10_000;

const SocialMessage = {
  followed: '关注成功',
  unfollowed: '已取消关注',
  blocked: '已拉黑',
  unblocked: '已移出黑名单',
  reported: '已收到您的举报',
  reason: '请选择举报原因',
  status: 'status只能为0或1',
} as const;



const userNotFound = () => new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);

/**
 * Follow, block and report (spec sections 4 and 7): FocusUPMaster toggles a follow, preventUser blocks or
 * unblocks (a block ends follows both ways), the three lists, GetUserRelation and ReportUserReq.
 */
export function registerSocialRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;
  const now = () => new Date(clock.now());

  api.get('/api/Video/FocusUPMaster', 'required', async ({ auth, params }) => {
    const target = params.id('userId');
    const me = auth.user.id;
    if (target === me) throw new ApiError(Ret.FollowSelf, RetMessage.FollowSelf);
    const selected = await db.transaction(async (tx) => {
      if (!(await userExists(tx, target))) throw userNotFound();
      if (await isBlocking(tx, me, target)) throw new ApiError(Ret.FollowBlockedUser, RetMessage.FollowBlockedUser);
      const following = await toggleFollow(tx, me, target, now());
      // A user who blocked the caller cannot be followed (unfollowing stays possible); throwing rolls the insert back.
      if (following && (await isBlocking(tx, target, me))) {
        throw new ApiError(Ret.FollowBlockedByUser, RetMessage.FollowBlockedByUser);
      }
      return following;
    });
    return ok({ selected }, selected ? SocialMessage.followed : SocialMessage.unfollowed);
  });

  api.get('/api/User/preventUser', 'required', async ({ auth, params }) => {
    const target = params.id('uid');
    const status = params.int('status');
    if (status !== 0 && status !== 1) throw badParam('status', SocialMessage.status);
    const me = auth.user.id;
    if (target === me) throw new ApiError(Ret.BlockSelf, RetMessage.BlockSelf);
    await db.transaction(async (tx) => {
      if (!(await userExists(tx, target))) throw userNotFound();
      if (status === 1) await block(tx, me, target, now());
      else await unblock(tx, me, target);
    });
    userFacts(db).blocksChanged(me); // SendMessage's cached block list (server/messaging/user-facts.ts)
    return ok({ status }, status === 1 ? SocialMessage.blocked : SocialMessage.unblocked);
  });

  const list = (path: string, kind: UserListKind) =>
    api.get(path, 'required', async ({ auth, params }) => {
      const { page, pageSize } = params.paging({ ...SocialLimits, maxPage: MAX_PAGE });
      return pageOfUsers(db, kind, auth.user.id, page, pageSize, now());
    });
  list('/api/User/GetBlackList', 'blocked');
  list('/api/User/GetUserFansList', 'fans');
  list('/api/User/GetFocusList', 'focus');

  api.get('/api/User/GetUserRelation', 'optional', async ({ auth, params }) => {
    const target = params.id('uid');
    const user = await findListedUser(db, auth?.user.id ?? 0, target, now());
    if (!user) throw userNotFound();
    return user;
  });

  api.get('/api/Video/ReportUserReq', 'required', async ({ auth, params }) => {
    const target = params.id('uid');
    const reason = params.string('reason').trim();
    if (textLength(reason) > SocialLimits.reportReasonMax || !isReportReason(reason)) throw badParam('reason', SocialMessage.reason);
    const content = (params.optionalString('content') ?? '').trim();
    const problem = reportContentProblem(content);
    if (problem !== null) throw badParam('content', problem);
    const me = auth.user.id;
    if (target === me) throw new ApiError(Ret.ReportSelf, RetMessage.ReportSelf);
    await reportUser(db, clock, { reporter: me, reported: target, reason, content });
    return ok(null, SocialMessage.reported);
  });
}
