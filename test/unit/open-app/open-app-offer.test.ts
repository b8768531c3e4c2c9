import { describe, expect, it } from 'vitest';
import { offersOpenApp } from '../../../src/core/open-app/open-app-offer.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.6478.122 Mobile Safari/537.36';
const WECHAT_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; V2307A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MMWEBID/2247 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const ANDROID_WEBVIEW =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.122 Mobile Safari/537.36';
const DESKTOP_CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

describe('offersOpenApp: the APP内打开 offer shows only in a plain phone browser', () => {
  it('shows in iPhone Safari and Android Chrome', () => {
    expect(offersOpenApp(IPHONE_SAFARI, 'none')).toBe(true);
    expect(offersOpenApp(ANDROID_CHROME, 'none')).toBe(true);
  });

  it('does not show in WeChat, where the deep link is blocked, on Android or iPhone', () => {
    expect(offersOpenApp(WECHAT_ANDROID, 'none')).toBe(false);
    expect(offersOpenApp(WECHAT_IPHONE, 'none')).toBe(false);
  });

  it('does not show inside the native app, whatever the agent says', () => {
    expect(offersOpenApp(ANDROID_WEBVIEW, 'android')).toBe(false);
    expect(offersOpenApp(IPHONE_SAFARI, 'ios')).toBe(false);
    expect(offersOpenApp(ANDROID_CHROME, 'android')).toBe(false);
  });

  it('does not show on a desktop browser', () => {
    expect(offersOpenApp(DESKTOP_CHROME, 'none')).toBe(false);
    expect(offersOpenApp('', 'none')).toBe(false);
  });
});
