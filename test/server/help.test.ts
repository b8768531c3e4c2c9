import { describe, expect, it } from 'vitest';
import { HELP_ROOT_PATH } from '../../server/help/help-repository.ts';
import { HelpArticleId, SEED_HELP_ARTICLES, SEED_HELP_CATEGORIES, UNSAFE_PAYLOAD_FLAG, seedHelp } from '../../server/help/seed.ts';
import { Ret, RetMessage } from '../../server/http/ret.ts';
import { FakeClock, tokenParams } from './support.ts';
import { HelpCalls, type HelpArticleList, type HelpCategoryContentList, type HelpCategoryList } from '../../src/core/help/help-protocol.ts';
import { useServerFixture } from './server-fixture.ts';

const server = useServerFixture({
  clock: new FakeClock(),
  seed: async (db) => {
    await seedHelp(db);
    await seedHelp(db);
  },
});

const categories = (fields: Record<string, string> = { cinema: '1' }) => server.get<HelpCategoryList>(HelpCalls.categories.path, fields);
const content = (fields: Record<string, string>) => server.get<HelpCategoryContentList>(HelpCalls.content.path, fields);
const article = (fields: Record<string, string>) => server.get<HelpArticleList>(HelpCalls.article.path, fields);

describe('GET /api/home/gethelpcat', () => {
  it('answers the categories in order, each once (seeding is idempotent), for a visitor', async () => {
    const { body } = await categories();
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.info).toEqual(SEED_HELP_CATEGORIES.map((c) => ({ id: c.id, title: c.title, path: HELP_ROOT_PATH })));
    expect(body.data.info.map((c) => c.title)).toEqual(['账号问题', '会员与支付', '播放问题', '其他']);
  });

  it('ignores token fields, even a forged token (help and terms stay readable)', async () => {
    const forged = tokenParams({ uid: 1, token: 'x', expire: 1, sign: 'bad' } as never);
    expect((await categories({ cinema: '1', ...forged })).body.ret).toBe(Ret.Ok);
  });

  it('needs cinema=1', async () => {
    expect((await categories({})).body).toMatchObject({ ret: Ret.MissingParam, msg: '缺少参数：cinema' });
    expect((await categories({ cinema: '2' })).body).toMatchObject({ ret: Ret.BadParam, msg: '参数格式错误：cinema' });
  });
});

describe('GET /api/home/gethelpcontent', () => {
  it('answers a category with its questions for cid={path},{id}', async () => {
    const { body } = await content({ cinema: '1', cid: `${HELP_ROOT_PATH},2` });
    expect(body.ret).toBe(Ret.Ok);
    expect(body.data.info).toHaveLength(1);
    const [info] = body.data.info;
    expect(info).toMatchObject({ id: 2, title: '会员与支付', path: HELP_ROOT_PATH });
    expect(info!.sublist.map((q) => q.id)).toEqual(SEED_HELP_ARTICLES.filter((a) => a.categoryId === 2).map((a) => a.id));
    expect(info!.sublist.map((q) => q.id)).toContain(HelpArticleId.vipTerms);
    expect(Object.keys(info!.sublist[0]!).sort()).toEqual(['id', 'title']);
  });

  it('refuses a malformed cid with 1002 and an unknown one with 9002', async () => {
    for (const cid of ['2', 'a,b', '0,1,', ',0,1,2', '0,1,2;drop', '0,1,99999999999', '0,1,0', '0,1,2,'.repeat(10)]) {
      expect((await content({ cinema: '1', cid })).body, cid).toMatchObject({ ret: Ret.BadParam, msg: '参数格式错误：cid' });
    }
    expect((await content({ cinema: '1' })).body).toMatchObject({ ret: Ret.MissingParam, msg: '缺少参数：cid' });
    expect((await content({ cid: '0,1,2' })).body.ret).toBe(Ret.MissingParam);
    expect((await content({ cinema: '1', cid: '0,1,999' })).body).toEqual({ ret: Ret.HelpCategoryNotFound, msg: RetMessage.HelpCategoryNotFound, data: null });
    // The right id at the wrong path is not that category.
    expect((await content({ cinema: '1', cid: '0,7,2' })).body.ret).toBe(Ret.HelpCategoryNotFound);
  });

  it('leaves out a disabled category and disabled questions', async () => {
    await server.db.query('UPDATE help_articles SET enabled = false WHERE id = 24');
    const { body } = await content({ cinema: '1', cid: `${HELP_ROOT_PATH},2` });
    expect(body.data.info[0]!.sublist.map((q) => q.id)).not.toContain(24);
    await server.db.query('UPDATE help_articles SET enabled = true WHERE id = 24');
    await server.db.query('UPDATE help_categories SET enabled = false WHERE id = 4');
    expect((await content({ cinema: '1', cid: `${HELP_ROOT_PATH},4` })).body.ret).toBe(Ret.HelpCategoryNotFound);
    expect((await categories()).body.data.info.map((c) => c.id)).not.toContain(4);
    expect((await article({ cinema: '1', id: '41' })).body.ret).toBe(Ret.HelpArticleNotFound);
    await server.db.query('UPDATE help_categories SET enabled = true WHERE id = 4');
  });
});

describe('GET /api/home/gethelpcontentbyid', () => {
  it('answers the article with its HTML', async () => {
    const { body } = await article({ cinema: '1', id: String(HelpArticleId.vipTerms) });
    expect(body.ret).toBe(Ret.Ok);
    const [info] = body.data.info;
    expect(info).toMatchObject({ id: 63, title: '会员服务协议' });
    expect(info!.contxt).toMatch(/<table>[\s\S]*<\/table>/);
    expect(info!.contxt).toContain('<h3>');
    expect((await article({ cinema: '1', id: '70' })).body.data.info[0]!.contxt).toContain('隐私政策');
  });

  it('stores the copied article as it was pasted (script, onerror, javascript: link): the client sanitises it', async () => {
    const { body } = await article({ cinema: '1', id: String(HelpArticleId.clearCache) });
    const html = body.data.info[0]!.contxt;
    expect(html).toContain('<script>');
    expect(html).toContain('onerror=');
    expect(html).toContain('href="javascript:');
    expect(html).toContain(UNSAFE_PAYLOAD_FLAG);
  });

  it('refuses a bad id with 1001/1002 and an unknown one with 9001 帮助内容不存在', async () => {
    expect((await article({ cinema: '1' })).body).toMatchObject({ ret: Ret.MissingParam, msg: '缺少参数：id' });
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      expect((await article({ cinema: '1', id })).body.ret, id).toBe(Ret.BadParam);
    }
    expect((await article({ cinema: '1', id: '5000' })).body).toEqual({ ret: Ret.HelpArticleNotFound, msg: '帮助内容不存在', data: null });
  });

  it('keeps ids 63 and 70 and hands out later ids past the seeded ones', async () => {
    const [row] = await server.db.query<{ id: number }>(
      "INSERT INTO help_articles (category_id, title, contxt) VALUES (1, '新问题', '<p>新</p>') RETURNING id",
    );
    expect(row!.id).toBeGreaterThan(Math.max(...SEED_HELP_ARTICLES.map((a) => a.id)));
    await seedHelp(server.db);
    const [category] = await server.db.query<{ id: number }>("INSERT INTO help_categories (title) VALUES ('新分类') RETURNING id");
    expect(category!.id).toBeGreaterThan(SEED_HELP_CATEGORIES.length);
    expect((await article({ cinema: '1', id: '70' })).body.data.info[0]!.title).toBe('用户协议');
  });
});
