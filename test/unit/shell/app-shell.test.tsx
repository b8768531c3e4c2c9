// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHeadlessCore } from '../../../src/composition/headless.ts';
import { AppShell } from '../../../src/ui/app/app-shell.tsx';
import type { RouteHandle } from '../../../src/ui/app/route-handle.ts';
import { ContainerProvider } from '../../../src/ui/app/container-context.tsx';
import type { AppRoute } from '../../../src/ui/app/route-table.ts';
import { bindUi } from '../../../src/ui/app/ui-bindings.ts';
import { installTouchGuard, IOS_LOW_CLASS, markLowIos } from '../../../src/ui/shell/touch-guard.ts';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" data-counter={name} onClick={() => setN(n + 1)}>
      {n}
    </button>
  );
}

function route(meta: Omit<AppRoute, 'load'>, name: string): RouteObject {
  const handle: RouteHandle = { title: meta.title, route: { ...meta, load: () => Promise.resolve({ default: () => <Counter name={name} /> }) } };
  return { path: meta.path, handle, element: <Counter name={name} /> };
}

let root: Root | null = null;
let host: HTMLElement;

async function render(path: string) {
  const { container, world } = createHeadlessCore({ withFakeApi: false });
  world.http.route('GET', '/api/home/GetActivity', () => ({ body: { ret: 200, msg: '成功', data: null } }));
  bindUi(container);
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          route({ path: '/', title: '首页', tabBar: true, cacheable: true, depth: 0 }, 'home'),
          route({ path: '/rank', title: '热播榜', tabBar: true, cacheable: true, depth: 0 }, 'rank'),
          route({ path: '/user', title: '我的', tabBar: true, depth: 0 }, 'user'),
          route({ path: '/plain', title: '普通页', depth: 2 }, 'plain'),
          route({ path: '/own-title', title: '自定标题', noTitle: true, depth: 1 }, 'own'),
        ],
      },
    ],
    { initialEntries: [path] },
  );
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<ContainerProvider container={container}>{<RouterProvider router={router} />}</ContainerProvider>));
  const go = (to: string) => act(async () => void (await router.navigate(to)));
  return { router, go, world };
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host.remove();
});

const counter = (name: string) => host.querySelector<HTMLButtonElement>(`[data-counter="${name}"]`);
const shown = () => host.querySelector('.page-slot:not([hidden])');
const tap = (element: Element | null) => act(() => (element as HTMLElement).click());

describe('AppShell', () => {
  it('shows the tab bar on tab pages only and sets the title, except where the route has noTitle', async () => {
    const { go } = await render('/');
    expect(host.querySelectorAll('.tab-bar button')).toHaveLength(5);
    expect(document.title).toBe('首页 - 奇遇视频');
    await go('/plain');
    expect(host.querySelector('.tab-bar')).toBeNull();
    expect(document.title).toBe('普通页 - 奇遇视频');
    document.title = 'mine';
    await go('/own-title');
    expect(document.title).toBe('mine');
  });

  it('keeps cacheable pages mounted with their state; others remount', async () => {
    const { go } = await render('/');
    await tap(counter('home'));
    await tap(counter('home'));
    await go('/user');
    await tap(counter('user'));
    expect(counter('home')?.closest('.page-slot')?.hasAttribute('hidden')).toBe(true);
    await go('/');
    expect(counter('home')?.textContent).toBe('2');
    expect(counter('user')).toBeNull();
    await go('/user');
    expect(counter('user')?.textContent).toBe('0');
  });

  it('slides left going deeper, right coming back, not between root pages', async () => {
    const { go } = await render('/');
    await go('/rank');
    expect(shown()?.className).toBe('page-slot');
    await go('/plain');
    expect(shown()?.className).toContain('page-slot--slide-left');
    await go('/own-title');
    expect(shown()?.className).toContain('page-slot--slide-right');
    await go('/');
    expect(shown()?.className).toContain('page-slot--slide-right');
    await go('/rank');
    expect(shown()?.className).toBe('page-slot');
  });

  it('switches tabs through the tab bar (the Navigator port) and marks the active one', async () => {
    const { go, world } = await render('/');
    expect(host.querySelector('[aria-current="page"]')?.getAttribute('data-tab')).toBe('home');
    await tap(host.querySelector('[data-tab="rank"]'));
    expect(world.navigator.entries().map((e) => e.path)).toEqual(['/rank']);
    await go('/rank');
    expect(host.querySelector('[aria-current="page"]')?.getAttribute('data-tab')).toBe('rank');
  });
});

describe('touch guard', () => {
  const touch = (type: string, touches: number, timeStamp = 0, x = 100) => {
    const event = new Event(type, { cancelable: true });
    Object.defineProperty(event, 'touches', { value: { length: touches } });
    Object.defineProperty(event, 'changedTouches', { value: [{ clientX: x, clientY: 300 }] });
    Object.defineProperty(event, 'timeStamp', { value: timeStamp });
    return event;
  };

  it('cancels multi-touch starts, double taps within 300 ms at one place and gesture events', () => {
    const target = new EventTarget();
    const remove = installTouchGuard(target);
    const one = touch('touchstart', 1);
    const two = touch('touchstart', 2);
    target.dispatchEvent(one);
    target.dispatchEvent(two);
    expect([one.defaultPrevented, two.defaultPrevented]).toEqual([false, true]);
    const ends = [touch('touchend', 0, 1000), touch('touchend', 0, 1250), touch('touchend', 0, 1600), touch('touchend', 0, 1700, 250)];
    for (const end of ends) target.dispatchEvent(end);
    // The last one is quick but on another control 150 px away: a second tap, not a double tap.
    expect(ends.map((e) => e.defaultPrevented)).toEqual([false, true, false, false]);
    const gesture = new Event('gesturestart', { cancelable: true });
    target.dispatchEvent(gesture);
    expect(gesture.defaultPrevented).toBe(true);
    remove();
    const after = touch('touchstart', 2);
    target.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });

  it('marks <html> on iOS below 15 only', () => {
    const html = document.documentElement;
    markLowIos(html, 'Mozilla/5.0 (iPhone; CPU iPhone OS 14_4 like Mac OS X) AppleWebKit/605.1.15 Version/14.0 Safari/604.1');
    expect(html.classList.contains(IOS_LOW_CLASS)).toBe(true);
    markLowIos(html, 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 Version/16.0 Safari/604.1');
    expect(html.classList.contains(IOS_LOW_CLASS)).toBe(false);
  });
});
