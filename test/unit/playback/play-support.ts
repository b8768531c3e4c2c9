/** The playback fake with the viewer's settings (GetSettings) for headless playback tests (not a test file itself). */
import { installFakePlaybackApi, type FakePlaybackApi } from '../../../adapters/http/fake-playback-api.ts';
import type { FakeHttp } from '../../../adapters/http/fake-http.ts';
import { AccountPaths } from '../../../src/core/account/account-paths.ts';

export interface FakePlayApi extends FakePlaybackApi {
  /** What GetSettings answers. */
  settings: { autoPlayWhenWWAN: boolean; danmuOpen: boolean };
}

/** Playback's calls (adapters/http/fake-playback-api.ts) and the settings the player reads. */
export function installFakePlayApi(http: FakeHttp): FakePlayApi {
  const api: FakePlayApi = { ...installFakePlaybackApi(http), settings: { autoPlayWhenWWAN: false, danmuOpen: true } };
  http.route('GET', AccountPaths.getSettings, () => ({ body: { ret: 200, msg: '成功', data: { ...api.settings, enableNotify: true, onlyReceiveFriendMessage: false } } }));
  return api;
}
