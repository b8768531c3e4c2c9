import type { PageVisibility, Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** A page that tests hide and show; listeners hear each change. */
export class FakePageVisibility implements PageVisibility {
  private visible = true;
  private readonly listeners = new Set<(visible: boolean) => void>();
  private readonly isSupported: boolean;

  constructor(options: { supported?: boolean; visible?: boolean } = {}) {
    this.isSupported = options.supported ?? true;
    this.visible = options.visible ?? true;
  }

  supported(): boolean {
    return this.isSupported;
  }

  isVisible(): boolean {
    return this.visible;
  }

  onChange(listener: (visible: boolean) => void): Unsubscribe {
    const own = (visible: boolean) => listener(visible);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  hide(): void {
    this.change(false);
  }

  show(): void {
    this.change(true);
  }

  private change(visible: boolean): void {
    if (this.visible === visible) return;
    this.visible = visible;
    for (const listener of [...this.listeners]) listener(visible);
  }
}
