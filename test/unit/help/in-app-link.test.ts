// @vitest-environment happy-dom
// The sanitiser itself is tested in Chromium (test/e2e/help-journey.test.ts): happy-dom's DOM lets DOMPurify pass
// scripts through, so a test here would prove nothing.
import { describe, expect, it } from 'vitest';
import { inAppLinkTarget } from '../../../src/ui/help/sanitize-html.ts';

describe('inAppLinkTarget', () => {
  const origin = 'http://app.test';
  const click = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    return { target: host.querySelector('span') ?? host.querySelector('a') };
  };
  it('answers the path and query of a link into the app, null for others', () => {
    expect(inAppLinkTarget(click('<a href="/helpDetail?id=63"><span>x</span></a>'), origin)).toEqual({ path: '/helpDetail', query: { id: '63' } });
    expect(inAppLinkTarget(click('<a href="https://example.com/x">x</a>'), origin)).toBeNull();
    expect(inAppLinkTarget(click('<a href="//evil.test/x">x</a>'), origin)).toBeNull();
    expect(inAppLinkTarget(click('<a>x</a>'), origin)).toBeNull();
    expect(inAppLinkTarget({ target: null }, origin)).toBeNull();
  });
});
