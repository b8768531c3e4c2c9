import type { Fullscreen, FullscreenTarget } from '../../src/core/ports/fullscreen.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** Fullscreen a test steers: supported or not, refusing or granting, left by the viewer (Esc). */
export class FakeFullscreen implements Fullscreen {
  /** The element fullscreen now, null when none. */
  element: FullscreenTarget | null = null;
  private readonly listeners = new Set<(active: boolean) => void>();
  private readonly isSupported: boolean;
  private refusing = false;

  constructor(options: { supported?: boolean } = {}) {
    this.isSupported = options.supported ?? true;
  }

  supported(): boolean {
    return this.isSupported;
  }

  active(): boolean {
    return this.element !== null;
  }

  /** The next requests are refused (as a browser does without a user gesture). */
  refuse(refusing = true): void {
    this.refusing = refusing;
  }

  async enter(target: FullscreenTarget): Promise<boolean> {
    if (!this.isSupported || this.refusing) return false;
    if (this.element === target) return true;
    this.element = target;
    this.tell(true);
    return true;
  }

  async exit(): Promise<void> {
    if (this.element === null) return;
    this.element = null;
    this.tell(false);
  }

  /** The viewer leaves fullscreen themselves (Esc, the back gesture). */
  leaveByUser(): void {
    void this.exit();
  }

  onChange(listener: (active: boolean) => void): Unsubscribe {
    const own = (active: boolean) => listener(active);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  private tell(active: boolean): void {
    for (const listener of [...this.listeners]) listener(active);
  }
}
