/** An imitation of the follow/block/report calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpCall } from '../../../adapters/http/fake-http.ts';

export interface FakeSocialApi {
  calls: FakeHttpCall[];
  /** Whom the caller follows / blocked; who blocked the caller. */
  following: Set<number>;
  blocked: Set<number>;
  blockedMe: Set<number>;
  reports: { uid: number; reason: string; content: string }[];
  /** Answer the next calls with this failure instead. */
  failWith: { ret: number; msg: string } | null;
  /** The caller's own id (8020/8022/8023). */
  me: number;
}

const ok = (data: unknown, msg = '成功') => ({ body: { ret: 200, msg, data } });
const refuse = (ret: number, msg: string) => ({ body: { ret, msg, data: null } });

export function listed(api: FakeSocialApi, uid: number) {
  return {
    userId: uid,
    nickName: `用户${uid}`,
    avatar: '',
    vipLevel: 0,
    bigV: false,
    kefu: false,
    introduce: '',
    focusStatus: api.following.has(uid) ? 1 : 0,
    isBlackList: api.blocked.has(uid) ? 1 : 0,
    blockedMe: api.blockedMe.has(uid) ? 1 : 0,
  };
}

export function installFakeSocialApi(http: FakeHttp, me = 1): FakeSocialApi {
  const api: FakeSocialApi = { calls: [], following: new Set(), blocked: new Set(), blockedMe: new Set(), reports: [], failWith: null, me };
  const guard = (call: FakeHttpCall) => {
    api.calls.push(call);
    return api.failWith ? refuse(api.failWith.ret, api.failWith.msg) : null;
  };
  http.route('GET', '/api/Video/FocusUPMaster', (call) => {
    const failed = guard(call);
    if (failed) return failed;
    const uid = Number(call.params.userId);
    if (uid === api.me) return refuse(8020, '不能关注自己');
    if (api.blocked.has(uid)) return refuse(8021, '你已拉黑该用户，请先移出黑名单');
    if (api.following.delete(uid)) return ok({ selected: false }, '已取消关注');
    if (api.blockedMe.has(uid)) return refuse(8024, '对方已将你拉黑，无法关注');
    api.following.add(uid);
    return ok({ selected: true }, '关注成功');
  });
  http.route('GET', '/api/User/preventUser', (call) => {
    const failed = guard(call);
    if (failed) return failed;
    const uid = Number(call.params.uid);
    const status = Number(call.params.status);
    if (status === 1) {
      api.blocked.add(uid);
      api.following.delete(uid);
    } else api.blocked.delete(uid);
    return ok({ status }, status === 1 ? '已拉黑' : '已移出黑名单');
  });
  const page = (ids: number[]) => (call: FakeHttpCall) => {
    const failed = guard(call);
    if (failed) return failed;
    const size = Number(call.params.pageSize ?? 20);
    const from = (Number(call.params.page ?? 1) - 1) * size;
    return ok({ list: ids.slice(from, from + size).map((uid) => listed(api, uid)), total: ids.length });
  };
  http.route('GET', '/api/User/GetBlackList', (call) => page([...api.blocked].reverse())(call));
  http.route('GET', '/api/User/GetFocusList', (call) => page([...api.following].reverse())(call));
  http.route('GET', '/api/User/GetUserFansList', (call) => page([101, 102, 103])(call));
  http.route('GET', '/api/User/GetUserRelation', (call) => {
    const failed = guard(call);
    return failed ?? ok(listed(api, Number(call.params.uid)));
  });
  http.route('GET', '/api/Video/ReportUserReq', (call) => {
    const failed = guard(call);
    if (failed) return failed;
    api.reports.push({ uid: Number(call.params.uid), reason: call.params.reason ?? '', content: call.params.content ?? '' });
    return ok(null, '已收到您的举报');
  });
  return api;
}
