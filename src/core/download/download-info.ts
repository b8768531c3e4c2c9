import type { Clipboard } from '../ports/clipboard.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Notifier } from '../ports/notifier.ts';
import type { ApiClient } from '../request/api-client.ts';
import { DownloadCalls, type DownloadInfo } from './download-protocol.ts';

export type { DownloadInfo } from './download-protocol.ts';

/** Local storage key of the last known download link (spec: localStorage shareLink). */
export const SHARE_LINK_KEY = 'shareLink';

/** Spec: default Android version. */
export const DEFAULT_ANDROID_VERSION = '1.6.3';

const DownloadTexts = {
  copied: '链接已复制',
  copyFailed: '复制失败',
} as const;

/** The spec's default toast: 1500 ms at the bottom. */
const DOWNLOAD_TOAST_MS = 1500;

const OTHER_PLATFORMS = ['iPhone', 'iPad', 'PC', 'Mac', 'TV'] as const;

/** Info with the default version and every link empty. */
function emptyDownloadInfo(): DownloadInfo {
  const info: Record<string, string> = { AndroidDownloadURL: '', AndroidVer: DEFAULT_ANDROID_VERSION };
  for (const platform of OTHER_PLATFORMS) {
    info[`${platform}DownloadURL`] = '';
    info[`${platform}Ver`] = '';
    info[`${platform}Memo`] = '';
  }
  return info as unknown as DownloadInfo;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** A link the page may open: http(s) or a path of this site; anything else (javascript:, data:) is dropped. */
export function safeLink(value: string): string {
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return '';
}

/**
 * The download info: the server's answer, its Android link from androidUrl (or AndroidDownloadURL), else the
 * stored shareLink; the version defaults to 1.6.3.
 */
export function readDownloadInfo(data: unknown, storedLink: string | null): DownloadInfo {
  const answer = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const info = emptyDownloadInfo() as unknown as Record<string, string>;
  for (const key of Object.keys(info)) {
    const value = text(answer[key]);
    if (value !== '') info[key] = key.endsWith('DownloadURL') ? safeLink(value) : value;
  }
  const link = safeLink(text(answer.androidUrl)) || info.AndroidDownloadURL || safeLink(storedLink ?? '');
  info.AndroidDownloadURL = link;
  return info as unknown as DownloadInfo;
}

/** Loads the download info; a successful answer's androidUrl is kept in local storage shareLink for next time. */
export class DownloadService {
  constructor(
    private readonly api: ApiClient,
    private readonly local: KeyValueStore,
    private readonly clipboard: Clipboard,
    private readonly notifier: Notifier,
  ) {}

  /** What the page shows before (or without) an answer: the stored link and the default version. */
  initial(): DownloadInfo {
    return readDownloadInfo(null, this.local.get(SHARE_LINK_KEY));
  }

  async load(): Promise<DownloadInfo> {
    let data: unknown;
    try {
      data = await this.api.request(DownloadCalls.info, {}, { suppressTips: true });
    } catch {
      return this.initial();
    }
    const info = readDownloadInfo(data, this.local.get(SHARE_LINK_KEY));
    const answered = safeLink(text((data as Record<string, unknown> | null)?.androidUrl));
    if (answered !== '') this.local.set(SHARE_LINK_KEY, answered);
    return info;
  }

  /** Copies the link: 链接已复制 on success, 复制失败 on failure (1500 ms, bottom). Resolves whether it was copied. */
  async copyLink(link: string): Promise<boolean> {
    let copied = link !== '';
    if (copied) {
      try {
        await this.clipboard.copy(link);
      } catch {
        copied = false;
      }
    }
    this.notifier.toast(copied ? DownloadTexts.copied : DownloadTexts.copyFailed, { durationMs: DOWNLOAD_TOAST_MS, position: 'bottom' });
    return copied;
  }
}
