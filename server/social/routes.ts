import { BlockStatus, SocialCalls } from '../../src/core/social/social-protocol.ts';
import { reportContentProblem } from '../../src/core/social/social-rules.ts';
import { findListedUser } from '../user/listed-user-repository.ts';
import type { AppServices } from '../app-services.ts';
import { ApiError, badParam } from '../http/api-error.ts';
import type { ApiRouter } from '../http/api-router.ts';
import { ok } from '../http/envelope.ts';
import { serve } from '../http/protocol-route.ts';
import { Ret, RetMessage } from '../http/ret.ts';
import { pageOfUsers, type UserListKind } from './social-repository.ts';
import { followOrUnfollow, setBlock } from './relations.ts';
import { reportUser } from './report-user.ts';

const SocialMessage = {
  followed: '关注成功',
  unfollowed: '已取消关注',
  blocked: '已拉黑',
  unblocked: '已移出黑名单',
  reported: '已收到您的举报',
} as const;

/**
 * Follow, block and report (spec sections 4 and 7), as src/core/social/social-protocol.ts declares them:
 * FocusUPMaster toggles a follow, preventUser blocks or unblocks (a block ends follows both ways), the three lists,
 * GetUserRelation and ReportUserReq.
 */
export function registerSocialRoutes(api: ApiRouter, services: AppServices): void {
  const { db, clock } = services;

  serve(api, SocialCalls.follow, 'required', async ({ auth, input: { userId } }) => {
    const selected = await followOrUnfollow(db, clock, auth.user.id, userId);
    return ok({ selected }, selected ? SocialMessage.followed : SocialMessage.unfollowed);
  });

  serve(api, SocialCalls.block, 'required', async ({ auth, input: { uid, status: wanted } }) => {
    const status = wanted === BlockStatus.Blocked ? BlockStatus.Blocked : BlockStatus.Unblocked;
    await setBlock(db, clock, auth.user.id, uid, status);
    return ok({ status }, status === BlockStatus.Blocked ? SocialMessage.blocked : SocialMessage.unblocked);
  });

  const lists: Array<[typeof SocialCalls.blackList, UserListKind]> = [
    [SocialCalls.blackList, 'blocked'],
    [SocialCalls.fansList, 'fans'],
    [SocialCalls.focusList, 'focus'],
  ];
  for (const [declared, kind] of lists) {
    serve(api, declared, 'required', ({ auth, input: { page, pageSize } }) => pageOfUsers(db, kind, auth.user.id, page, pageSize, new Date(clock.now())));
  }

  serve(api, SocialCalls.relation, 'optional', async ({ auth, input: { uid } }) => {
    const user = await findListedUser(db, auth?.user.id ?? 0, uid, new Date(clock.now()));
    if (!user) throw new ApiError(Ret.UserNotFound, RetMessage.UserNotFound);
    return user;
  });

  serve(api, SocialCalls.report, 'required', async ({ auth, input: { uid, reason, content = '' } }) => {
    const problem = reportContentProblem(content);
    if (problem !== null) throw badParam('content', problem);
    if (uid === auth.user.id) throw new ApiError(Ret.ReportSelf, RetMessage.ReportSelf);
    await reportUser(db, clock, { reporter: auth.user.id, reported: uid, reason, content });
    return ok(null, SocialMessage.reported);
  });
}
