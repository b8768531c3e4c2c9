import { describe, expect, it } from 'vitest';
import type { Navigator, Query } from '../../src/core/ports/navigator.ts';

export interface NavigatorHarness {
  navigator: Navigator;
  /** Waits until a navigation has taken effect (routers may apply some asynchronously). */
  settle(): Promise<void>;
  /** Addresses openUrl sent out of the app, oldest first. */
  opened(): { url: string; newWindow: boolean }[];
}

/** makeHarness(path, query): history holding that one entry. Routes known: /, /home, /login, /video/:id. */
export function navigatorContract(name: string, makeHarness: (path: string, query: Query) => NavigatorHarness): void {
  describe(`Navigator contract: ${name}`, () => {
    it('tells the current path and query', () => {
      const { navigator } = makeHarness('/home', { tab: '2', from: '分享' });
      expect(navigator.current()).toEqual({ path: '/home', query: { tab: '2', from: '分享' } });
    });

    it('pushes a path with its query, and back returns', async () => {
      const h = makeHarness('/home', {});
      h.navigator.push('/video/7', { from: 'home', q: 'a b&c=d/?#中' });
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/video/7', query: { from: 'home', q: 'a b&c=d/?#中' } });
      h.navigator.back();
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/home', query: {} });
    });

    it('replaces the current entry, so back skips it', async () => {
      const h = makeHarness('/', { a: '1' });
      h.navigator.push('/video/1');
      await h.settle();
      h.navigator.replace('/login', { redirect: '/video/1' });
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/login', query: { redirect: '/video/1' } });
      h.navigator.back();
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/', query: { a: '1' } });
    });

    it('stays put when going back from the first entry', async () => {
      const h = makeHarness('/home', { x: 'y' });
      h.navigator.back();
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/home', query: { x: 'y' } });
    });

    it('keeps a query written into the path, the given query winning on shared keys', async () => {
      const h = makeHarness('/', {});
      h.navigator.push('/home?tab=1&keep=yes', { tab: '3' });
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/home', query: { tab: '3', keep: 'yes' } });
    });

    it('opens an address out of the app without touching the history', async () => {
      const h = makeHarness('/home', { a: '1' });
      h.navigator.openUrl('https://example.com/ad?id=1', { newWindow: true });
      h.navigator.openUrl('qiyu://open?path=%2Fhome', { newWindow: false });
      await h.settle();
      expect(h.opened()).toEqual([
        { url: 'https://example.com/ad?id=1', newWindow: true },
        { url: 'qiyu://open?path=%2Fhome', newWindow: false },
      ]);
      expect(h.navigator.current()).toEqual({ path: '/home', query: { a: '1' } });
    });

    it('carries route parameters as state of the entry, not in the address; back leaves them behind', async () => {
      const h = makeHarness('/home', {});
      h.navigator.push('/video/3', { toUid: '9' }, { type: 'pay', msgParams: '{"name":"月卡"}' });
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/video/3', query: { toUid: '9' }, state: { type: 'pay', msgParams: '{"name":"月卡"}' } });
      h.navigator.push('/login');
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/login', query: {} });
      expect(h.navigator.current().state).toBeUndefined();
      h.navigator.back();
      await h.settle();
      expect(h.navigator.current().state).toEqual({ type: 'pay', msgParams: '{"name":"月卡"}' });
      h.navigator.replace('/home', {}, { type: 'x' });
      await h.settle();
      expect(h.navigator.current()).toEqual({ path: '/home', query: {}, state: { type: 'x' } });
    });

    it('hands out a query the caller cannot use to change the history', async () => {
      const h = makeHarness('/home', { a: '1' });
      h.navigator.current().query.a = 'changed';
      expect(h.navigator.current().query).toEqual({ a: '1' });
    });
  });
}
