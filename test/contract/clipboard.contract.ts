import { describe, expect, it } from 'vitest';
import type { Clipboard } from '../../src/core/ports/clipboard.ts';

export interface ClipboardHarness {
  clipboard: Clipboard;
  /** What the system clipboard holds now. */
  read(): Promise<string>;
  /** From now on nothing can be copied. */
  breakCopying(): void;
}

export function clipboardContract(name: string, makeHarness: () => ClipboardHarness | Promise<ClipboardHarness>): void {
  describe(`Clipboard contract: ${name}`, () => {
    it('puts the text on the clipboard', async () => {
      const h = await makeHarness();
      await h.clipboard.copy('https://example.test/share?code=邀请码 😀');
      expect(await h.read()).toBe('https://example.test/share?code=邀请码 😀');
    });

    it('replaces what an earlier copy left', async () => {
      const h = await makeHarness();
      await h.clipboard.copy('first');
      await h.clipboard.copy('second');
      expect(await h.read()).toBe('second');
    });

    it('rejects when the text cannot be copied, leaving the clipboard as it was', async () => {
      const h = await makeHarness();
      await h.clipboard.copy('kept');
      h.breakCopying();
      await expect(h.clipboard.copy('lost')).rejects.toBeInstanceOf(Error);
      expect(await h.read()).toBe('kept');
    });
  });
}
