import { describe, expect, it } from 'vitest';
import type { PictureInPicture, PictureInPictureTarget } from '../../src/core/ports/picture-in-picture.ts';

export interface PictureInPictureHarness {
  pip: PictureInPicture;
  /** A video of the page. */
  target: PictureInPictureTarget;
  /** The viewer closes the small window without the app. */
  closeByUser(): void;
  /** The browser refuses the next requests (no user gesture). */
  refuse(): void;
}

/** makeHarness: a page where picture-in-picture is offered, no video is in the small window. */
export function pictureInPictureContract(name: string, makeHarness: () => PictureInPictureHarness): void {
  describe(`PictureInPicture contract: ${name}`, () => {
    it('starts offered and not active', () => {
      const { pip } = makeHarness();
      expect(pip.supported()).toBe(true);
      expect(pip.active()).toBe(false);
    });

    it('enters and exits, telling listeners', async () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      h.pip.onChange((active) => heard.push(active));
      await expect(h.pip.enter(h.target)).resolves.toBe(true);
      expect(h.pip.active()).toBe(true);
      await h.pip.exit();
      expect(h.pip.active()).toBe(false);
      expect(heard).toEqual([true, false]);
    });

    it('tells listeners when the viewer closes the small window', async () => {
      const h = makeHarness();
      await h.pip.enter(h.target);
      const heard: boolean[] = [];
      h.pip.onChange((active) => heard.push(active));
      h.closeByUser();
      expect(h.pip.active()).toBe(false);
      expect(heard).toEqual([false]);
    });

    it('answers false when the browser refuses, and exit does nothing when not active', async () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      h.pip.onChange((active) => heard.push(active));
      h.refuse();
      await expect(h.pip.enter(h.target)).resolves.toBe(false);
      await h.pip.exit();
      expect(h.pip.active()).toBe(false);
      expect(heard).toEqual([]);
    });

    it('stops telling a listener once it unsubscribes', async () => {
      const h = makeHarness();
      const heard: boolean[] = [];
      const off = h.pip.onChange((active) => heard.push(active));
      await h.pip.enter(h.target);
      off();
      await h.pip.exit();
      expect(heard).toEqual([true]);
    });
  });
}
