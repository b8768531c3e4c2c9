import type { Unsubscribe } from './page-visibility.ts';

/** What goes fullscreen: an element of the page, opaque to the core (the UI hands it over). */
export type FullscreenTarget = object;

/** The page's fullscreen mode (the Fullscreen API, where the browser has one for elements). */
export interface Fullscreen {
  /** False where elements cannot go fullscreen (iPhone Safari): the app then fills the window itself. */
  supported(): boolean;
  /** Asks for the target to fill the screen; resolves whether it did (false when refused or unsupported). */
  enter(target: FullscreenTarget): Promise<boolean>;
  /** Leaves fullscreen (nothing when not fullscreen). */
  exit(): Promise<void>;
  /** An element is fullscreen now. */
  active(): boolean;
  /** Tells the listener each time fullscreen starts or ends, also when the user leaves it (Esc, back gesture). */
  onChange(listener: (active: boolean) => void): Unsubscribe;
}
export const Fullscreen = Symbol('Fullscreen');
