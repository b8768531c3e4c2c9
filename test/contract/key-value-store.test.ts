// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { CookieKeyValueStore } from '../../adapters/storage/cookie-key-value-store.ts';
import { MemoryKeyValueStore } from '../../adapters/storage/memory-key-value-store.ts';
import { WebKeyValueStore } from '../../adapters/storage/web-key-value-store.ts';
import { keyValueStoreContract } from './key-value-store.contract.ts';

function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

keyValueStoreContract('WebKeyValueStore over localStorage', () => {
  localStorage.clear();
  return new WebKeyValueStore(localStorage);
});
keyValueStoreContract('WebKeyValueStore over sessionStorage', () => {
  sessionStorage.clear();
  return new WebKeyValueStore(sessionStorage);
});
keyValueStoreContract('CookieKeyValueStore over document', () => {
  clearCookies();
  return new CookieKeyValueStore(document);
});
keyValueStoreContract('MemoryKeyValueStore', () => new MemoryKeyValueStore());

describe('WebKeyValueStore', () => {
  it('treats storage that throws (disabled, quota) as an empty store', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    const store = new WebKeyValueStore(broken);
    expect(() => store.set('a', 'b')).not.toThrow();
    expect(store.get('a')).toBeNull();
    expect(() => store.remove('a')).not.toThrow();
  });
});

describe('CookieKeyValueStore', () => {
  /** A document that records what is written to document.cookie. */
  function recordingDoc(cookie = '') {
    const written: string[] = [];
    return {
      written,
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        written.push(value);
      },
    };
  }

  it('writes path=/ and, given days, an expiry that many days ahead', () => {
    const doc = recordingDoc();
    const now = Date.UTC(2026, 0, 1);
    const store = new CookieKeyValueStore(doc, () => now);
    store.set('userInfo', '{"a":"b c;"}');
    store.set('googtrans', '/zh-CN/zh-TW', { days: 365 });
    expect(doc.written[0]).toBe('userInfo={%22a%22:%22b%20c%3B%22}; path=/');
    expect(doc.written[1]).toBe(`googtrans=/zh-CN/zh-TW; expires=${new Date(now + 365 * 86_400_000).toUTCString()}; path=/`);
  });

  it('removes with an expired cookie on the same path', () => {
    const doc = recordingDoc();
    new CookieKeyValueStore(doc).remove('userInfo');
    expect(doc.written).toEqual(['userInfo=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/']);
  });

  it('reads cookies other scripts wrote, returning undecodable values as they are', () => {
    const store = new CookieKeyValueStore(recordingDoc('a=1; broken=%E0%A4%A; googtrans=/zh-CN/zh-TW; empty=; flag'));
    expect(store.get('broken')).toBe('%E0%A4%A');
    expect(store.get('googtrans')).toBe('/zh-CN/zh-TW');
    expect(store.get('empty')).toBe('');
    expect(store.get('flag')).toBe('');
    expect(store.get('a')).toBe('1');
  });

  it('drops a cookie from the document when removed (happy-dom)', () => {
    clearCookies();
    const store = new CookieKeyValueStore(document);
    store.set('keep', '1');
    store.set('drop', '2', { days: 1 });
    store.remove('drop');
    expect(document.cookie).toBe('keep=1');
  });
});

describe('MemoryKeyValueStore', () => {
  it('starts from seed entries and lists its entries', () => {
    const store = new MemoryKeyValueStore({ user: 'u', visitorId: 'v' });
    store.set('extra', 'x', { days: 7 });
    expect(store.entries()).toEqual([
      ['user', 'u'],
      ['visitorId', 'v'],
      ['extra', 'x'],
    ]);
    expect(store.daysOf('extra')).toBe(7);
    expect(new MemoryKeyValueStore([['a', '1']]).get('a')).toBe('1');
  });
});
