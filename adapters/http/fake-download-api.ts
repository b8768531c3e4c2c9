import { DownloadCalls } from '../../src/core/download/download-protocol.ts';
import type { DownloadAnswer } from '../../src/core/download/download-protocol.ts';
import { fakeApi, ok } from './fake-api-kit.ts';
import type { FakeHttp } from './fake-http.ts';

/** The imitation's state, for tests to arrange and read: the Android release (its link '' for the served package). */
export interface FakeDownloadState {
  android: { version: string; url: string };
  /** The origin the served package's link starts with. */
  origin: string;
}

const OTHER_PLATFORMS = ['iPhone', 'iPad', 'PC', 'Mac', 'TV'] as const;

/**
 * An in-memory imitation of the reference server's download call, answering what download-protocol.ts declares
 * (test/contract/download-protocol.test.ts runs one suite against it and the server).
 */
export function installFakeDownloadApi(http: FakeHttp): FakeDownloadState {
  const state: FakeDownloadState = { android: { version: '1.6.3', url: '' }, origin: 'http://localhost' };
  fakeApi(http).serve(DownloadCalls.info, 'optional', () => {
    const link = state.android.url || `${state.origin}/download/qiyu-${state.android.version}.apk`;
    const info: Record<string, string> = { androidUrl: link, AndroidDownloadURL: link, AndroidVer: state.android.version };
    for (const platform of OTHER_PLATFORMS) {
      info[`${platform}DownloadURL`] = '';
      info[`${platform}Ver`] = '';
      info[`${platform}Memo`] = '';
    }
    return ok(info as unknown as DownloadAnswer);
  });
  return state;
}
