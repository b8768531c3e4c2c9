import type { PictureInPicture, PictureInPictureTarget } from '../../src/core/ports/picture-in-picture.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** Picture-in-picture a test steers: offered or not, refusing or granting, closed by the viewer. */
export class FakePictureInPicture implements PictureInPicture {
  /** The video in the small window now, null when none. */
  element: PictureInPictureTarget | null = null;
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

  async enter(target: PictureInPictureTarget): Promise<boolean> {
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

  /** The viewer closes the small window (its × or back-to-tab button). */
  closeByUser(): void {
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
