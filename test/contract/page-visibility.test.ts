// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentPageVisibility } from '../../adapters/page-visibility/document-page-visibility.ts';
import { FakePageVisibility } from '../../adapters/page-visibility/fake-page-visibility.ts';
import { pageVisibilityContract } from './page-visibility.contract.ts';

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  // Drop the own property so document.visibilityState is happy-dom's again.
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
});

pageVisibilityContract('DocumentPageVisibility over happy-dom', () => ({
  visibility: new DocumentPageVisibility(document),
  hide: () => setVisibility('hidden'),
  show: () => setVisibility('visible'),
}));

pageVisibilityContract('FakePageVisibility', () => {
  const visibility = new FakePageVisibility();
  return { visibility, hide: () => visibility.hide(), show: () => visibility.show() };
});

describe('DocumentPageVisibility', () => {
  it('is unsupported, and always visible, where the document has no visibilityState', () => {
    const visibility = new DocumentPageVisibility({ addEventListener: () => {}, removeEventListener: () => {} });
    expect(visibility.supported()).toBe(false);
    expect(visibility.isVisible()).toBe(true);
  });
});

describe('FakePageVisibility', () => {
  it('can be unsupported, and tells listeners only of real changes', () => {
    expect(new FakePageVisibility({ supported: false }).supported()).toBe(false);
    const visibility = new FakePageVisibility();
    const heard: boolean[] = [];
    visibility.onChange((visible) => heard.push(visible));
    visibility.show();
    visibility.hide();
    visibility.hide();
    expect(heard).toEqual([false]);
  });
});
