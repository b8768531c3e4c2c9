import type { KeyValueStore } from '../../src/core/ports/key-value-store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Cookies of the page (path=/). Names are encodeURIComponent'd; values too, except for the characters a
 * cookie value may carry as they are (as js-cookie writes them), so a cookie like googtrans=/zh-CN/zh-TW
 * stays readable by other scripts.
 */
export class CookieKeyValueStore implements KeyValueStore {
  constructor(
    private readonly doc: { cookie: string },
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: string): string | null {
    for (const pair of this.doc.cookie.split(';')) {
      const at = pair.indexOf('=');
      const name = decode((at < 0 ? pair : pair.slice(0, at)).trim());
      if (name === key) return at < 0 ? '' : decode(pair.slice(at + 1).trim());
    }
    return null;
  }

  set(key: string, value: string, options: { days?: number } = {}): void {
    const expires = options.days === undefined ? '' : `; expires=${new Date(this.now() + options.days * DAY_MS).toUTCString()}`;
    this.doc.cookie = `${encodeName(key)}=${encodeValue(value)}${expires}; path=/`;
  }

  remove(key: string): void {
    this.doc.cookie = `${encodeName(key)}=; expires=${new Date(0).toUTCString()}; path=/`;
  }
}

function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%(2[346BF]|3[AC-F]|40|5[BDE]|60|7[BCD])/g, decodeURIComponent);
}

function encodeName(name: string): string {
  return encodeURIComponent(name);
}

/** Decodes a cookie name or value; text that does not decode is returned as it is. */
function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
