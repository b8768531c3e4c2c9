/** iOS major version from a user agent, null when it is not iOS (iPadOS in desktop mode reads as macOS: null). */
export function iosMajorVersion(userAgent: string): number | null {
  if (!/iPhone|iPad|iPod/.test(userAgent)) return null;
  const match = /OS (\d+)[_.]\d/.exec(userAgent);
  return match ? Number(match[1]) : null;
}

/**
 * iOS or iPadOS: an iPhone, iPad or iPod user agent (Safari, other browsers and native web views alike), or iPadOS
 * asking for desktop sites, whose agent reads as a Mac's though the device has a touch screen (no Mac has one).
 */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

/** The version below which iOS gets the low-version style (spec: iOS below 15). */
const IOS_LOW_VERSION_BELOW = 15;

export function isLowIos(userAgent: string): boolean {
  const major = iosMajorVersion(userAgent);
  return major !== null && major < IOS_LOW_VERSION_BELOW;
}

/** Safari on iOS: not Chrome, Firefox, Edge or an in-app browser for iOS. */
export function isIosSafari(userAgent: string): boolean {
  if (iosMajorVersion(userAgent) === null) return false;
  if (/CriOS|FxiOS|EdgiOS|OPiOS|MicroMessenger|QQ\/|Weibo|DingTalk|AlipayClient/.test(userAgent)) return false;
  return /Safari\//.test(userAgent) && /Version\//.test(userAgent);
}
