/** An imitation of the help calls for headless tests (not a test file itself). */
import type { FakeHttp, FakeHttpCall } from '../../../adapters/http/fake-http.ts';

export interface FakeHelpApi {
  calls: FakeHttpCall[];
  categories: { id: number; title: string; path: string }[];
  questions: Record<number, { id: number; title: string }[]>;
  articles: Record<number, { title: string; contxt: string }>;
}

const ok = (data: unknown) => ({ body: { ret: 200, msg: '成功', data } });

export function installFakeHelpApi(http: FakeHttp): FakeHelpApi {
  const api: FakeHelpApi = {
    calls: [],
    categories: [
      { id: 1, title: '账号问题', path: '0,1' },
      { id: 2, title: '会员与支付', path: '0,1' },
    ],
    questions: {
      1: [{ id: 11, title: '如何注册？' }, { id: 70, title: '用户协议' }],
      2: [{ id: 63, title: '会员服务协议' }],
    },
    articles: {
      11: { title: '如何注册？', contxt: '<p>注册</p>' },
      63: { title: '会员服务协议', contxt: '<h3>一</h3>' },
      70: { title: '用户协议', contxt: '<p>隐私政策</p>' },
    },
  };
  http.route('GET', '/api/home/gethelpcat', (call) => {
    api.calls.push(call);
    return ok({ info: api.categories });
  });
  http.route('GET', '/api/home/gethelpcontent', (call) => {
    api.calls.push(call);
    const cid = String(call.params.cid);
    const category = api.categories.find((c) => `${c.path},${c.id}` === cid);
    if (!category) return { body: { ret: 9002, msg: '帮助分类不存在', data: null } };
    return ok({ info: [{ ...category, sublist: api.questions[category.id] ?? [] }] });
  });
  http.route('GET', '/api/home/gethelpcontentbyid', (call) => {
    api.calls.push(call);
    const id = Number(call.params.id);
    const article = api.articles[id];
    if (!article) return { body: { ret: 9001, msg: '帮助内容不存在', data: null } };
    return ok({ info: [{ id, ...article }] });
  });
  return api;
}
