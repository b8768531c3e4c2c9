// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrowserClipboard } from '../../adapters/clipboard/browser-clipboard.ts';
import { FakeClipboard } from '../../adapters/clipboard/fake-clipboard.ts';
import { clipboardContract } from './clipboard.contract.ts';

type ExecCommand = (command: string) => boolean;
const doc = document as unknown as { execCommand?: ExecCommand };

afterEach(() => {
  vi.restoreAllMocks();
  delete doc.execCommand;
});

clipboardContract('BrowserClipboard over happy-dom', () => ({
  clipboard: new BrowserClipboard(window),
  read: () => navigator.clipboard.readText(),
  breakCopying() {
    // The Clipboard API refuses, and happy-dom has no execCommand for the fallback.
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('not allowed', 'NotAllowedError'));
  },
}));

clipboardContract('FakeClipboard', () => {
  const clipboard = new FakeClipboard();
  return { clipboard, read: async () => clipboard.text, breakCopying: () => clipboard.setFailing(true) };
});

describe('BrowserClipboard', () => {
  /** A window without the Clipboard API (an insecure page) whose execCommand answers as given. */
  function oldWindow(answer: boolean) {
    const copied: string[] = [];
    doc.execCommand = (command: string) => {
      const area = document.querySelector('textarea');
      if (command === 'copy' && area) copied.push(area.value.slice(area.selectionStart, area.selectionEnd));
      return answer;
    };
    return { copied, win: { navigator: {}, document } };
  }

  it('falls back to a hidden textarea and execCommand, then removes the textarea', async () => {
    const { copied, win } = oldWindow(true);
    await new BrowserClipboard(win).copy('链接 https://x.test');
    expect(copied).toEqual(['链接 https://x.test']);
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('falls back when the Clipboard API refuses', async () => {
    const { copied } = oldWindow(true);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await new BrowserClipboard(window).copy('text');
    expect(copied).toEqual(['text']);
  });

  it('rejects when execCommand copies nothing', async () => {
    const { win } = oldWindow(false);
    await expect(new BrowserClipboard(win).copy('text')).rejects.toThrow('复制失败');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('FakeClipboard', () => {
  it('fails the next copy only after failNext', async () => {
    const clipboard = new FakeClipboard();
    clipboard.failNext();
    await expect(clipboard.copy('a')).rejects.toThrow();
    await clipboard.copy('b');
    expect(clipboard.text).toBe('b');
    clipboard.setFailing(true);
    await expect(clipboard.copy('c')).rejects.toThrow();
    clipboard.setFailing(false);
    await clipboard.copy('d');
    expect(clipboard.text).toBe('d');
  });
});
