import type { Clipboard } from '../../src/core/ports/clipboard.ts';

/** The parts of a window the clipboard uses. */
export interface ClipboardWindow {
  navigator?: { clipboard?: { writeText(text: string): Promise<void> } };
  document: Document;
}

/** The async Clipboard API where the page may use it; otherwise a hidden textarea and execCommand('copy'). */
export class BrowserClipboard implements Clipboard {
  constructor(private readonly win: ClipboardWindow) {}

  async copy(text: string): Promise<void> {
    const api = this.win.navigator?.clipboard;
    if (api && typeof api.writeText === 'function') {
      try {
        await api.writeText(text);
        return;
      } catch {
        // Not allowed here (insecure context, no permission, no user gesture): try the old way.
      }
    }
    if (!this.copyWithTextarea(text)) throw new Error('复制失败');
  }

  private copyWithTextarea(text: string): boolean {
    const doc = this.win.document;
    if (typeof doc.execCommand !== 'function' || !doc.body) return false;
    const area = doc.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.top = '0';
    area.style.left = '-9999px';
    area.style.opacity = '0';
    doc.body.appendChild(area);
    try {
      area.select();
      area.setSelectionRange(0, text.length);
      return doc.execCommand('copy');
    } catch {
      return false;
    } finally {
      area.remove();
    }
  }
}
