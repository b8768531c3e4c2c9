/**
 * The Aliyun-OSS-style `x-oss-process` value the app appends to image URLs, e.g.
 * `image/resize,m_fill,w_400,h_225/format,jpg`. Only the subset the app uses is accepted:
 * anything else is refused (the caller answers HTTP 400, ret 1002). An accepted request is made
 * as the nearest of the few variants the app's display rules ask for (`variantOf`).
 */
import { cropHeight, nearestImageWidth } from '../../src/core/display/image-sizes.ts';

type ResizeMode = 'fill' | 'lfit';
export type OutputFormat = 'jpeg' | 'png' | 'webp';

interface ResizeOp {
  /** fill: cover the w×h box and crop the centre; lfit: fit inside, never enlarge. */
  mode: ResizeMode;
  width?: number;
  height?: number;
}

export interface ImageProcess {
  resize?: ResizeOp;
  format?: OutputFormat;
}

/** Largest accepted `w_`/`h_`. */
const MAX_DIMENSION = 4096;
/** Longer values are refused without parsing. */
const MAX_PROCESS_LENGTH = 200;

export class ProcessParamError extends Error {
  constructor(detail: string) {
    super(`bad x-oss-process: ${detail}`);
    this.name = 'ProcessParamError';
  }
}

const FORMATS: Readonly<Record<string, OutputFormat>> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp' };

function dimension(key: string, raw: string): number {
  if (!/^[1-9]\d{0,3}$/.test(raw)) throw new ProcessParamError(`${key}_${raw}`);
  const value = Number(raw);
  if (value > MAX_DIMENSION) throw new ProcessParamError(`${key}_${raw} exceeds ${MAX_DIMENSION}`);
  return value;
}

function parseResize(args: readonly string[]): ResizeOp {
  const seen = new Set<string>();
  let mode: ResizeMode | undefined;
  let width: number | undefined;
  let height: number | undefined;
  for (const arg of args) {
    const separator = arg.indexOf('_');
    if (separator <= 0) throw new ProcessParamError(`resize argument "${arg}"`);
    const key = arg.slice(0, separator);
    const raw = arg.slice(separator + 1);
    if (seen.has(key)) throw new ProcessParamError(`resize ${key} given twice`);
    seen.add(key);
    if (key === 'm') {
      if (raw !== 'fill' && raw !== 'lfit') throw new ProcessParamError(`resize mode "${raw}"`);
      mode = raw;
    } else if (key === 'w') {
      width = dimension(key, raw);
    } else if (key === 'h') {
      height = dimension(key, raw);
    } else {
      throw new ProcessParamError(`resize argument "${arg}"`);
    }
  }
  if (width === undefined && height === undefined) throw new ProcessParamError('resize without w or h');
  return {
    mode: mode ?? 'lfit',
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
  };
}

function parseFormat(args: readonly string[]): OutputFormat {
  const format = args.length === 1 && args[0] !== undefined ? FORMATS[args[0]] : undefined;
  if (format === undefined) throw new ProcessParamError(`format "${args.join(',')}"`);
  return format;
}

/** Parses an `x-oss-process` value; throws ProcessParamError for anything outside the contract. */
export function parseImageProcess(raw: string): ImageProcess {
  if (raw.length > MAX_PROCESS_LENGTH) throw new ProcessParamError('too long');
  if (!raw.startsWith('image/')) throw new ProcessParamError('must start with image/');
  const result: ImageProcess = {};
  for (const part of raw.slice('image/'.length).split('/')) {
    const [op, ...args] = part.split(',');
    if (op === 'resize') {
      if (result.resize !== undefined) throw new ProcessParamError('resize given twice');
      result.resize = parseResize(args);
    } else if (op === 'format') {
      if (result.format !== undefined) throw new ProcessParamError('format given twice');
      result.format = parseFormat(args);
    } else {
      throw new ProcessParamError(`unknown operation "${op ?? ''}"`);
    }
  }
  return result;
}

/** One spelling per meaning (jpg and jpeg alike, argument order ignored): the cache key part. */
export function canonicalProcess(process: ImageProcess): string {
  const parts: string[] = [];
  if (process.resize) {
    const { mode, width, height } = process.resize;
    parts.push(`resize,m_${mode}${width !== undefined ? `,w_${width}` : ''}${height !== undefined ? `,h_${height}` : ''}`);
  }
  if (process.format) parts.push(`format,${process.format}`);
  return ['image', ...parts].join('/');
}

/**
 * The variant made for an accepted request, so one image has only a few resized copies however many
 * sizes are asked: the width snaps to the nearest of IMAGE_WIDTHS (200…1000); with a width and a height
 * the height becomes the crop shape nearest to h÷w (IMAGE_ASPECTS: 16:9, 4:3, 1:1, 3:4, 9:16) at that
 * width; a height alone snaps like a width; one dimension alone is always m_lfit (keep the aspect
 * ratio, never enlarge). The format is kept. Per image: at most 5 × (5 × 2 + 1) + 5 sizes, and the
 * original size, in up to three formats.
 */
export function variantOf(process: ImageProcess): ImageProcess {
  const resize = process.resize;
  if (resize === undefined) return process;
  const { width, height } = resize;
  let variant: ResizeOp;
  if (width !== undefined && height !== undefined) {
    const snapped = nearestImageWidth(width);
    variant = { mode: resize.mode, width: snapped, height: cropHeight(snapped, height / width) };
  } else if (width !== undefined) {
    variant = { mode: 'lfit', width: nearestImageWidth(width) };
  } else {
    variant = { mode: 'lfit', height: nearestImageWidth(height ?? 0) };
  }
  return { ...process, resize: variant };
}
