import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '../../src/core/ports/key-value-store.ts';

/** Values that must come back exactly as stored. */
export const ROUND_TRIP_VALUES: readonly string[] = [
  'plain',
  '',
  '中文繁體 😀 emoji',
  JSON.stringify({ uid: 10001, token: 'a;b=c', nick: '小明 "quoted"', list: [1, null, true] }),
  'a;b=c; d=e',
  '  spaced  ',
  '%E4%B8%AD 100% literal',
  '/zh-CN/zh-TW',
  'comma,semicolon;backslash\\quote"',
  'plus+and&amp',
];

/** A fresh, empty store for each test. */
export function keyValueStoreContract(name: string, makeStore: () => KeyValueStore | Promise<KeyValueStore>): void {
  describe(`KeyValueStore contract: ${name}`, () => {
    it('answers null for a key never set', async () => {
      const store = await makeStore();
      expect(store.get('missing')).toBeNull();
    });

    it('gives back what was set, and the latest value after an overwrite', async () => {
      const store = await makeStore();
      store.set('user', 'first');
      expect(store.get('user')).toBe('first');
      store.set('user', 'second');
      expect(store.get('user')).toBe('second');
    });

    it('forgets a removed key and shrugs at removing a missing one', async () => {
      const store = await makeStore();
      store.set('visitorId', 'abc');
      store.remove('visitorId');
      expect(store.get('visitorId')).toBeNull();
      expect(() => store.remove('never-set')).not.toThrow();
    });

    it.each(ROUND_TRIP_VALUES.map((value) => [value]))('round-trips %j', async (value) => {
      const store = await makeStore();
      store.set('value', value);
      expect(store.get('value')).toBe(value);
    });

    it('keeps keys apart, even ones that share a prefix or suffix', async () => {
      const store = await makeStore();
      store.set('user', 'a');
      store.set('userInfo', 'b');
      store.set('xuser', 'c');
      expect([store.get('user'), store.get('userInfo'), store.get('xuser')]).toEqual(['a', 'b', 'c']);
      store.remove('user');
      expect([store.get('user'), store.get('userInfo'), store.get('xuser')]).toEqual([null, 'b', 'c']);
    });

    it('keeps a value given a lifetime in days', async () => {
      const store = await makeStore();
      store.set('googtrans', '/zh-CN/zh-TW', { days: 365 });
      expect(store.get('googtrans')).toBe('/zh-CN/zh-TW');
    });
  });
}
