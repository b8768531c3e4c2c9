import { describe, expect, it } from 'vitest';
import { articleLinkTarget, frameOrigins, framePageView } from '../../../src/core/help/article-links.ts';
import { HelpArticleLinksViewModel } from '../../../src/ui/help/help-view-models.ts';

const app = 'http://app.test';
const allowed = ['https://partner.example.test'];

describe('where a help article link leads (issue 31)', () => {
  it('a page of the app opens in the app; an allowed site at /iframe with the link text as title; others stay links', () => {
    expect(articleLinkTarget({ href: '/helpDetail?id=63', text: 'x' }, app, allowed)).toEqual({ path: '/helpDetail', query: { id: '63' } });
    expect(articleLinkTarget({ href: 'https://partner.example.test/help?a=1#top', text: ' 支付 帮助 ' }, app, allowed)).toEqual({
      path: '/iframe',
      query: { url: 'https://partner.example.test/help?a=1#top', title: '支付 帮助' },
    });
    expect(articleLinkTarget({ href: 'https://partner.example.test/x', text: '' }, app, allowed)).toEqual({ path: '/iframe', query: { url: 'https://partner.example.test/x' } });
    expect(articleLinkTarget({ href: 'https://example.com/x', text: 'x' }, app, allowed)).toBeNull();
    expect(articleLinkTarget({ href: '//evil.test/x', text: 'x' }, app, allowed)).toBeNull();
    expect(articleLinkTarget({ href: 'http://partner.example.test/x', text: 'x' }, app, allowed)).toBeNull();
    expect(articleLinkTarget({ href: 'mailto:a@b.c', text: 'x' }, app, allowed)).toBeNull();
  });

  it('/iframe frames only an allowed http(s) address, whoever wrote the link', () => {
    expect(framePageView({ url: 'https://partner.example.test/a', title: '活动' }, allowed)).toEqual({ kind: 'frame', url: 'https://partner.example.test/a', title: '活动' });
    expect(framePageView({ url: 'https://partner.example.test/a' }, allowed)).toEqual({ kind: 'frame', url: 'https://partner.example.test/a', title: '详情' });
    expect(framePageView({ url: 'https://evil.test/a', title: 'x' }, allowed)).toEqual({ kind: 'unavailable', title: 'x' });
    expect(framePageView({ url: 'javascript:alert(1)' }, ['null'])).toEqual({ kind: 'unavailable', title: '详情' });
    expect(framePageView({}, allowed)).toEqual({ kind: 'unavailable', title: '详情' });
    // The payment gateway is never framed: the app's own origin is not an allowed site unless configured.
    expect(framePageView({ url: `${app}/sandbox/gateway?orderId=VO1` }, allowed).kind).toBe('unavailable');
  });

  it('the configured list is read as origins', () => {
    expect(frameOrigins(['https://a.test/path', ' http://b.test:8080 ', 'ftp://c.test', 'nonsense', ''])).toEqual(['https://a.test', 'http://b.test:8080']);
  });

  it('the view-model opens what the rule says and tells the screen whether the browser must stay', () => {
    const pushed: unknown[] = [];
    const vm = new HelpArticleLinksViewModel({ push: (path, query) => void pushed.push({ path, query }) }, app, allowed);
    expect(vm.linkTapped({ href: 'https://partner.example.test/p', text: '规则' })).toBe(true);
    expect(vm.linkTapped({ href: 'https://elsewhere.test/p', text: '规则' })).toBe(false);
    expect(pushed).toEqual([{ path: '/iframe', query: { url: 'https://partner.example.test/p', title: '规则' } }]);
  });
});
