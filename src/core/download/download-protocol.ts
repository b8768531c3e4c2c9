/**
 * The download page's call, declared once (src/core/request/protocol.ts): the app's DownloadService sends it, the
 * reference server (server/support/routes.ts) serves it, the fake (adapters/http/fake-download-api.ts) answers it.
 * The path is not in the spec: ours.
 */
import { object, pipe, transform, type InferOutput } from 'valibot';
import { lenientAnswer } from '../request/answer-values.ts';
import { call } from '../request/protocol.ts';

/** Spec: default Android version. */
export const DEFAULT_ANDROID_VERSION = '1.6.3';

/** A link the page may open: http(s) or a path of this site; anything else (javascript:, data:) is dropped. */
export function safeLink(value: string): string {
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return '';
}

/** Text trimmed; '' when absent or not text. */
const trimmed = lenientAnswer((value) => (typeof value === 'string' ? value.trim() : ''));
/** A link the page may open ({@link safeLink}); '' when absent or unsafe. */
const link = lenientAnswer((value) => safeLink(typeof value === 'string' ? value.trim() : ''));

/** Download info (spec section 3): the Android link and version (1.6.3 when none), and the link, version and memo of each other platform. */
const downloadInfo = object({
  AndroidDownloadURL: link,
  AndroidVer: pipe(
    trimmed,
    transform((version) => version || DEFAULT_ANDROID_VERSION),
  ),
  iPhoneDownloadURL: link,
  iPhoneVer: trimmed,
  iPhoneMemo: trimmed,
  iPadDownloadURL: link,
  iPadVer: trimmed,
  iPadMemo: trimmed,
  PCDownloadURL: link,
  PCVer: trimmed,
  PCMemo: trimmed,
  MacDownloadURL: link,
  MacVer: trimmed,
  MacMemo: trimmed,
  TVDownloadURL: link,
  TVVer: trimmed,
  TVMemo: trimmed,
});

/** GetDownloadUrl's answer: the info, with the Android link also as androidUrl (the link the app keeps as shareLink). */
const downloadAnswer = object({ ...downloadInfo.entries, androidUrl: link });

export type DownloadInfo = InferOutput<typeof downloadInfo>;
export type DownloadAnswer = InferOutput<typeof downloadAnswer>;

export const DownloadCalls = {
  /** The download info. Visitors too. */
  info: call({ method: 'GET', path: '/api/home/GetDownloadUrl', carrier: 'query', params: {}, answer: downloadAnswer }),
} as const;
