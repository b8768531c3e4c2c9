import { describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import {
  HelpKeys,
  USER_AGREEMENT_TITLE,
  articleTitle,
  categoryCid,
  categoryIndexFrom,
  helpIdFrom,
  articleOf,
  questionsOf,
} from '../../../src/core/help/help.ts';
import { HelpCalls } from '../../../src/core/help/help-protocol.ts';
import { parsed } from '../../../src/core/request/answer-values.ts';
import { HelpService } from '../../../src/core/help/help-service.ts';
import { ApiError } from '../../../src/core/request/api-error.ts';
import { installFakeHelpApi } from '../../../adapters/http/fake-help-api.ts';

function setup() {
  const { container, world } = createHeadlessCore();
  const api = installFakeHelpApi(world.http);
  return { service: container.get(HelpService), world, api };
}

describe('help rules', () => {
  it('titles article 70 用户协议和隐私政策 whatever the server says, others by their own title', () => {
    expect(articleTitle(70, '用户协议')).toBe(USER_AGREEMENT_TITLE);
    expect(articleTitle(70, '')).toBe('用户协议和隐私政策');
    expect(articleTitle(63, '会员服务协议')).toBe('会员服务协议');
  });

  it('builds cid as {path},{id}', () => {
    expect(categoryCid({ id: 3, title: '', path: '0,1' })).toBe('0,1,3');
    expect(categoryCid({ id: 3, title: '', path: '' })).toBe('3');
  });

  it('reads ids and indexes from the query strictly', () => {
    expect(helpIdFrom('63')).toBe(63);
    for (const bad of [null, undefined, '', '0', '-1', '1.5', 'abc', '99999999999']) expect(helpIdFrom(bad)).toBeNull();
    expect(categoryIndexFrom('0')).toBe(0);
    expect(categoryIndexFrom('x')).toBeNull();
  });

  it('parses answers defensively', () => {
    const parseCategories = (data: unknown) => parsed(HelpCalls.categories.answer!, data)?.info;
    const parseQuestions = (data: unknown) => questionsOf(parsed(HelpCalls.content.answer!, data)!);
    const parseArticle = (data: unknown, askedId: number) => articleOf(parsed(HelpCalls.article.answer!, data)!, askedId);
    expect(parseCategories({ info: [{ id: 1, title: 'a', path: '0,1' }, { id: 'x' }, null, 5] })).toEqual([{ id: 1, title: 'a', path: '0,1' }]);
    expect(parseCategories({})).toEqual([]);
    expect(parseCategories(null)).toBeUndefined();
    expect(parseQuestions({ info: [{ sublist: [{ id: 2, title: 'q' }, { title: 'no id' }] }] })).toEqual([{ id: 2, title: 'q' }]);
    expect(parseQuestions({ info: [] })).toEqual([]);
    expect(parseQuestions({ info: [{ sublist: [{ id: 70, title: '用户协议' }] }] })).toEqual([{ id: 70, title: USER_AGREEMENT_TITLE }]);
    expect(parseArticle({ info: [{ id: 70, title: 't', contxt: '<p>x</p>' }] }, 70)).toEqual({ id: 70, title: USER_AGREEMENT_TITLE, html: '<p>x</p>' });
    expect(parseArticle({ info: [] }, 1)).toBeNull();
  });
});

describe('HelpService', () => {
  it('caches the category list in session storage: a second load asks nothing', async () => {
    const { service, world, api } = setup();
    expect((await service.categories()).map((c) => c.title)).toEqual(['账号问题', '会员与支付']);
    expect(world.session.get(HelpKeys.categoryList)).toContain('账号问题');
    await service.categories();
    expect(api.calls.filter((c) => c.path === '/api/home/gethelpcat')).toHaveLength(1);
    expect(api.calls[0]!.params).toMatchObject({ cinema: '1' });
  });

  it('ignores a broken cache and fetches again', async () => {
    const { service, world, api } = setup();
    world.session.set(HelpKeys.categoryList, '{broken');
    expect(await service.categories()).toHaveLength(2);
    expect(api.calls).toHaveLength(1);
  });

  it('loads every category with its questions through cid={path},{id}', async () => {
    const { service, api } = setup();
    const center = await service.center();
    expect(center.map((c) => c.sublist.map((q) => q.id))).toEqual([[11, 70], [63]]);
    expect(api.calls.filter((c) => c.path === '/api/home/gethelpcontent').map((c) => c.params.cid)).toEqual(['0,1,1', '0,1,2']);
  });

  it('loads an article with the title rule; an unknown one rejects with 9001 and toasts it', async () => {
    const { service, world } = setup();
    expect(await service.article(70)).toEqual({ id: 70, title: '用户协议和隐私政策', html: '<p>隐私政策</p>' });
    expect((await service.article(63))?.title).toBe('会员服务协议');
    await expect(service.article(5)).rejects.toBeInstanceOf(ApiError);
    expect(world.notifier.toasts.map((t) => t.message)).toContain('帮助内容不存在');
  });

  it('remembers the visited category once', () => {
    const { service } = setup();
    expect(service.takeVisit()).toBeNull();
    service.rememberVisit(2);
    expect(service.takeVisit()).toBe(2);
    expect(service.takeVisit()).toBeNull();
  });
});
