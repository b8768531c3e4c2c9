import type { LocalFile, PickedFiles } from '../../core/ports/local-files.ts';
import { CropLimits } from './crop-geometry.ts';
import type { CropRect, PostingMedia } from './posting-media.ts';
import { captureFirstFrame, captureFrames, cropToJpeg, loadImage, readVideoDuration } from './video-frames.ts';

/** PostingMedia in the browser: object URLs, a detached video element for durations and frames, canvas crops. */
export class BrowserPostingMedia implements PostingMedia {
  /**
   * Frame URLs of the draft's video, so revisiting the poster page does not decode it again. One draft has one
   * video: the frames made before are revoked when other frames are asked for.
   */
  private readonly frameUrls = new Map<string, string[]>();

  constructor(private readonly files: Pick<PickedFiles, 'adopt' | 'objectUrl'>) {}

  adopt(file: Blob, name?: string): LocalFile {
    return this.files.adopt(file, name);
  }

  urlOf(file: LocalFile): string {
    return this.files.objectUrl(file);
  }

  previewUrl(file: Blob): string {
    return URL.createObjectURL(file);
  }

  releaseUrl(url: string): void {
    if (url.startsWith('blob:')) URL.revokeObjectURL(url);
  }

  duration(file: LocalFile): Promise<number> {
    return readVideoDuration(this.urlOf(file));
  }

  async frames(file: LocalFile, count: number): Promise<string[]> {
    const made = this.frameUrls.get(file.id);
    if (made && made.length === count) return made;
    for (const urls of this.frameUrls.values()) urls.forEach((url) => URL.revokeObjectURL(url));
    this.frameUrls.clear();
    const blobs = await captureFrames(this.urlOf(file), count);
    const urls = blobs.map((blob) => URL.createObjectURL(blob));
    this.frameUrls.set(file.id, urls);
    return urls;
  }

  async firstFrame(file: LocalFile): Promise<LocalFile> {
    const blob = await captureFirstFrame(this.urlOf(file));
    return this.adopt(blob, 'cover.jpg');
  }

  async crop(source: string, rect: CropRect): Promise<LocalFile> {
    const image = await loadImage(source);
    const blob = await cropToJpeg(image, rect, { width: CropLimits.outputWidth, height: CropLimits.outputHeight, quality: CropLimits.outputQuality });
    return this.adopt(blob, 'cover.jpg');
  }
}
