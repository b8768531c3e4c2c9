import type { Clipboard } from '../ports/clipboard.ts';
import type { KeyValueStore } from '../ports/key-value-store.ts';
import type { Notifier } from '../ports/notifier.ts';
import type { ApiClient } from '../request/api-client.ts';
import { DEFAULT_ANDROID_VERSION, DownloadCalls, safeLink, type DownloadAnswer, type DownloadInfo } from './download-protocol.ts';

export { DEFAULT_ANDROID_VERSION, safeLink, type DownloadInfo } from './download-protocol.ts';

/** Local storage key of the last known download link (spec: localStorage shareLink). */
export const SHARE_LINK_KEY = 'shareLink';

const DownloadTexts = {
  copied: '链接已复制',
  copyFailed: '复制失败',
} as const;

/** The spec's default toast: 1500 ms at the bottom. */
const DOWNLOAD_TOAST_MS = 1500;

/** Info with the default version and every link empty. */
const EMPTY_DOWNLOAD_INFO: DownloadInfo = {
  AndroidDownloadURL: '',
  AndroidVer: DEFAULT_ANDROID_VERSION,
  ...{ iPhoneDownloadURL: '', iPhoneVer: '', iPhoneMemo: '', iPadDownloadURL: '', iPadVer: '', iPadMemo: '' },
  ...{ PCDownloadURL: '', PCVer: '', PCMemo: '', MacDownloadURL: '', MacVer: '', MacMemo: '', TVDownloadURL: '', TVVer: '', TVMemo: '' },
};

/**
 * The download info the page shows: the answer's (none: the defaults), its Android link from androidUrl (or
 * AndroidDownloadURL), else the stored shareLink.
 */
export function downloadInfoOf(answer: DownloadAnswer | null, storedLink: string | null): DownloadInfo {
  const { androidUrl, ...info } = answer ?? { ...EMPTY_DOWNLOAD_INFO, androidUrl: '' };
  return { ...info, AndroidDownloadURL: androidUrl || info.AndroidDownloadURL || safeLink(storedLink ?? '') };
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
    return downloadInfoOf(null, this.local.get(SHARE_LINK_KEY));
  }

  async load(): Promise<DownloadInfo> {
    let answer: DownloadAnswer;
    try {
      answer = await this.api.request(DownloadCalls.info, {}, { suppressTips: true });
    } catch {
      return this.initial();
    }
    const info = downloadInfoOf(answer, this.local.get(SHARE_LINK_KEY));
    if (answer.androidUrl !== '') this.local.set(SHARE_LINK_KEY, answer.androidUrl);
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
