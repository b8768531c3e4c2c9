import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/**
 * A way of presenting an element that a test steers (the fakes of fullscreen and of picture-in-picture): offered
 * or not, refusing or granting, left by the viewer. One element at a time; listeners hear each change.
 */
export class FakePresentationMode<Target> {
  /** The element presented now, null when none. */
  element: Target | null = null;
  private readonly listeners = new Set<(active: boolean) => void>();
  private readonly offered: boolean;
  private refusing = false;

  constructor(options: { supported?: boolean } = {}) {
    this.offered = options.supported ?? true;
  }

  supported(): boolean {
    return this.offered;
  }

  active(): boolean {
    return this.element !== null;
  }

  /** The next requests are refused (as a browser does without a user gesture). */
  refuse(refusing = true): void {
    this.refusing = refusing;
  }

  async enter(target: Target): Promise<boolean> {
    if (!this.offered || this.refusing) return false;
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

  onChange(listener: (active: boolean) => void): Unsubscribe {
    const own = (active: boolean) => listener(active);
    this.listeners.add(own);
    return () => this.listeners.delete(own);
  }

  private tell(active: boolean): void {
    for (const listener of [...this.listeners]) listener(active);
  }
}
