import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_MEDIA_CACHE_MAX_BYTES } from '../config.ts';
import { sendFailure } from '../http/envelope.ts';
import { Ret } from '../http/ret.ts';
import { MAX_INPUT_PIXELS, MAX_SOURCE_BYTES, UnprocessableImageError, processImage } from './image-processor.ts';
import { CONTENT_TYPES, findMediaFile, isPassThrough, safeMediaPath } from './media-files.ts';
import type { MediaFile, SourceKind } from './media-files.ts';
import { ProcessParamError, canonicalProcess, parseImageProcess, variantOf } from './process-params.ts';
import type { ImageProcess, OutputFormat } from './process-params.ts';
import { ProcessedImageCache } from './processed-cache.ts';

const MediaMessage = {
  BadProcess: '图片处理参数错误',
  NotFound: '图片不存在',
  Corrupt: '图片已损坏，无法处理',
  TooLarge: '图片过大，无法处理',
  Internal: '服务器繁忙，请稍后再试',
} as const;

/** The source vanished between finding and reading it. */
class SourceGoneError extends Error {}

/** `ret` of a source that cannot be processed (same as the HTTP status, like 404). */
const RET_UNPROCESSABLE_IMAGE = 415;

const PROCESSED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const ORIGINAL_CACHE_CONTROL = 'public, max-age=3600';
/** An SVG opened directly must not run scripts in the app's origin. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export interface MediaRoutesOptions {
  /** Folder served under /media/. */
  mediaDir: string;
  /** Folder of processed results. */
  cacheDir: string;
  /** Byte cap of that folder (least recently used files are evicted); default 256 MB. */
  cacheMaxBytes?: number;
  /** Decompression-bomb guard (tests lower it). */
  maxInputPixels?: number;
}

const EXTENSIONS: Readonly<Record<OutputFormat, string>> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

function sameTag(a: string, b: string): boolean {
  return a.replace(/^W\//, '') === b.replace(/^W\//, '');
}

/** Whether the client's copy (If-None-Match, else If-Modified-Since) is still current. */
function isNotModified(request: FastifyRequest, etag: string, lastModified: Date): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || sameTag(tag.trim(), etag));
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

function validators(reply: FastifyReply, etag: string, file: MediaFile, cacheControl: string): void {
  reply
    .header('etag', etag)
    .header('last-modified', file.stats.mtime.toUTCString())
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff');
}

/** `x-oss-process` from the query: undefined when absent; ProcessParamError when malformed. */
function processOf(request: FastifyRequest): ImageProcess | undefined {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const raw = query['x-oss-process'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new ProcessParamError('given more than once');
  return parseImageProcess(raw);
}

function sendOriginal(request: FastifyRequest, reply: FastifyReply, file: MediaFile, kind: SourceKind): FastifyReply {
  const etag = `W/"${file.stats.size.toString(16)}-${Math.floor(file.stats.mtimeMs).toString(16)}"`;
  validators(reply, etag, file, ORIGINAL_CACHE_CONTROL);
  if (kind === 'svg') reply.header('content-security-policy', SVG_CSP);
  if (isNotModified(request, etag, file.stats.mtime)) return reply.code(304).send();
  return reply
    .type(CONTENT_TYPES[kind])
    .header('content-length', file.stats.size)
    .send(createReadStream(file.absolute));
}

/**
 * `GET /media/*`: files of MEDIA_DIR (jpg, jpeg, png, webp, gif, svg). With
 * `?x-oss-process=image/resize,.../format,...` a resized copy made with sharp (at the nearest of the app's
 * sizes, never enlarged) and kept in `cacheDir` within `cacheMaxBytes` (LRU); gif and svg are always served
 * as they are. Errors answer JSON `{ ret, msg, data }`: 400/1002 bad process, 404/404 no such image, 415/415 a source that cannot be decoded.
 */
export function registerMediaRoutes(app: FastifyInstance, options: MediaRoutesOptions): void {
  const cache = new ProcessedImageCache(options.cacheDir, {
    maxBytes: options.cacheMaxBytes ?? DEFAULT_MEDIA_CACHE_MAX_BYTES,
    warn: (error, file) => {
      app.log.warn({ err: error, file }, 'media cache unavailable');
    },
  });
  const maxInputPixels = options.maxInputPixels ?? MAX_INPUT_PIXELS;

  app.get('/media/*', async (request, reply) => {
    const target = safeMediaPath((request.params as Record<string, string | undefined>)['*'] ?? '');
    let ops: ImageProcess | undefined;
    try {
      ops = processOf(request);
    } catch (error) {
      if (!(error instanceof ProcessParamError)) throw error;
      request.log.info({ reason: error.message }, 'bad image process');
      return sendFailure(reply, 400, Ret.BadParam, MediaMessage.BadProcess);
    }
    const file = target === undefined ? undefined : await findMediaFile(options.mediaDir, target.path);
    if (target === undefined || file === undefined) return sendFailure(reply, 404, Ret.NotFound, MediaMessage.NotFound);
    if (ops === undefined || isPassThrough(target.kind)) return sendOriginal(request, reply, file, target.kind);

    // Any accepted size is made as the nearest of the few variants the app asks for (process-params.ts).
    const requested = variantOf(ops);
    const sourceFormat = target.kind;
    const format = requested.format ?? sourceFormat;
    const key = createHash('sha256')
      .update(JSON.stringify([target.path, file.stats.mtimeMs, file.stats.size, canonicalProcess(requested)]))
      .digest('hex');
    const etag = `"${key.slice(0, 32)}"`;
    validators(reply, etag, file, PROCESSED_CACHE_CONTROL);
    if (isNotModified(request, etag, file.stats.mtime)) return reply.code(304).send();
    if (file.stats.size > MAX_SOURCE_BYTES) return sendFailure(reply, 415, RET_UNPROCESSABLE_IMAGE, MediaMessage.TooLarge);

    try {
      const { data, hit } = await cache.getOrCreate(key, EXTENSIONS[format], async () => {
        const source = await readFile(file.absolute).catch((error: unknown) => {
          throw new SourceGoneError('source unreadable', { cause: error });
        });
        return processImage(source, requested, sourceFormat, maxInputPixels);
      });
      return reply.header('x-media-cache', hit ? 'hit' : 'miss').type(CONTENT_TYPES[format]).send(data);
    } catch (error) {
      reply.removeHeader('etag').removeHeader('last-modified');
      if (error instanceof SourceGoneError) return sendFailure(reply, 404, Ret.NotFound, MediaMessage.NotFound);
      if (error instanceof UnprocessableImageError) {
        request.log.warn({ err: error.cause, path: target.path }, 'image cannot be processed');
        const message = error.reason === 'too-large' ? MediaMessage.TooLarge : MediaMessage.Corrupt;
        return sendFailure(reply, 415, RET_UNPROCESSABLE_IMAGE, message);
      }
      request.log.error({ err: error, path: target.path }, 'image processing failed');
      return sendFailure(reply, 500, Ret.Internal, MediaMessage.Internal);
    }
  });
}
