import type { Unsubscribe } from './page-visibility.ts';

/** A <video> of the page, opaque to the core (the UI hands it over). */
export type PictureInPictureTarget = object;

/** The browser's picture-in-picture window for a video (a small window over other apps), where it offers one. */
export interface PictureInPicture {
  /** False where the browser offers no picture-in-picture (the 小窗 button is hidden). */
  supported(): boolean;
  /** A video of the page plays in the small window now. */
  active(): boolean;
  /** Moves the video into the small window; resolves whether it did (false when refused or unsupported). */
  enter(target: PictureInPictureTarget): Promise<boolean>;
  /** Brings the video back into the page (nothing when none is in the small window). */
  exit(): Promise<void>;
  /** Tells the listener each time the small window opens or closes, also when the viewer closes it. */
  onChange(listener: (active: boolean) => void): Unsubscribe;
}
export const PictureInPicture = Symbol('PictureInPicture');
