import { describe, expect, it } from 'vitest';
import { isTvAgent } from '../../../src/core/shared-kernel/tv-agent.ts';
import { ANDROID_CHROME_UA, IPHONE_SAFARI_UA, NATIVE_WEBVIEW_UA, WECHAT_ANDROID_UA } from '../../e2e/support/devices.ts';

describe('isTvAgent (the login page, the diagnostics and the device list)', () => {
  it('knows smart TVs, TV boxes and sticks', () => {
    const tvs = [
      'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0 TV Safari/537.36',
      'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0 Safari/537.36 WebAppManager',
      'Mozilla/5.0 (Linux; Android 9; BRAVIA 4K GB Build/PTT1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; Android TV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 9; MiTV-MSSP1 Build/PTT1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/88.0 Safari/537.36',
    ];
    expect(tvs.filter((agent) => !isTvAgent(agent))).toEqual([]);
  });

  it('leaves phones alone, in their browsers and apps', () => {
    expect([IPHONE_SAFARI_UA, ANDROID_CHROME_UA, WECHAT_ANDROID_UA, NATIVE_WEBVIEW_UA].filter(isTvAgent)).toEqual([]);
  });
});
