// @vitest-environment happy-dom
// The sanitiser itself is tested in Chromium (test/e2e/help-journey.test.ts): happy-dom's DOM lets DOMPurify pass
// scripts through, so a test here would prove nothing.
import { describe, expect, it } from 'vitest';
import { clickedLink } from '../../../src/ui/help/sanitize-html.ts';

describe('clickedLink', () => {
  const click = (html: string) => {
    const host = document.createElement('div');
    host.innerHTML = html;
    return { target: host.querySelector('span') ?? host.querySelector('a') };
  };
  it('answers the link a click landed in (as written, with its text), null elsewhere', () => {
    expect(clickedLink(click('<a href="/helpDetail?id=63"><span>x</span></a>'))).toEqual({ href: '/helpDetail?id=63', text: 'x' });
    expect(clickedLink(click('<a href="https://example.com/x">外链</a>'))).toEqual({ href: 'https://example.com/x', text: '外链' });
    expect(clickedLink(click('<a>x</a>'))).toBeNull();
    expect(clickedLink({ target: null })).toBeNull();
  });
});
