import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { extname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The demo clips folder (committed; made by scripts/make-media.sh). */
export const DEMO_MEDIA_DIR = fileURLToPath(new URL('../../demo-media/', import.meta.url));

const MEDIA_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
};

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}$/;
const MAX_SEGMENTS = 4;

/**
 * The segments of a relative media path, or undefined when it is not a plain path to a media file:
 * empty segments, `.`/`..`, hidden names, backslashes, NUL, colons, too deep, or another extension.
 */
export function safeMediaSegments(raw: string): string[] | undefined {
  const segments = raw.split('/');
  if (segments.length === 0 || segments.length > MAX_SEGMENTS) return undefined;
  if (!segments.every((segment) => SEGMENT.test(segment) && !segment.includes('..'))) return undefined;
  return MEDIA_CONTENT_TYPES[extname(raw).toLowerCase()] === undefined ? undefined : segments;
}

export interface FoundFile {
  absolute: string;
  stats: Stats;
}

/** The regular file at `segments` inside `root` (symbolic links only when they stay inside). */
export async function findFileInside(root: string, segments: readonly string[]): Promise<FoundFile | undefined> {
  try {
    const realRoot = await realpath(root);
    const absolute = await realpath(join(realRoot, ...segments));
    if (!absolute.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep)) return undefined;
    const stats = await stat(absolute);
    return stats.isFile() ? { absolute, stats } : undefined;
  } catch {
    return undefined;
  }
}

type ByteRange = { start: number; end: number };

/**
 * The `Range` header against a file of `size` bytes: undefined to send the whole file (no header,
 * another unit, or several ranges), a range to send 206, or 'unsatisfiable' (416) for a malformed
 * single byte range or one outside the file.
 */
function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (!/^bytes=/i.test(trimmed)) return undefined;
  const spec = trimmed.slice('bytes='.length).trim();
  if (spec.includes(',')) return undefined;
  const match = /^(\d{0,15})-(\d{0,15})$/.exec(spec);
  if (!match) return 'unsatisfiable';
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || (to !== '' && Number(to) < start)) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a media file with its content type, validators, `cache-control` and range support
 * (206 with Content-Range; 416 with `bytes *\/size` and the JSON body `unsatisfiable`).
 */
export function sendMediaFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: FoundFile,
  cacheControl: string,
  unsatisfiable: () => unknown,
): FastifyReply {
  const size = file.stats.size;
  const etag = `"${size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}"`;
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', etag)
    .header('last-modified', file.stats.mtime.toUTCString())
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .type(MEDIA_CONTENT_TYPES[extname(file.absolute).toLowerCase()] ?? 'application/octet-stream');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`)) {
    return reply.code(304).send();
  }
  // If-Range with another validator than the current one: the whole file.
  const ifRange = request.headers['if-range'];
  const range = typeof ifRange === 'string' && ifRange.trim() !== etag ? undefined : parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(unsatisfiable());
  }
  if (range === undefined) {
    return reply.code(200).header('content-length', size).send(createReadStream(file.absolute));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(createReadStream(file.absolute, { start: range.start, end: range.end }));
}
