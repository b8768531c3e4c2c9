import { HelpCalls, HelpRet, type HelpArticleInfo, type HelpArticleList, type HelpCategoryContentList, type HelpCategoryInfo, type HelpCategoryList, type HelpQuestionInfo } from '../../src/core/help/help-protocol.ts';
import { fail, fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp, FakeHttpCall } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read: every call it answered, and the help it holds. */
export interface FakeHelpApi {
  calls: FakeHttpCall[];
  categories: HelpCategoryInfo[];
  /** A category's questions, by category id. */
  questions: Record<number, HelpQuestionInfo[]>;
  articles: Record<number, Omit<HelpArticleInfo, 'id'>>;
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
  const { serve } = fakeApi(http, { before: (call) => void api.calls.push(call) });

  serve(HelpCalls.categories, 'optional', () => ok({ info: api.categories } satisfies HelpCategoryList));

  serve(HelpCalls.content, 'optional', ({ cid }) => {
    const category = api.categories.find((c) => `${c.path},${c.id}` === cid);
    if (!category) return fail(HelpRet.CategoryNotFound, '帮助分类不存在');
    return ok({ info: [{ ...category, sublist: api.questions[category.id] ?? [] }] } satisfies HelpCategoryContentList);
  });

  serve(HelpCalls.article, 'optional', ({ id }) => {
    const article = api.articles[id];
    if (!article) return fail(HelpRet.ArticleNotFound, '帮助内容不存在');
    return ok({ info: [{ id, ...article }] } satisfies HelpArticleList);
  });
  return api;
}
