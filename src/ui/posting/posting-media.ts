import type { LocalFile } from '../../core/ports/local-files.ts';

/** The part of the picked image the cover is cut from (image pixels). */
export interface CropRect {
  sx: number;
  sy: number;
  sw: number;
  sh: number;
}

/**
 * What the posting screens need from the browser's media: keeping picked files for the core, URLs to show them,
 * a video's duration and still frames, and cutting the cover out of an image. The browser implementation is
 * BrowserPostingMedia (video elements and canvas); view-model tests give a fake.
 */
export interface PostingMedia {
  /** Keeps a picked file (or a made blob, with its name) and gives the core's handle to it. */
  adopt(file: Blob, name?: string): LocalFile;
  /** A URL to show or play a kept file ('' when unknown). */
  urlOf(file: LocalFile): string;
  /** A URL for a picked image that is not kept (the album picture the cropper opens); revoke with releaseUrl. */
  previewUrl(file: Blob): string;
  releaseUrl(url: string): void;
  /** The video's duration in seconds (0 when the browser cannot tell). Rejects when it is not a playable video. */
  duration(file: LocalFile): Promise<number>;
  /** `count` still frames spread over the video, as image URLs. */
  frames(file: LocalFile, count: number): Promise<string[]>;
  /** The video's first picture, kept as a JPEG file (the cover when none was chosen). */
  firstFrame(file: LocalFile): Promise<LocalFile>;
  /** The 3:4 cover cut from an image URL, kept as a JPEG file. */
  crop(source: string, rect: CropRect): Promise<LocalFile>;
}
export const PostingMedia = Symbol('PostingMedia');
