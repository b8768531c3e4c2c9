/**
 * The download page's call, declared once (src/core/request/protocol.ts): the app's DownloadService sends it, the
 * reference server (server/support/routes.ts) serves it, the fake (adapters/http/fake-download-api.ts) answers it.
 * The path is not in the spec: ours.
 */
import { call } from '../request/protocol.ts';

/** Download info (spec section 3): the Android link and version, and the link, version and memo of each other platform. */
export interface DownloadInfo {
  AndroidDownloadURL: string;
  AndroidVer: string;
  iPhoneDownloadURL: string;
  iPhoneVer: string;
  iPhoneMemo: string;
  iPadDownloadURL: string;
  iPadVer: string;
  iPadMemo: string;
  PCDownloadURL: string;
  PCVer: string;
  PCMemo: string;
  MacDownloadURL: string;
  MacVer: string;
  MacMemo: string;
  TVDownloadURL: string;
  TVVer: string;
  TVMemo: string;
}

/** GetDownloadUrl's answer: the info, with the Android link also as androidUrl (the link the app keeps as shareLink). */
export interface DownloadAnswer extends DownloadInfo {
  androidUrl: string;
}

export const DownloadCalls = {
  /** The download info. Visitors too. */
  info: call<DownloadAnswer>()({ method: 'GET', path: '/api/home/GetDownloadUrl', carrier: 'query', params: {} }),
} as const;
