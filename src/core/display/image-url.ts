/** The widths images are requested at; a wanted width is rounded up to one of them. */
export const IMAGE_WIDTHS = [200, 400, 600, 800, 1000] as const;
const WIDEST = 1000;
/** Images are requested at 1.3 times the width they are shown at. */
export const IMAGE_SCALE = 1.3;
export const URL_NOT_STRING = 'urlData不是字符串';
/** The processing parameter the image server reads (Aliyun OSS style; the reference server implements it). */
export const IMAGE_PROCESS_PARAM = 'x-oss-process';

export type ImageFormat = 'jpg' | 'png' | 'webp';

export interface ImageRequest {
  /** Width the image is shown at, in CSS pixels. */
  width: number;
  /** Height it is shown at; given, the image is cropped to that aspect ratio. */
  height?: number;
  /** Output format; jpg by default. Asking for one explicitly also formats png sources. */
  format?: ImageFormat;
}

export type ImageUrlResult = { ok: true; url: string } | { ok: false; message: typeof URL_NOT_STRING };

/** The width to request for an image shown `width` wide: 1.3 times, rounded up to 200/400/600/800/1000. */
export function requestWidth(width: number): number {
  const wanted = width * IMAGE_SCALE;
  return IMAGE_WIDTHS.find((w) => w >= wanted) ?? WIDEST;
}

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
 * cropped to the display aspect ratio when a height is given, jpg unless another format is asked:
 * `<url>?x-oss-process=image/resize,m_fill,w_400,h_225/format,jpg`. Unformatted cases come back unchanged;
 * a value that is not a string gives the message urlData不是字符串.
 */
export function formatImageUrl(urlData: unknown, request: ImageRequest): ImageUrlResult {
  if (typeof urlData !== 'string') return { ok: false, message: URL_NOT_STRING };
  const url = urlData.trim();
  if (!url || !(request.width > 0) || !Number.isFinite(request.width) || leftUnformatted(url, request.format)) return { ok: true, url };
  const width = requestWidth(request.width);
  const crop = request.height !== undefined && request.height > 0 && Number.isFinite(request.height);
  const resize = crop ? `resize,m_fill,w_${width},h_${Math.max(1, Math.round(((request.height ?? 0) * width) / request.width))}` : `resize,m_lfit,w_${width}`;
  const process = `${IMAGE_PROCESS_PARAM}=image/${resize}/format,${request.format ?? 'jpg'}`;
  const hashAt = url.indexOf('#');
  const [base, hash] = hashAt >= 0 ? [url.slice(0, hashAt), url.slice(hashAt)] : [url, ''];
  return { ok: true, url: `${base}${base.includes('?') ? '&' : '?'}${process}${hash}` };
}
