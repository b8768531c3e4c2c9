import type { Fullscreen, FullscreenTarget } from '../../src/core/ports/fullscreen.ts';
import { FakePresentationMode } from '../presentation/fake-presentation-mode.ts';

/** Fullscreen a test steers: supported or not, refusing or granting, left by the viewer (Esc). */
export class FakeFullscreen extends FakePresentationMode<FullscreenTarget> implements Fullscreen {
  /** The viewer leaves fullscreen themselves (Esc, the back gesture). */
  leaveByUser(): void {
    void this.exit();
  }
}
