import { BlockStatus, SocialCalls, SocialRet, type FollowToggled, type BlockSet } from '../../src/core/social/social-protocol.ts';
import { reportContentProblem, SocialLimits } from '../../src/core/social/social-rules.ts';
import type { ListedUser, UserPage } from '../../src/core/shared-kernel/listed-user.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

/** A report as the imitation keeps it (by whom: `reports` leaves the reporter out). */
interface FakeReport {
  reporter: number;
  uid: number;
  reason: string;
  content: string;
}

/** The imitation's state, for tests to arrange and read. */
export interface FakeSocialApi {
  /** Every call answered (refused ones too), oldest first. */
  calls: FakeHttpCall[];
  /** Who follows whom, who blocked whom: uid → uids. */
  follows: Map<number, Set<number>>;
  blocks: Map<number, Set<number>>;
  /** Whom `me` follows / blocked (the sets of `follows` and `blocks`, made when first asked for). */
  readonly following: Set<number>;
  readonly blocked: Set<number>;
  /** The reports `me` sent. */
  readonly reports: { uid: number; reason: string; content: string }[];
  /** Answer the next calls with this failure instead. */
  failWith: { ret: number; msg: string } | null;
  /** The caller when the options name none (the unit tests' signed-in user). */
  me: number;
}

export interface FakeSocialApiOptions {
  /** Who is calling: a user id, or null for a visitor; `me` when left out. */
  caller?: (call: FakeHttpCall) => number | null;
  /** Whether a user exists (1006 otherwise); every uid when left out. */
  userExists?: (uid: number) => boolean;
}

const USER_NOT_FOUND = fail(1006, '用户不存在');

const setOf = (relation: Map<number, Set<number>>, uid: number): Set<number> => {
  const existing = relation.get(uid);
  if (existing) return existing;
  const made = new Set<number>();
  relation.set(uid, made);
  return made;
};

/**
 * An in-memory imitation of the reference server's follow, block and report calls, answering what
 * social-protocol.ts declares and checking their parameters as declared (test/contract/social-protocol.test.ts runs
 * one suite against it and the server). The unit tests' caller is `me` unless `options.caller` names one.
 */
export function installFakeSocialApi(http: FakeHttp, me = 1, options: FakeSocialApiOptions = {}): FakeSocialApi {
  const log: FakeReport[] = [];
  /** When each follow began (`follower>followed`), for newest-first lists; follows arranged directly count as oldest. */
  const since = new Map<string, number>();
  let clock = 0;
  const api: FakeSocialApi = {
    calls: [],
    follows: new Map(),
    blocks: new Map(),
    get following() {
      return setOf(api.follows, api.me);
    },
    get blocked() {
      return setOf(api.blocks, api.me);
    },
    get reports() {
      return log.filter((report) => report.reporter === api.me).map(({ uid, reason, content }) => ({ uid, reason, content }));
    },
    failWith: null,
    me,
  };
  const exists = options.userExists ?? (() => true);
  const follows = (a: number, b: number) => api.follows.get(a)?.has(b) === true;
  const blocks = (a: number, b: number) => api.blocks.get(a)?.has(b) === true;

  const listed = (viewer: number, uid: number): ListedUser => ({
    userId: uid,
    nickName: `用户${uid}`,
    avatar: '',
    vipLevel: 0,
    bigV: false,
    kefu: false,
    introduce: '',
    focusStatus: follows(viewer, uid) ? 1 : 0,
    isBlackList: blocks(viewer, uid) ? 1 : 0,
    blockedMe: blocks(uid, viewer) ? 1 : 0,
  });

  const { serve } = fakeApi(http, {
    caller: options.caller ?? (() => api.me),
    before: (call) => {
      api.calls.push(call);
      return api.failWith ? fail(api.failWith.ret, api.failWith.msg) : undefined;
    },
  });

  serve(SocialCalls.follow, 'required', ({ userId }, uid) => {
    if (userId === uid) return fail(SocialRet.FollowSelf, '不能关注自己');
    if (!exists(userId)) return USER_NOT_FOUND;
    if (blocks(uid, userId)) return fail(SocialRet.FollowBlockedUser, '你已拉黑该用户，请先移出黑名单');
    if (setOf(api.follows, uid).delete(userId)) return ok({ selected: false } satisfies FollowToggled, '已取消关注');
    if (blocks(userId, uid)) return fail(SocialRet.FollowBlockedByUser, '对方已将你拉黑，无法关注');
    setOf(api.follows, uid).add(userId);
    since.set(`${uid}>${userId}`, ++clock);
    return ok({ selected: true } satisfies FollowToggled, '关注成功');
  });

  serve(SocialCalls.block, 'required', ({ uid: target, status }, uid) => {
    if (target === uid) return fail(SocialRet.BlockSelf, '不能拉黑自己');
    if (!exists(target)) return USER_NOT_FOUND;
    if (status === BlockStatus.Blocked) {
      setOf(api.blocks, uid).add(target);
      setOf(api.follows, uid).delete(target);
      setOf(api.follows, target).delete(uid);
    } else setOf(api.blocks, uid).delete(target);
    const answered = status === BlockStatus.Blocked ? BlockStatus.Blocked : BlockStatus.Unblocked;
    return ok({ status: answered } satisfies BlockSet, answered === BlockStatus.Blocked ? '已拉黑' : '已移出黑名单');
  });

  const page = (viewer: number, uids: number[], input: { page: number; pageSize: number }): FakeHttpAnswer => {
    const from = (input.page - 1) * input.pageSize;
    return ok({ list: uids.slice(from, from + input.pageSize).map((uid) => listed(viewer, uid)), total: uids.length } satisfies UserPage);
  };
  const newestFirst = (pairs: Array<[follower: number, followed: number]>, listedOf: (pair: [number, number]) => number) =>
    pairs
      .map((pair, order) => ({ uid: listedOf(pair), at: since.get(`${pair[0]}>${pair[1]}`) ?? 0, order }))
      .sort((a, b) => b.at - a.at || b.order - a.order)
      .map((entry) => entry.uid);

  serve(SocialCalls.blackList, 'required', (input, uid) => page(uid, [...setOf(api.blocks, uid)].reverse(), input));
  serve(SocialCalls.focusList, 'required', (input, uid) => page(uid, newestFirst([...setOf(api.follows, uid)].map((followed) => [uid, followed]), (pair) => pair[1]), input));
  serve(SocialCalls.fansList, 'required', (input, uid) => {
    const fans = [...api.follows].filter(([, followed]) => followed.has(uid)).map(([follower]): [number, number] => [follower, uid]);
    return page(uid, newestFirst(fans, (pair) => pair[0]), input);
  });

  serve(SocialCalls.relation, 'optional', ({ uid: target }, uid) => (exists(target) ? ok(listed(uid ?? 0, target)) : USER_NOT_FOUND));

  serve(SocialCalls.report, 'required', ({ uid: target, reason, content = '' }, uid) => {
    const problem = reportContentProblem(content);
    if (problem !== null) return fail(1002, problem);
    if (target === uid) return fail(SocialRet.ReportSelf, '不能举报自己');
    if (!exists(target)) return USER_NOT_FOUND;
    if (log.filter((report) => report.reporter === uid).length >= SocialLimits.reportsPerDay) return fail(SocialRet.TooManyReports, '举报过于频繁，请稍后再试');
    log.push({ reporter: uid, uid: target, reason, content });
    return ok(null, '已收到您的举报');
  });

  return api;
}
