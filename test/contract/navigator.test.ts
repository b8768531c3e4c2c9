import { createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MemoryNavigator } from '../../adapters/navigator/memory-navigator.ts';
import { RouterNavigator } from '../../adapters/navigator/router-navigator.ts';
import { navigatorContract } from './navigator.contract.ts';

const routes = ['/', '/home', '/login', '/video/:id'].map((path) => ({ path, element: null }));

navigatorContract('RouterNavigator over createMemoryRouter', (path, query) => {
  const search = new URLSearchParams(query).toString();
  const router = createMemoryRouter(routes, { initialEntries: [search ? `${path}?${search}` : path] });
  const opened: { url: string; newWindow: boolean }[] = [];
  const win = { open: (url: string) => opened.push({ url, newWindow: true }), location: { assign: (url: string) => void opened.push({ url, newWindow: false }) } };
  return { navigator: new RouterNavigator(router, () => win), settle: () => new Promise((resolve) => setTimeout(resolve, 0)), opened: () => opened };
});

navigatorContract('MemoryNavigator', (path, query) => {
  const navigator = new MemoryNavigator(path, query);
  return { navigator, settle: async () => {}, opened: () => navigator.opened };
});

describe('RouterNavigator', () => {
  it('asks the router to push, replace and go back', () => {
    const calls: unknown[][] = [];
    const navigator = new RouterNavigator({
      state: { location: { pathname: '/x', search: '?a=1&a=2&b=' } },
      navigate: (...args: unknown[]) => void calls.push(args),
    });
    expect(navigator.current()).toEqual({ path: '/x', query: { a: '2', b: '' } });
    navigator.push('/login', { redirect: '/x?a=1' });
    navigator.replace('/home');
    navigator.back();
    expect(calls).toEqual([['/login?redirect=%2Fx%3Fa%3D1'], ['/home', { replace: true }], [-1]]);
  });

  it('hands route parameters to the router as location state, never in the address', () => {
    const calls: unknown[][] = [];
    const navigator = new RouterNavigator({
      state: { location: { pathname: '/chat', search: '?toUid=5', state: { type: 'pay', msgParams: '{}', other: 1 } } },
      navigate: (...args: unknown[]) => void calls.push(args),
    });
    expect(navigator.current()).toEqual({ path: '/chat', query: { toUid: '5' }, state: { type: 'pay', msgParams: '{}' } });
    navigator.push('/chat', { toUid: '5' }, { type: 'pay', msgParams: '{"a":1}' });
    navigator.replace('/chat', { toUid: '5' }, { type: 'pay' });
    expect(calls).toEqual([
      ['/chat?toUid=5', { state: { type: 'pay', msgParams: '{"a":1}' } }],
      ['/chat?toUid=5', { replace: true, state: { type: 'pay' } }],
    ]);
  });
});

describe('MemoryNavigator', () => {
  it('starts at / and keeps its history for tests', () => {
    const navigator = new MemoryNavigator();
    navigator.push('/a', { q: '1' });
    navigator.replace('/b');
    expect(navigator.entries()).toEqual([
      { path: '/', query: {} },
      { path: '/b', query: {} },
    ]);
  });
});
