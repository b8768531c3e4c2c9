import { describe, expect, it } from 'vitest';
import type { PageVisibility } from '../../src/core/ports/page-visibility.ts';

export interface PageVisibilityHarness {
  visibility: PageVisibility;
  /** The page goes to the background (another tab, app switched, screen off). */
  hide(): void;
  /** The page comes back. */
  show(): void;
}

/** makeHarness: a visible page where the page-visibility API is supported. */
export function pageVisibilityContract(name: string, makeHarness: () => PageVisibilityHarness): void {
  describe(`PageVisibility contract: ${name}`, () => {
    it('starts supported and visible', () => {
      const { visibility } = makeHarness();
      expect(visibility.supported()).toBe(true);
      expect(visibility.isVisible()).toBe(true);
    });

    it('tells listeners when the page is hidden and shown again', () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      const states: boolean[] = [];
      h.visibility.onChange((visible) => {
        heard.push(visible);
        states.push(h.visibility.isVisible());
      });
      h.hide();
      expect(h.visibility.isVisible()).toBe(false);
      h.show();
      expect(heard).toEqual([false, true]);
      expect(states).toEqual([false, true]);
    });

    it('stops telling a listener once it unsubscribes, and keeps telling the others', () => {
      const h = makeHarness();
      const first: boolean[] = [];
      const second: boolean[] = [];
      const unsubscribe = h.visibility.onChange((visible) => first.push(visible));
      h.visibility.onChange((visible) => second.push(visible));
      h.hide();
      unsubscribe();
      h.show();
      expect(first).toEqual([false]);
      expect(second).toEqual([false, true]);
    });
  });
}
