import type { PictureInPicture, PictureInPictureTarget } from '../../src/core/ports/picture-in-picture.ts';
import type { Unsubscribe } from '../../src/core/ports/page-visibility.ts';

/** A video that can go picture-in-picture: the standard method, or Safari's presentation modes. */
interface PipVideo {
  requestPictureInPicture?: () => Promise<unknown>;
  webkitSupportsPresentationMode?: (mode: string) => boolean;
  webkitSetPresentationMode?: (mode: string) => void;
  webkitPresentationMode?: string;
}

type PipEvent = 'enterpictureinpicture' | 'leavepictureinpicture' | 'webkitpresentationmodechanged';

/** The parts of a document the Picture-in-Picture API uses. */
export interface PictureInPictureDocument {
  readonly pictureInPictureEnabled?: boolean;
  readonly pictureInPictureElement?: unknown;
  exitPictureInPicture?: () => Promise<void>;
  addEventListener(type: PipEvent, listener: (event: unknown) => void, capture?: boolean): void;
  removeEventListener(type: PipEvent, listener: (event: unknown) => void, capture?: boolean): void;
}

const EVENTS: readonly PipEvent[] = ['enterpictureinpicture', 'leavepictureinpicture', 'webkitpresentationmodechanged'];

/**
 * The Picture-in-Picture API (document.pictureInPictureEnabled, video.requestPictureInPicture), with Safari's
 * presentation mode where only that exists. Unsupported where neither is offered (most phone browsers but Safari).
 */
export class DocumentPictureInPicture implements PictureInPicture {
  /** The video put in the small window through Safari's presentation mode. */
  private webkitVideo: PipVideo | null = null;

  constructor(
    private readonly doc: PictureInPictureDocument,
    /** Safari's presentation modes are offered (a video element's webkitSupportsPresentationMode says so). */
    private readonly webkitModes = false,
  ) {}

  supported(): boolean {
    return this.doc.pictureInPictureEnabled === true || this.webkitModes;
  }

  active(): boolean {
    if (this.webkitVideo) return this.webkitVideo.webkitPresentationMode === 'picture-in-picture';
    return (this.doc.pictureInPictureElement ?? null) !== null;
  }

  async enter(target: PictureInPictureTarget): Promise<boolean> {
    const video = target as PipVideo;
    try {
      if (this.doc.pictureInPictureEnabled === true && video.requestPictureInPicture) {
        await video.requestPictureInPicture();
        return this.active();
      }
      if (this.webkitModes && video.webkitSupportsPresentationMode?.('picture-in-picture') && video.webkitSetPresentationMode) {
        this.webkitVideo = video;
        video.webkitSetPresentationMode('picture-in-picture');
        return true;
      }
    } catch {
      // refused (no user gesture, the video has no picture yet)
    }
    return false;
  }

  async exit(): Promise<void> {
    const webkit = this.webkitVideo;
    if (webkit) {
      if (webkit.webkitPresentationMode === 'picture-in-picture') webkit.webkitSetPresentationMode?.('inline');
      return;
    }
    if ((this.doc.pictureInPictureElement ?? null) === null) return;
    try {
      await this.doc.exitPictureInPicture?.();
    } catch {
      // already left
    }
  }

  onChange(listener: (active: boolean) => void): Unsubscribe {
    // The events fire on the video and bubble; captured at the document so any video of the page is heard.
    const handler = () => listener(this.active());
    for (const type of EVENTS) this.doc.addEventListener(type, handler, true);
    return () => {
      for (const type of EVENTS) this.doc.removeEventListener(type, handler, true);
    };
  }
}
