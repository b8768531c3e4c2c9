import { expect, it } from 'vitest';
import { installFakeHelpApi } from '../../adapters/http/fake-help-api.ts';
import { seedHelp } from '../../server/help/seed.ts';
import { HELP_CINEMA, HelpCalls, HelpRet, type HelpArticleList, type HelpCategoryContentList, type HelpCategoryInfo, type HelpCategoryList } from '../../src/core/help/help-protocol.ts';
import { protocolContract, type Send } from './protocol-contract.ts';

/**
 * Help's calls (src/core/help/help-protocol.ts) as the app sends them, answered by the fake the app's tests use
 * (adapters/http/fake-help-api.ts) and by the reference server (in process, on its seeded test database): both must
 * answer alike, so the fake cannot drift from the server.
 */
/** Both worlds hold category 2 (会员与支付, path 0,1) with question 63 (会员服务协议) and article 70. */
const CATEGORY = { id: 2, title: '会员与支付', path: '0,1' } satisfies HelpCategoryInfo;
const QUESTION = { id: 63, title: '会员服务协议' };

interface HelpWorld {
  send: Send;
}

protocolContract<HelpWorld>('help protocol', {
  fake: ({ http, send }) => {
    installFakeHelpApi(http);
    return { send };
  },
  server: {
    seed: seedHelp,
    world: ({ send }) => ({ send }),
  },
}, (world) => {
  it('gethelpcat lists the categories with id, title and path', async () => {
    const answer = await world.send(HelpCalls.categories, { cinema: HELP_CINEMA });
    expect(answer.ret).toBe(200);
    const { info } = answer.data as HelpCategoryList;
    expect(info).toContainEqual(CATEGORY);
    for (const category of info) expect(Object.keys(category).sort()).toEqual(['id', 'path', 'title']);
  });

  it("gethelpcontent answers a category's questions for cid {path},{id} (whitespace ignored); 9002 for none", async () => {
    const answer = await world.send(HelpCalls.content, { cinema: HELP_CINEMA, cid: ` ${CATEGORY.path}, ${CATEGORY.id}` });
    expect(answer.ret).toBe(200);
    const { info } = answer.data as HelpCategoryContentList;
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject(CATEGORY);
    expect(info[0]?.sublist).toContainEqual(QUESTION);
    for (const question of info[0]?.sublist ?? []) expect(Object.keys(question).sort()).toEqual(['id', 'title']);
    expect(await world.send(HelpCalls.content, { cinema: HELP_CINEMA, cid: '0,1,999' })).toEqual({ ret: HelpRet.CategoryNotFound, msg: '帮助分类不存在', data: null });
    expect((await world.send(HelpCalls.content, { cinema: HELP_CINEMA, cid: `0,7,${CATEGORY.id}` })).ret).toBe(HelpRet.CategoryNotFound);
  });

  it('gethelpcontentbyid answers the article with its HTML; 9001 帮助内容不存在 for none', async () => {
    const answer = await world.send(HelpCalls.article, { cinema: HELP_CINEMA, id: QUESTION.id });
    expect(answer.ret).toBe(200);
    const { info } = answer.data as HelpArticleList;
    expect(info).toHaveLength(1);
    expect(info[0]).toMatchObject(QUESTION);
    expect(info[0]?.contxt).toContain('<h3>');
    expect(await world.send(HelpCalls.article, { cinema: HELP_CINEMA, id: 5000 })).toEqual({ ret: HelpRet.ArticleNotFound, msg: '帮助内容不存在', data: null });
  });

  it('every call needs cinema=1: 1001 without it, 1002 参数格式错误：cinema for another', async () => {
    expect(await world.send(HelpCalls.categories, { cinema: HELP_CINEMA }, { cinema: undefined })).toMatchObject({ ret: 1001, msg: '缺少参数：cinema' });
    expect(await world.send(HelpCalls.categories, { cinema: '2' })).toMatchObject({ ret: 1002, msg: '参数格式错误：cinema' });
    expect(await world.send(HelpCalls.content, { cinema: ' 2', cid: '0,1,2' })).toMatchObject({ ret: 1002, msg: '参数格式错误：cinema' });
    expect(await world.send(HelpCalls.article, { cinema: '11', id: 63 })).toMatchObject({ ret: 1002, msg: '参数格式错误：cinema' });
  });

  it('a malformed cid is 1002 参数格式错误：cid, a missing one 1001', async () => {
    for (const cid of ['2', 'a,b', '0,1,', ',0,1,2', '0,1,2;drop', '0,1,99999999999', '0,1,0', '0,1,00', '0,1,2,'.repeat(10)]) {
      expect(await world.send(HelpCalls.content, { cinema: HELP_CINEMA, cid }), cid).toMatchObject({ ret: 1002, msg: '参数格式错误：cid' });
    }
    expect(await world.send(HelpCalls.content, { cinema: HELP_CINEMA, cid: '' })).toMatchObject({ ret: 1001, msg: '缺少参数：cid' });
  });

  it('a bad article id is 1002 参数格式错误：id, a missing one 1001', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      expect(await world.send(HelpCalls.article, { cinema: HELP_CINEMA, id: 1 }, { id }), id).toMatchObject({ ret: 1002, msg: '参数格式错误：id' });
    }
    expect((await world.send(HelpCalls.article, { cinema: HELP_CINEMA, id: 1 }, { id: '99999999999' })).ret).toBe(1002);
    expect(await world.send(HelpCalls.article, { cinema: HELP_CINEMA, id: 1 }, { id: undefined })).toMatchObject({ ret: 1001, msg: '缺少参数：id' });
  });
});
