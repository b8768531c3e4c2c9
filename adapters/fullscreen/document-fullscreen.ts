import type { Fullscreen, FullscreenTarget } from '../../src/core/ports/fullscreen.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** An element that can ask for fullscreen (standard, or Safari's prefixed method). */
interface FullscreenElement {
  requestFullscreen?: () => Promise<void>;
  webkitRequestFullscreen?: () => void;
}

/** The parts of a document the Fullscreen API uses (standard and webkit-prefixed names). */
export interface FullscreenDocument {
  /** An element of the page (the root): where it has no request method, elements cannot go fullscreen. */
  readonly documentElement?: FullscreenElement | null;
  readonly fullscreenEnabled?: boolean;
  readonly webkitFullscreenEnabled?: boolean;
  readonly fullscreenElement?: unknown;
  readonly webkitFullscreenElement?: unknown;
  exitFullscreen?: () => Promise<void>;
  webkitExitFullscreen?: () => void;
  addEventListener(type: 'fullscreenchange' | 'webkitfullscreenchange', listener: () => void): void;
  removeEventListener(type: 'fullscreenchange' | 'webkitfullscreenchange', listener: () => void): void;
}

/** screen.orientation where it can be locked (Android Chrome in fullscreen). */
export interface LockableOrientation {
  lock?: (orientation: 'landscape') => Promise<void>;
  unlock?: () => void;
}

/** A <video> inside the target, as far as its shape goes. */
interface PictureElement {
  querySelector?: (selector: 'video') => { videoWidth: number; videoHeight: number } | null;
}

/**
 * The Fullscreen API of the document: the element fills the screen, and a phone turns to landscape where the
 * browser allows locking the orientation (not for a portrait picture: a short video stays upright). Unsupported
 * (iPhone Safari) when neither name is enabled or elements have no request method (the app then fills the window
 * with the player by CSS). Where the lock is refused on a phone held upright (`uprightHandheld`), fullscreen is
 * left again and `enter` answers false, so the app fills the window and turns the player by CSS instead of showing
 * a landscape picture small across an upright screen.
 */
export class DocumentFullscreen implements Fullscreen {
  constructor(
    private readonly doc: FullscreenDocument,
    private readonly orientation: LockableOrientation | null = null,
    private readonly uprightHandheld: () => boolean = () => false,
  ) {}

  supported(): boolean {
    // iPhone Safari fullscreens only a <video> (webkitEnterFullscreen): its elements have no request method.
    const root = this.doc.documentElement;
    if (root && !root.requestFullscreen && !root.webkitRequestFullscreen) return false;
    return this.doc.fullscreenEnabled === true || this.doc.webkitFullscreenEnabled === true;
  }

  active(): boolean {
    return (this.doc.fullscreenElement ?? this.doc.webkitFullscreenElement ?? null) !== null;
  }

  async enter(target: FullscreenTarget): Promise<boolean> {
    if (!this.supported()) return false;
    const element = target as FullscreenElement;
    try {
      if (element.requestFullscreen) await element.requestFullscreen();
      else if (element.webkitRequestFullscreen) element.webkitRequestFullscreen();
      else return false;
    } catch {
      return false;
    }
    const entered = this.active() || element.requestFullscreen === undefined;
    if (!entered || isPortrait(target)) return entered;
    // Landscape where allowed; a refusal (desktop, iPad, some web views) leaves the orientation as it is, and on a
    // phone held upright the app turns the player by CSS instead.
    if ((await this.lockLandscape()) || !this.uprightHandheld()) return true;
    await this.exit();
    return false;
  }

  private async lockLandscape(): Promise<boolean> {
    const lock = this.orientation?.lock;
    if (!lock) return false;
    try {
      await lock.call(this.orientation, 'landscape');
      return true;
    } catch {
      return false;
    }
  }

  async exit(): Promise<void> {
    if (!this.active()) return;
    try {
      this.orientation?.unlock?.();
    } catch {
      // not locked
    }
    try {
      if (this.doc.exitFullscreen) await this.doc.exitFullscreen();
      else this.doc.webkitExitFullscreen?.();
    } catch {
      // already left
    }
  }

  onChange(listener: (active: boolean) => void): Unsubscribe {
    const handler = () => listener(this.active());
    this.doc.addEventListener('fullscreenchange', handler);
    this.doc.addEventListener('webkitfullscreenchange', handler);
    return () => {
      this.doc.removeEventListener('fullscreenchange', handler);
      this.doc.removeEventListener('webkitfullscreenchange', handler);
    };
  }
}

/** The target shows a picture taller than wide (a short video): fullscreen keeps it upright. */
function isPortrait(target: FullscreenTarget): boolean {
  const video = (target as PictureElement).querySelector?.('video');
  return video !== null && video !== undefined && video.videoHeight > video.videoWidth;
}
