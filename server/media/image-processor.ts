import sharp from 'sharp';
import type { ImageProcess, OutputFormat } from './process-params.ts';

/** Decompression-bomb guard: sources above this many pixels are refused (about 8000×5000). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Larger source files are not decoded (refused like an oversized image). */
export const MAX_SOURCE_BYTES = 30 * 1024 * 1024;
const TIMEOUT_SECONDS = 15;
const JPEG_QUALITY = 80;
const WEBP_QUALITY = 80;

/** The source could not be decoded or is too large to process. */
export class UnprocessableImageError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'too-large',
    cause?: unknown,
  ) {
    super(reason === 'corrupt' ? 'image cannot be decoded' : 'image is too large to process', { cause });
    this.name = 'UnprocessableImageError';
  }
}

function isTooLarge(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * The m_fill box for a `width`×`height` crop of a `sourceWidth`×`sourceHeight` image: the box itself, or,
 * when the source is smaller in either direction, the same shape shrunk until it fits (never enlarged).
 */
function fillBox(width: number, height: number, sourceWidth: number, sourceHeight: number): { width: number; height: number } {
  const scale = sourceWidth > 0 && sourceHeight > 0 ? Math.min(1, sourceWidth / width, sourceHeight / height) : 1;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Applies `ops` to the encoded image `input`: EXIF orientation first, then the resize
 * (m_fill: cover and crop the centre; m_lfit: fit inside; neither enlarges), then encodes as
 * `ops.format` or else `sourceFormat`. JPEG output gets a white background under transparency.
 */
export async function processImage(
  input: Buffer,
  ops: ImageProcess,
  sourceFormat: OutputFormat,
  maxInputPixels: number = MAX_INPUT_PIXELS,
): Promise<Buffer> {
  if (input.length > MAX_SOURCE_BYTES) throw new UnprocessableImageError('too-large');
  const format = ops.format ?? sourceFormat;
  try {
    let pipeline = sharp(input, { limitInputPixels: maxInputPixels, failOn: 'error' })
      .timeout({ seconds: TIMEOUT_SECONDS })
      .rotate();
    const resize = ops.resize;
    if (resize?.mode === 'fill' && resize.width !== undefined && resize.height !== undefined) {
      const { autoOrient, width = 0, height = 0 } = await pipeline.metadata();
      const box = fillBox(resize.width, resize.height, autoOrient?.width ?? width, autoOrient?.height ?? height);
      pipeline = pipeline.resize({ ...box, fit: 'cover', position: 'centre' });
    } else if (resize) {
      pipeline = pipeline.resize({
        ...(resize.width !== undefined ? { width: resize.width } : {}),
        ...(resize.height !== undefined ? { height: resize.height } : {}),
        ...(resize.mode === 'fill'
          ? { fit: 'cover' as const, position: 'centre', withoutEnlargement: true }
          : { fit: 'inside' as const, withoutEnlargement: true }),
      });
    }
    if (format === 'jpeg') {
      pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, progressive: true, mozjpeg: true });
    } else if (format === 'webp') {
      pipeline = pipeline.webp({ quality: WEBP_QUALITY });
    } else {
      pipeline = pipeline.png();
    }
    return await pipeline.toBuffer();
  } catch (error) {
    throw new UnprocessableImageError(isTooLarge(error) ? 'too-large' : 'corrupt', error);
  }
}
