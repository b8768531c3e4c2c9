import { HelpCalls, HelpRet, type HelpArticleInfo, type HelpArticleList, type HelpCategoryContentList, type HelpCategoryInfo, type HelpCategoryList, type HelpQuestionInfo } from '../../src/core/help/help-protocol.ts';
import type { TextField } from '../../src/core/request/protocol.ts';
import type { FakeHttp, FakeHttpAnswer, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read: every call it answered, and the help it holds. */
export interface FakeHelpApi {
  calls: FakeHttpCall[];
  categories: HelpCategoryInfo[];
  /** A category's questions, by category id. */
  questions: Record<number, HelpQuestionInfo[]>;
  articles: Record<number, Omit<HelpArticleInfo, 'id'>>;
}

const ok = (data: HelpCategoryList | HelpCategoryContentList | HelpArticleList): FakeHttpAnswer => ({ body: { ret: 200, msg: '成功', data } });
const fail = (ret: number, msg: string): FakeHttpAnswer => ({ body: { ret, msg, data: null } });

/** A refusal as the server words it: 1001 缺少参数：<name>, 1002 参数格式错误：<name>. */
class Refusal extends Error {
  constructor(readonly answer: FakeHttpAnswer) {
    super(String(answer.body));
  }
}

/** A text parameter checked as the declaration says (server/http/protocol-route.ts reads it the same way). */
function text(call: FakeHttpCall, name: string, field: TextField): string {
  const raw = call.params[name];
  if (raw === undefined || raw === '') throw new Refusal(fail(1001, `缺少参数：${name}`));
  const value = field.squash === true ? raw.replace(/\s+/g, '') : field.trim === true ? raw.trim() : raw;
  const bad = value === '' || value.length > field.max || (field.oneOf !== undefined && !field.oneOf.includes(value)) || (field.pattern !== undefined && !field.pattern.test(value));
  if (bad) throw new Refusal(fail(1002, `参数格式错误：${name}`));
  return value;
}

/** A row id (1…2^31−1). */
function id(call: FakeHttpCall, name: string): number {
  const raw = call.params[name]?.trim();
  if (raw === undefined || raw === '') throw new Refusal(fail(1001, `缺少参数：${name}`));
  const value = /^-?\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!(value >= 1 && value <= 2_147_483_647)) throw new Refusal(fail(1002, `参数格式错误：${name}`));
  return value;
}

/**
 * An in-memory imitation of the reference server's help calls, answering what help-protocol.ts declares and checking
 * their parameters as declared (test/contract/help-protocol.test.ts runs the same suite against it and the server).
 */
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
  const answer = (handle: (call: FakeHttpCall) => FakeHttpAnswer) => (call: FakeHttpCall): FakeHttpAnswer => {
    api.calls.push(call);
    try {
      text(call, 'cinema', HelpCalls.categories.params.cinema);
      return handle(call);
    } catch (error) {
      if (error instanceof Refusal) return error.answer;
      throw error;
    }
  };

  http.route(HelpCalls.categories.method, HelpCalls.categories.path, answer(() => ok({ info: api.categories })));

  http.route(
    HelpCalls.content.method,
    HelpCalls.content.path,
    answer((call) => {
      const cid = text(call, 'cid', HelpCalls.content.params.cid);
      const category = api.categories.find((c) => `${c.path},${c.id}` === cid);
      if (!category) return fail(HelpRet.CategoryNotFound, '帮助分类不存在');
      return ok({ info: [{ ...category, sublist: api.questions[category.id] ?? [] }] });
    }),
  );

  http.route(
    HelpCalls.article.method,
    HelpCalls.article.path,
    answer((call) => {
      const articleId = id(call, 'id');
      const article = api.articles[articleId];
      if (!article) return fail(HelpRet.ArticleNotFound, '帮助内容不存在');
      return ok({ info: [{ id: articleId, ...article }] });
    }),
  );
  return api;
}
