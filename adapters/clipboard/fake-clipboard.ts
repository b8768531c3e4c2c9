import type { Clipboard } from '../../src/core/ports/clipboard.ts';

/** An in-memory clipboard that can be told to fail. */
export class FakeClipboard implements Clipboard {
  /** What was last copied. */
  text = '';
  private failing = false;
  private failOnce = false;

  copy(text: string): Promise<void> {
    if (this.failing || this.failOnce) {
      this.failOnce = false;
      return Promise.reject(new Error('复制失败'));
    }
    this.text = text;
    return Promise.resolve();
  }

  /** The next copy fails; later ones succeed again. */
  failNext(): void {
    this.failOnce = true;
  }

  /** Every copy fails until set back to false. */
  setFailing(failing: boolean): void {
    this.failing = failing;
  }
}
