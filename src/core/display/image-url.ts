import { cropHeight, requestWidth } from './image-sizes.ts';

export { IMAGE_WIDTHS, requestWidth } from './image-sizes.ts';
const URL_NOT_STRING = 'urlData不是字符串';
/** The processing parameter the image server reads (Aliyun OSS style; the reference server implements it). */
const IMAGE_PROCESS_PARAM = 'x-oss-process';

type ImageFormat = 'jpg' | 'png' | 'webp';

export interface ImageRequest {
  /** Width the image is shown at, in CSS pixels. */
  width: number;
  /** Height it is shown at; given, the image is cropped to the shape of IMAGE_ASPECTS nearest to width × height. */
  height?: number;
  /** Output format; jpg by default. Asking for one explicitly also formats png sources. */
  format?: ImageFormat;
}

export type ImageUrlResult = { ok: true; url: string } | { ok: false; message: typeof URL_NOT_STRING };

function extension(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
}

/** Sources left as they are: gif (animation), svg (vector), png unless a format is asked (transparency), non-http URLs, already processed ones. */
function leftUnformatted(url: string, format: ImageFormat | undefined): boolean {
  if (!/^(https?:)?\/\//i.test(url) && !url.startsWith('/')) return true;
  if (url.includes(`${IMAGE_PROCESS_PARAM}=`)) return true;
  const ext = extension(url);
  return ext === 'gif' || ext === 'svg' || (ext === 'png' && format === undefined);
}

/**
 * The address to load an image at its display size: width rounded up (×1.3) to one of the five widths,
 * cropped when a height is given (to the shape of IMAGE_ASPECTS nearest to the display box's, image-sizes.ts),
 * jpg unless another format is asked:
 * `<url>?x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg`. Unformatted cases come back unchanged;
 * a value that is not a string gives the message urlData不是字符串.
 */
export function formatImageUrl(urlData: unknown, request: ImageRequest): ImageUrlResult {
  if (typeof urlData !== 'string') return { ok: false, message: URL_NOT_STRING };
  const url = urlData.trim();
  if (!url || !(request.width > 0) || !Number.isFinite(request.width) || leftUnformatted(url, request.format)) return { ok: true, url };
  const width = requestWidth(request.width);
  const crop = request.height !== undefined && request.height > 0 && Number.isFinite(request.height);
  const resize = crop ? `resize,m_fill,w_${width},h_${cropHeight(width, (request.height ?? 0) / request.width)}` : `resize,m_lfit,w_${width}`;
  const process = `${IMAGE_PROCESS_PARAM}=image/${resize}/format,${request.format ?? 'jpg'}`;
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt >= 0 ? [url.slice(0, hashAt), url.slice(hashAt)] : [url, ''];
  return { ok: true, url: `${base}${base.includes('?') ? '&' : '?'}${process}${hash}` };
}
