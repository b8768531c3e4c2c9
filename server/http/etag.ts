import { createHash } from 'node:crypto';

/** An answer's JSON text, as UTF-8 bytes, and its validator. */
export interface SerializedAnswer {
  body: Buffer;
  etag: string;
}

/**
 * Serialized answers by the result a handler returned: a shared read hands back the same (cached, read-only) object
 * to every caller, so its text and ETag are computed once per cached value, not once per request.
 */
const serializedByResult = new WeakMap<object, SerializedAnswer>();

/** A weak ETag of the whole answer text (so an answer with a user's own fields has that user's ETag). */
export function etagOf(body: Buffer | string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The envelope of `result` as JSON bytes with their ETag, reused (not encoded again) while `result` is the same object. */
export function serializeAnswer(result: unknown, envelopeOf: (result: unknown) => unknown): SerializedAnswer {
  const memo = typeof result === 'object' && result !== null ? serializedByResult.get(result) : undefined;
  if (memo !== undefined) return memo;
  const body = Buffer.from(JSON.stringify(envelopeOf(result)), 'utf8');
  const answer = { body, etag: etagOf(body) };
  if (typeof result === 'object' && result !== null) serializedByResult.set(result, answer);
  return answer;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for If-None-Match; `*` matches any). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  const candidates = (Array.isArray(header) ? header.join(',') : header).split(',').map((tag) => tag.trim());
  return candidates.some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque);
}

/** Cache-Control of validated answers: the browser keeps them for this user only and asks again every time. */
export const REVALIDATE_PRIVATE = 'private, no-cache';
