import { DEFAULT_ANDROID_VERSION } from '../../src/core/download/download-info.ts';
import type { DownloadAnswer } from '../../src/core/download/download-protocol.ts';
import type { AppRelease } from './support-repository.ts';

const OTHER_PLATFORMS = ['iPhone', 'iPad', 'PC', 'Mac', 'TV'] as const;

export function placeholderFileName(version: string): string {
  return `qiyu-${version}.apk`;
}

/**
 * The download info (spec section 3): androidUrl and AndroidDownloadURL (the same link), AndroidVer, and the URL,
 * version and memo of iPhone, iPad, PC, Mac and TV (empty unless a release row fills them). An Android release
 * without its own url links to the package this server serves, on the caller's origin.
 */
export function downloadInfo(releases: readonly AppRelease[], origin: string): DownloadAnswer {
  const byPlatform = new Map(releases.map((release) => [release.platform, release]));
  const android = byPlatform.get('android');
  const version = android?.version || DEFAULT_ANDROID_VERSION;
  const link = android?.url || `${origin}/download/${placeholderFileName(version)}`;
  const info: Record<string, string> = { androidUrl: link, AndroidDownloadURL: link, AndroidVer: version };
  for (const platform of OTHER_PLATFORMS) {
    const release = byPlatform.get(platform);
    info[`${platform}DownloadURL`] = release?.url ?? '';
    info[`${platform}Ver`] = release?.version ?? '';
    info[`${platform}Memo`] = release?.memo ?? '';
  }
  return info as unknown as DownloadAnswer;
}
