import { describe, expect, it } from 'vitest';
import type { Fullscreen, FullscreenTarget } from '../../src/core/ports/fullscreen.ts';

export interface FullscreenHarness {
  fullscreen: Fullscreen;
  /** An element of the page that may go fullscreen. */
  target: FullscreenTarget;
  /** The viewer leaves fullscreen without the app (Esc, the back gesture). */
  leaveByUser(): void;
  /** The browser refuses the next requests (no user gesture). */
  refuse(): void;
}

/** makeHarness: a page where elements can go fullscreen, none is. */
export function fullscreenContract(name: string, makeHarness: () => FullscreenHarness): void {
  describe(`Fullscreen contract: ${name}`, () => {
    it('starts supported and not fullscreen', () => {
      const { fullscreen } = makeHarness();
      expect(fullscreen.supported()).toBe(true);
      expect(fullscreen.active()).toBe(false);
    });

    it('enters and exits, telling listeners', async () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      h.fullscreen.onChange((active) => heard.push(active));
      await expect(h.fullscreen.enter(h.target)).resolves.toBe(true);
      expect(h.fullscreen.active()).toBe(true);
      await h.fullscreen.exit();
      expect(h.fullscreen.active()).toBe(false);
      expect(heard).toEqual([true, false]);
    });

    it('tells listeners when the viewer leaves fullscreen themselves', async () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      await h.fullscreen.enter(h.target);
      h.fullscreen.onChange((active) => heard.push(active));
      h.leaveByUser();
      expect(h.fullscreen.active()).toBe(false);
      expect(heard).toEqual([false]);
    });

    it('answers false when the browser refuses, and exit does nothing when not fullscreen', async () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      h.fullscreen.onChange((active) => heard.push(active));
      h.refuse();
      await expect(h.fullscreen.enter(h.target)).resolves.toBe(false);
      await h.fullscreen.exit();
      expect(h.fullscreen.active()).toBe(false);
      expect(heard).toEqual([]);
    });

    it('stops telling a listener once it unsubscribes', async () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      const off = h.fullscreen.onChange((active) => heard.push(active));
      await h.fullscreen.enter(h.target);
      off();
      await h.fullscreen.exit();
      expect(heard).toEqual([true]);
    });
  });
}
